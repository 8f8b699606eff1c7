import { isSitePath } from '@portal/shared';
import { SectionEmptyState } from '@/components/ui/section-empty-state';
import { SectionHeading } from '@/components/ui/section-heading';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useUpcomingEvents } from '../api/get-upcoming-events';
import { EventCard, FeaturedEventCard } from './event-cards';

/** spec 000 §2 "Upcoming events", on the home page: the first featured large, the rest in a grid. */
export function UpcomingEventsSection() {
  // A failed call leaves no data and reads as an empty list.
  const { data: list = [], isPending } = useUpcomingEvents();
  const [featured, ...others] = list;

  return (
    <section aria-labelledby="events-title" className="below-the-fold bg-stone-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="events-title"
          eyebrow="Events"
          title="Upcoming Events"
          intro="Conferences, technical workshops and our monthly meetings: where the exploration community meets."
          action={isSitePath(paths.events) ? { label: 'View All Events', to: paths.events } : undefined}
        />
        <div className="mt-12">
          {isPending ? (
            <EventsSkeleton />
          ) : !featured ? (
            <SectionEmptyState text="No upcoming events available" />
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
