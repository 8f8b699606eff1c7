import { EVENT_MESSAGES, EVENT_TYPES, EVENTS_FEED_PATH, PAGE_SIZES } from '@portal/shared';
import { CalendarPlus, SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { SearchField } from '@/components/admin-list/list-toolbar';
import {
  readPublicListParams,
  useDropRefusedParams,
  useKeepPageInRange,
  usePublicListParams,
} from '@/components/admin-list/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { PublicPagination } from '@/components/ui/pagination';
import { SectionEmptyState } from '@/components/ui/section-empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { publicEventsParams, publicEventsQueryOptions, usePublicEvents } from './api/get-events';
import { EventCard } from './components/event-cards';

const controlClasses =
  'h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-stone-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/** The list /events shows for its address, fetched before the server renders it. */
export const prefetchEventsPage: PagePrefetch = ({ queryClient, search, reads }) =>
  queryClient.fetchQuery(
    publicEventsQueryOptions(readPublicListParams(publicEventsParams, search), reads.listEvents),
  );

/**
 * /events (spec 001 §2, §9): a grid of published events with search (300 ms), type and
 * registration filters, 8 a page, all in the address so a filtered list can be shared. On phones
 * the filters fold behind a Filters toggle.
 */
export function EventsPage() {
  const list = usePublicListParams(publicEventsParams);
  const events = usePublicEvents(list.query);
  const droppingRefused = useDropRefusedParams(list, events.error);
  // spec 001 §8: a failed list shows as empty.
  const page = events.isError ? undefined : events.data;
  useKeepPageInRange(list, page);
  useEffect(() => {
    if (events.isError && !droppingRefused) console.error('Failed to load events', events.error);
  }, [events.isError, events.error, droppingRefused]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  return (
    <>
      <PageHeader
        eyebrow="Events"
        title="Events and Trainings"
        intro={
          <>
            <p>
              Monthly meetings, the annual forum, and trainings with certification for the exploration
              community.
            </p>
            <CalendarSubscription />
          </>
        }
      />
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <section aria-label="Find events" className="mb-10">
          <WhenSwitch
            past={list.query.when === 'past'}
            onChange={(past) => list.setParams({ when: past ? 'past' : undefined })}
          />
          <div className="mt-5 flex items-end gap-3">
            <div className="flex-1">
              <SearchField
                label="Search events"
                placeholder="Search by title, organizer or location"
                value={list.query.search}
                onSearch={(search) => list.setParams({ search })}
              />
            </div>
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
              className="inline-flex h-11 shrink-0 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 font-medium text-stone-800 text-sm shadow-sm sm:hidden"
            >
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              Filters
            </button>
          </div>
          <div
            id={filtersId}
            className={`${filtersOpen ? 'grid' : 'hidden'} mt-3 gap-3 sm:grid sm:grid-cols-2`}
          >
            <label className="block">
              <span className="mb-1.5 block font-medium text-sm text-stone-800">Event type</span>
              <select
                className={controlClasses}
                value={list.query.event_type ?? ''}
                onChange={(event) => list.setParams({ event_type: event.target.value || undefined })}
              >
                <option value="">All Types</option>
                {EVENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </label>
            <label className="block">
              <span className="mb-1.5 block font-medium text-sm text-stone-800">Registration</span>
              <select
                className={controlClasses}
                value={list.query.is_registration_required ?? ''}
                onChange={(event) =>
                  list.setParams({ is_registration_required: event.target.value || undefined })
                }
              >
                <option value="">All Events</option>
                <option value="true">Registration Required</option>
                <option value="false">No Registration Required</option>
              </select>
            </label>
          </div>
        </section>

        {events.isPending || droppingRefused ? (
          <EventSkeletons />
        ) : !page || page.events.length === 0 ? (
          <SectionEmptyState text={EVENT_MESSAGES.listEmpty} />
        ) : (
          <ul className="grid gap-6 lg:grid-cols-2" aria-label="Events">
            {page.events.map((event, index) => (
              <li key={event.id} className="flex">
                <div className="w-full">
                  <EventCard
                    event={event}
                    linkText="View More"
                    headingLevel={2}
                    imageLoading={index === 0 ? 'eager' : 'lazy'}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}

        {page && (
          <div className="mt-10">
            <PublicPagination
              page={page.page}
              totalPages={page.totalPages}
              onPageChange={(number) => {
                list.setPage(number);
                window.scrollTo({ top: 0 });
              }}
              label="Events pages"
            />
          </div>
        )}
      </div>
    </>
  );
}

/**
 * 'Upcoming' (the default, left out of the address) or 'Past events' (`?when=past`;
 * docs/product-rules.md "Events").
 */
function WhenSwitch({ past, onChange }: { past: boolean; onChange: (past: boolean) => void }) {
  const option = (selected: boolean) =>
    `h-10 rounded-md px-4 font-medium text-sm transition-colors ${
      selected ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-700 hover:text-stone-900'
    }`;
  return (
    <fieldset aria-label="Which events" className="inline-flex gap-1 rounded-lg bg-stone-100 p-1">
      <button type="button" aria-pressed={!past} className={option(!past)} onClick={() => onChange(false)}>
        Upcoming
      </button>
      <button type="button" aria-pressed={past} className={option(past)} onClick={() => onChange(true)}>
        Past events
      </button>
    </fieldset>
  );
}

function EventSkeletons() {
  return (
    <div role="status" aria-label="Loading events" className="grid gap-6 lg:grid-cols-2">
      {Array.from({ length: PAGE_SIZES.publicEvents }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
        <div key={index} className="flex overflow-hidden rounded-2xl border border-stone-200 bg-white">
          <Skeleton className="hidden h-56 w-2/5 rounded-none sm:block" />
          <div className="flex-1 space-y-3 p-6">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The feed of upcoming events for a calendar app: `webcal:` opens the subscription dialog of Apple
 * Calendar and Outlook; the https address is what Google Calendar's "From URL" asks for. The
 * address needs the site's host, which only the browser knows, so the server's render shows the
 * https link alone.
 */
function CalendarSubscription() {
  const [feedUrl, setFeedUrl] = useState<string>();
  useEffect(() => setFeedUrl(new URL(EVENTS_FEED_PATH, window.location.origin).href), []);
  const linkClass = 'font-semibold text-white underline underline-offset-4 hover:text-accent-200';
  return (
    <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-base">
      <CalendarPlus aria-hidden="true" className="size-5 text-accent-300" />
      {feedUrl ? (
        <a href={feedUrl.replace(/^https?:/, 'webcal:')} className={linkClass}>
          Subscribe to the calendar
        </a>
      ) : (
        <span>Subscribe to the calendar</span>
      )}
      <a
        href={EVENTS_FEED_PATH}
        className="text-brand-100 text-sm underline underline-offset-4 hover:text-white"
      >
        Feed address (for Google Calendar)
      </a>
    </p>
  );
}
