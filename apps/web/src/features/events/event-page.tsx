import {
  EVENT_MESSAGES,
  type EventDetail,
  eventPlaceLines,
  formatCentavos,
  formatDate,
  formatPesos,
  formatTime,
  googleCalendarLink,
  manilaDateString,
  sitePaths,
} from '@portal/shared';
import {
  ArrowLeft,
  Award,
  Building2,
  CalendarDays,
  CalendarPlus,
  CalendarX,
  Clock,
  Download,
  ExternalLink,
  Globe,
  HardHat,
  MapPin,
  Phone,
  Ticket,
  Users,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { RichTextContent } from '@/components/rich-text/rich-text-content';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { InitialsTile } from '@/components/ui/initials-tile';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { loginPathReturningTo } from '@/lib/return-path';
import { useIsLoggedIn } from '@/lib/session-store';
import { eventQueryOptions, useEvent } from './api/get-event';
import { EventBannerFallback } from './components/event-banner-fallback';

// Only a signed-in member registers, withdraws, picks a tier or waits for a seat: a guest's page
// (what the server renders, and the first load the JavaScript budget counts) goes without that
// part, its mutations and the tier picker's form fields.
const MemberRegistration = lazy(() =>
  import('./components/member-registration').then((m) => ({ default: m.MemberRegistration })),
);

function BackToEvents({ asButton = false }: { asButton?: boolean }) {
  return (
    <Link
      to={paths.events}
      className={
        asButton
          ? buttonClasses({ variant: 'primary' })
          : 'inline-flex items-center gap-1.5 font-semibold text-brand-700 text-sm hover:text-brand-900'
      }
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Events
    </Link>
  );
}

/** The event /events/{id} shows, fetched before the server renders it. */
export const prefetchEventPage: PagePrefetch = ({ queryClient, params, reads }) =>
  queryClient.fetchQuery(eventQueryOptions(params.id ?? '', reads.getEvent));

/**
 * /events/{id} (spec 001 §2, §8; docs/product-rules.md "Events"): the banner with the status badge,
 * every detail the event has, its speakers, the sanitised content, and registration for members.
 */
export function EventPage() {
  const { id = '' } = useParams();
  const event = useEvent(id);

  if (event.isPending) return <EventPageSkeleton />;
  if (event.isError || !event.data) {
    // spec 001 §8: a 404 (or an answer without an event) is 'Event not found', anything else 'Failed to load event'.
    const notFound =
      !event.data &&
      (!(event.error instanceof ApiError) || event.error.status === 404 || event.error.status === 400);
    const message = event.isError && !notFound ? EVENT_MESSAGES.loadFailed : EVENT_MESSAGES.notFound;
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 pt-28 pb-16 text-center">
        <h1 className="font-display font-semibold text-3xl text-stone-900">{message}</h1>
        <div className="mt-8">
          <BackToEvents asButton />
        </div>
      </div>
    );
  }
  return <EventDetails event={event.data} />;
}

