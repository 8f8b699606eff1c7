import type { EventSummary } from '@portal/shared';
import { ArrowRight, CalendarDays, Clock, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDate, formatPesos, formatTime } from '@/lib/format';
import { useDeferredList } from '@/lib/use-deferred-list';
import { useUpcomingEvents } from '../api/get-upcoming-events';
import { EmptyState } from './empty-state';
import { EventBannerFallback } from './event-banner-fallback';
import { SectionHeading } from './section-heading';

/** spec 000 §2 "Upcoming events": the first featured large, the rest in a grid. */
export function UpcomingEventsSection() {
  const { list, isPending } = useDeferredList(useUpcomingEvents());
  const [featured, ...others] = list;

  return (
    <section aria-labelledby="events-title" className="below-the-fold bg-stone-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="events-title"
          eyebrow="Events"
          title="Upcoming Events"
          intro="Conferences, technical workshops and our monthly meetings: where the exploration community meets."
          action={{ label: 'View All Events', to: paths.events }}
        />
        <div className="mt-12">
          {isPending ? (
            <EventsSkeleton />
          ) : !featured ? (
            <EmptyState text="No upcoming events available" />
          ) : (
            <div className="space-y-6">
              <FeaturedEventCard event={featured} />
              {others.length > 0 && (
                <div className="grid gap-6 md:grid-cols-2">
                  {others.map((event) => (
                    <EventCard key={event.id} event={event} />
                  ))}
                </div>
              )}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

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

function TypeBadge({ type }: { type: string }) {
  return (
    <span className="inline-flex self-start rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800 text-xs ring-1 ring-brand-100">
      {type}
    </span>
  );
}

function ViewEventLink({ event, className = '' }: { event: EventSummary; className?: string }) {
  return (
    <Link to={paths.eventDetail(event.id)} className={className}>
      View Event
      <span className="sr-only">: {event.title}</span>
      <ArrowRight aria-hidden="true" className="size-4" />
    </Link>
  );
}

function FeaturedEventCard({ event }: { event: EventSummary }) {
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
          <span className="font-semibold text-lg text-stone-900">{formatPesos(event.price)}</span>
          <ViewEventLink event={event} className={buttonClasses({ variant: 'primary' })} />
        </div>
      </div>
    </article>
  );
}

function EventCard({ event }: { event: EventSummary }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm sm:flex-row">
      <ImageWithFallback
        src={event.banner_image_url}
        alt=""
        loading="lazy"
        className="aspect-[16/9] w-full object-cover sm:aspect-auto sm:w-2/5"
        fallback={
          <EventBannerFallback event={event} className="aspect-[16/9] w-full sm:aspect-auto sm:w-2/5" />
        }
      />
      <div className="flex flex-1 flex-col p-6">
        <TypeBadge type={event.event_type} />
        <h3 className="mt-3 font-display font-semibold text-stone-900 text-xl leading-snug">{event.title}</h3>
        <div className="mt-4">
          <EventMeta event={event} />
        </div>
        <div className="mt-auto flex items-center justify-between gap-4 pt-6">
          <span className="font-semibold text-stone-900">{formatPesos(event.price)}</span>
          <ViewEventLink
            event={event}
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 text-sm hover:text-brand-900"
          />
        </div>
      </div>
    </article>
  );
}

function EventsSkeleton() {
  return (
    <div className="space-y-6" data-testid="events-skeleton">
      <span className="sr-only" role="status">
        Loading events
      </span>
      <div className="grid overflow-hidden rounded-3xl border border-stone-200 bg-white lg:grid-cols-5">
        <Skeleton className="aspect-[16/10] rounded-none lg:col-span-3 lg:aspect-auto lg:min-h-96" />
        <div className="space-y-4 p-8 lg:col-span-2">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-8 w-4/5" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        {[0, 1].map((key) => (
          <div key={key} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-6">
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    </div>
  );
}
