import {
  type EventSummary,
  formatCentavos,
  formatDate,
  formatPesos,
  formatTime,
  isSitePath,
  viewerPriceOf,
} from '@portal/shared';
import { ArrowRight, CalendarDays, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { paths } from '@/config/paths';
import { useViewerInGoodStanding } from '../api/viewer-standing';
import { EventBannerFallback } from './event-banner-fallback';

function EventMeta({ event }: { event: EventSummary }) {
  const time = formatTime(event.start_time);
  const place = [event.location_name, event.city].filter(Boolean).join(', ');
  return (
    <ul className="space-y-2 text-sm text-stone-600">
      <li className="flex items-center gap-2.5">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
        {formatDate(event.start_date)}
      </li>
      {time && (
        <li className="flex items-center gap-2.5">
          <Clock aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
          {time}
        </li>
      )}
      {place && (
        <li className="flex items-center gap-2.5">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
          {place}
        </li>
      )}
    </ul>
  );
}

/**
 * The price a card shows (docs/product-rules.md "Event prices"): with member or guest tiers, the
 * rate the viewer would pay (a guest's with the member rate beside it); otherwise, with tiers, their
 * one amount, or 'From' the lowest when they differ (who pays which is known only at registration; 'Free to' the
 * highest when some pay nothing); without tiers, the listed price.
 */
export function eventPriceText(
  event: Pick<EventSummary, 'price' | 'price_range'>,
  viewer: { goodStanding: boolean } = { goodStanding: false },
) {
  const range = event.price_range;
  if (!range) return formatPesos(event.price);
  // The rate this viewer would pay, and for anyone but a member in good standing the member rate
  // beside it (decision 074).
  const own = viewerPriceOf(range, viewer);
  if (own) {
    const pays = own.pays === 0 ? 'Free' : formatCentavos(own.pays);
    return own.memberRate === null
      ? pays
      : `${pays} · Members ${own.memberRate === 0 ? 'free' : formatCentavos(own.memberRate)}`;
  }
  if (range.highest === 0) return 'Free';
  if (range.lowest === range.highest) return formatCentavos(range.lowest);
  return range.lowest === 0
    ? `Free to ${formatCentavos(range.highest)}`
    : `From ${formatCentavos(range.lowest)}`;
}

/** The card's price for whoever is looking. */
function EventPrice({ event, className }: { event: EventSummary; className: string }) {
  const goodStanding = useViewerInGoodStanding();
  return <span className={className}>{eventPriceText(event, { goodStanding })}</span>;
}

function TypeBadge({ type }: { type: string }) {
  return (
    <span className="inline-flex self-start rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800 text-xs ring-1 ring-brand-100">
      {type}
    </span>
  );
}

/** Shown once the event page exists (SITE_ROUTES in packages/shared): no link to a missing page. */
function ViewEventLink({
  event,
  className = '',
  text = 'View Event',
}: {
  event: EventSummary;
  className?: string;
  text?: string;
}) {
  if (!isSitePath(paths.eventDetail(event.id))) return null;
  return (
    <Link to={paths.eventDetail(event.id)} className={className}>
      {text}
      <span className="sr-only">: {event.title}</span>
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** The first upcoming event, large: banner beside the text on wide screens. */
export function FeaturedEventCard({ event }: { event: EventSummary }) {
  return (
    <article className="grid overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm lg:grid-cols-5">
      <ImageWithFallback
        src={event.banner_image_url}
        alt=""
        loading="lazy"
        className="aspect-[16/10] size-full object-cover lg:col-span-3 lg:aspect-auto lg:min-h-96"
        fallback={
          <EventBannerFallback
            event={event}
            className="aspect-[16/10] lg:col-span-3 lg:aspect-auto lg:min-h-96"
          />
        }
      />
      <div className="flex flex-col p-6 sm:p-8 lg:col-span-2 lg:p-10">
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-semibold text-accent-700 text-xs uppercase tracking-widest">Featured</span>
          <TypeBadge type={event.event_type} />
        </div>
        <h3 className="mt-4 font-display font-semibold text-2xl text-stone-900 leading-snug sm:text-3xl">
          {event.title}
        </h3>
        {event.description && (
          <p className="mt-3 line-clamp-3 text-stone-600 leading-relaxed">{event.description}</p>
        )}
        <div className="mt-6">
          <EventMeta event={event} />
        </div>
        <div className="mt-auto flex items-center justify-between gap-4 pt-8">
          <EventPrice event={event} className="font-semibold text-lg text-stone-900" />
          <ViewEventLink event={event} className={buttonClasses({ variant: 'primary' })} />
        </div>
      </div>
    </article>
  );
}

/**
 * An event in a grid of cards, with the start of its description (spec 000 §3's event summary);
 * the public list's link reads 'View More' (spec 001 §2). On /events
 * the cards sit right under the page's h1, so they are h2 there (headings go down one at a time).
 * Its banner loads lazily, but for the first card of a list, whose banner is the largest thing
 * the page paints on a phone (`imageLoading="eager"`).
 */
export function EventCard({
  event,
  linkText,
  headingLevel = 3,
  imageLoading = 'lazy',
}: {
  event: EventSummary;
  linkText?: string;
  headingLevel?: 2 | 3;
  imageLoading?: 'lazy' | 'eager';
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm sm:flex-row">
      <ImageWithFallback
        src={event.banner_image_url}
        alt=""
        loading={imageLoading}
        className="aspect-[16/9] w-full object-cover sm:aspect-auto sm:w-2/5"
        fallback={
          <EventBannerFallback event={event} className="aspect-[16/9] w-full sm:aspect-auto sm:w-2/5" />
        }
      />
      <div className="flex flex-1 flex-col p-6">
        <TypeBadge type={event.event_type} />
        <Heading className="mt-3 font-display font-semibold text-stone-900 text-xl leading-snug">
          {event.title}
        </Heading>
        {event.description && (
          <p className="mt-2 line-clamp-2 text-sm text-stone-600 leading-relaxed">{event.description}</p>
        )}
        <div className="mt-4">
          <EventMeta event={event} />
        </div>
        <div className="mt-auto flex items-center justify-between gap-4 pt-6">
          <EventPrice event={event} className="font-semibold text-stone-900" />
          <ViewEventLink
            event={event}
            text={linkText}
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 text-sm hover:text-brand-900"
          />
        </div>
      </div>
    </article>
  );
}