function EventDetails({ event }: { event: EventDetail }) {
  const time = [formatTime(event.start_time), formatTime(event.end_time)].filter(Boolean).join(' – ');
  const dates =
    event.end_date && event.end_date !== event.start_date
      ? `${formatDate(event.start_date)} – ${formatDate(event.end_date)}`
      : formatDate(event.start_date);
  const place = eventPlaceLines(event);
  const capacity = event.max_attendees ?? event.max_participants;

  return (
    <article>
      <header className="relative isolate bg-brand-950 pt-24 text-white">
        <ImageWithFallback
          src={event.banner_image_url}
          alt=""
          className="absolute inset-0 -z-10 size-full object-cover opacity-35"
          fallback={<EventBannerFallback event={event} className="absolute inset-0 -z-10 opacity-60" />}
        />
        <div className="mx-auto max-w-5xl px-4 pt-8 pb-10 sm:px-6 sm:pb-12 lg:px-8">
          <Link
            to={paths.events}
            className="inline-flex items-center gap-1.5 font-semibold text-sm text-white/90 hover:text-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Events
          </Link>
          <div className="mt-6 flex flex-wrap items-center gap-2">
            {/* A published event is what every visitor expects: only a cancelled one (or, for the
                secretariat, a draft) says what it is (docs/product-rules.md "Events"). */}
            {event.status !== 'published' && (
              <StatusBadge tone={toneOfStatus(event.status)}>{event.status}</StatusBadge>
            )}
            <span className="inline-flex rounded-full bg-white/15 px-2.5 py-0.5 font-medium text-white text-xs ring-1 ring-white/30">
              {event.event_type}
            </span>
          </div>
          <h1 className="mt-4 max-w-3xl font-display font-semibold text-3xl text-white leading-tight sm:text-5xl">
            {event.title}
          </h1>
        </div>
      </header>

      {/*
        The key facts come first (docs/product-rules.md "Events"): on a phone, above the
        description; on wider screens, in the side card beside it. The other details follow
        the description on a phone and sit under the key facts on wider screens.
      */}
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:items-start lg:gap-x-10 lg:py-12 lg:px-8">
        <aside aria-label="Key facts" className="space-y-4 lg:col-start-3 lg:row-start-1">
          <dl className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 text-sm">
            <Detail icon={<CalendarDays />} label="Date">
              {dates}
            </Detail>
            {time && (
              <Detail icon={<Clock />} label="Time">
                {time}
              </Detail>
            )}
            {place.length > 0 && (
              <Detail icon={<MapPin />} label="Location">
                {place.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </Detail>
            )}
            <Detail icon={<Ticket />} label="Price">
              {event.price_tiers.length > 0 ? (
                <ul>
                  {event.price_tiers.map((tier) => (
                    <li key={tier.id}>
                      {tier.name}: {tier.amount === 0 ? 'Free' : formatCentavos(tier.amount)}
                    </li>
                  ))}
                </ul>
              ) : (
                formatPesos(event.price)
              )}
            </Detail>
          </dl>
          <RegistrationPanel event={event} capacity={capacity} />
          {event.status === 'published' && <AddToCalendar event={event} />}
        </aside>

        <div className="space-y-10 lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {event.description && <p className="text-lg text-stone-800 leading-relaxed">{event.description}</p>}
          {event.content && (
            <section aria-labelledby="about-event">
              <h2 id="about-event" className="mb-4 font-display font-semibold text-2xl text-stone-900">
                About this event
              </h2>
              <RichTextContent html={event.content} />
            </section>
          )}
          {event.speakers.length > 0 && (
            <section aria-labelledby="speakers">
              <h2 id="speakers" className="mb-4 font-display font-semibold text-2xl text-stone-900">
                Speakers
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2">
                {event.speakers.map((speaker) => (
                  <li
                    key={speaker.id}
                    className="flex items-center gap-4 rounded-xl border border-stone-200 bg-white p-4"
                  >
                    <ImageWithFallback
                      src={speaker.image_url}
                      alt=""
                      loading="lazy"
                      className="size-16 shrink-0 rounded-full object-cover"
                      fallback={
                        <InitialsTile name={speaker.name} className="size-16 shrink-0 rounded-full" />
                      }
                    />
                    <div>
                      <p className="font-semibold text-stone-900">{speaker.name}</p>
                      {speaker.title && <p className="text-sm text-stone-600">{speaker.title}</p>}
                      {speaker.company && <p className="text-sm text-stone-600">{speaker.company}</p>}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="hidden lg:block">
            <BackToEvents />
          </div>
        </div>

        <aside aria-label="Event details" className="lg:col-start-3 lg:row-start-2">
          <dl className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 text-sm">
            {event.organizer_name && (
              <Detail icon={<Building2 />} label="Organizer">
                {event.organizer_name}
              </Detail>
            )}
            {event.organizer_contact && (
              <Detail icon={<Phone />} label="Contact">
                {event.organizer_contact}
              </Detail>
            )}
            {capacity !== null && (
              <Detail icon={<Users />} label="Capacity">
                {capacity} {capacity === 1 ? 'attendee' : 'attendees'}
              </Detail>
            )}
            {event.safety_focus && (
              <Detail icon={<HardHat />} label="Safety focus">
                {event.safety_focus}
              </Detail>
            )}
            <Detail icon={<Award />} label="Certification">
              {event.certification_provided ? 'Certification provided' : 'No certification'}
            </Detail>
            {event.website_url && (
              <Detail icon={<Globe />} label="Website">
                <a
                  href={event.website_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="break-all font-medium text-brand-700 underline hover:text-brand-900"
                >
                  {event.website_url}
                </a>
              </Detail>
            )}
          </dl>
        </aside>
        <div className="lg:hidden">
          <BackToEvents />
        </div>
      </div>
    </article>
  );
}

/**
 * 'Add to calendar' (docs/product-rules.md "Events"): the event's .ics file from the server, and
 * Google Calendar's form filled in from the same times (packages/shared event-calendar.ts). The
 * link back to the page needs the site's address, known only in the browser: the server's render
 * and the first one here leave it out, so the two agree.
 */
function AddToCalendar({ event }: { event: EventDetail }) {
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const linkClasses =
    'inline-flex items-center gap-2 font-semibold text-brand-700 text-sm underline-offset-2 hover:text-brand-900 hover:underline';
  return (
    <section aria-labelledby="add-to-calendar" className="rounded-2xl border border-stone-200 bg-white p-6">
      <h2 id="add-to-calendar" className="flex items-center gap-2 font-semibold text-stone-900">
        <CalendarPlus aria-hidden="true" className="size-4 text-brand-600" />
        Add to calendar
      </h2>
      <ul className="mt-3 space-y-2">
        <li>
          <a href={`${sitePaths.eventDetail(event.id)}.ics`} download className={linkClasses}>
            <Download aria-hidden="true" className="size-4" />
            Download .ics file
          </a>
        </li>
        <li>
          <a
            href={googleCalendarLink(event, `${origin}${sitePaths.eventDetail(event.id)}`)}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClasses}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Google Calendar
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </section>
  );
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // A <dl>'s groups may hold only <dt> and <dd>: the icon goes inside the term.
  return (
    <div>
      <dt className="flex items-center gap-3 font-semibold text-stone-900">
        <span aria-hidden="true" className="shrink-0 text-brand-600 [&>svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="pl-7 text-stone-700">{children}</dd>
    </div>
  );
}

/**
 * Registration (docs/product-rules.md "Event registration" and "Waitlist"): an external link when
 * the event has one; otherwise, for an event that requires it, the seats left and why it is closed,
 * and a guest is asked to log in. A signed-in member registers here, sees their status and can
 * withdraw; when the event is full they may join its waitlist, see their place, and register when a
 * seat is offered to them (components/member-registration.tsx).
 */
function RegistrationPanel({ event, capacity }: { event: EventDetail; capacity: number | null }) {
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!event.is_registration_required && !event.registration_url) return null;

  const waitlist = event.my_waitlist;
  // The seat an offer holds is the offered person's own.
  const full = capacity !== null && event.seats_taken >= capacity && waitlist?.state !== 'offered';
  const seatsLeft = capacity === null ? null : Math.max(0, capacity - event.seats_taken);
  // Why no one can register or withdraw any more, in the server's words (registrations.ts): a
  // cancelled event, or one that has started (the server refuses it; the page says so first).
  const closed =
    event.status === 'cancelled'
      ? EVENT_MESSAGES.cancelled
      : event.start_date < manilaDateString()
        ? EVENT_MESSAGES.past
        : null;
  const open = event.status === 'published' && closed === null;
  const closedNotice = closed && (
    <p className="flex items-start gap-2 font-medium text-stone-900">
      <CalendarX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-stone-600" />
      {closed}
    </p>
  );

  return (
    <section aria-labelledby="registration" className="rounded-2xl border border-brand-200 bg-brand-50 p-6">
      <h2 id="registration" className="font-display font-semibold text-stone-900 text-xl">
        Registration
      </h2>
      {event.registration_url ? (
        <a
          href={event.registration_url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: 'primary', className: 'mt-4 w-full' })}
        >
          Register on the organizer’s site
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      ) : (
        <div className="mt-3 space-y-4 text-sm text-stone-700">
          {seatsLeft !== null && open && waitlist?.state !== 'offered' && (
            <p>
              {full ? 'This event is full.' : `${seatsLeft} of ${capacity} seats left.`}
              {full && event.waitlist_count > 0 && ` ${event.waitlist_count} waiting for a seat.`}
            </p>
          )}
          {isLoggedIn ? (
            // While it loads, a block as tall as the button a guest sees in its place.
            <Suspense fallback={<Skeleton className="h-11 w-full" />}>
              <MemberRegistration event={event} open={open} full={full} closedNotice={closedNotice} />
            </Suspense>
          ) : (
            <>
              {closedNotice}
              {open && (
                <Link
                  to={loginPathReturningTo(location.pathname)}
                  className={buttonClasses({ variant: 'primary', className: 'w-full' })}
                >
                  {full ? 'Log in to join the waitlist' : 'Log in to register'}
                </Link>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}

function EventPageSkeleton() {
  return (
    <div role="status" aria-label="Loading event">
      <div className="bg-brand-950 pt-32 pb-12">
        <div className="mx-auto max-w-5xl space-y-4 px-4 sm:px-6 lg:px-8">
          <Skeleton className="h-5 w-32 bg-white/20" />
          <Skeleton className="h-10 w-2/3 bg-white/20" />
          <Skeleton className="h-5 w-1/2 bg-white/20" />
        </div>
      </div>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="space-y-3 lg:col-span-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
        <Skeleton className="h-72 w-full" />
      </div>
    </div>
  );
}
