import { type EventSummary, formatMonthYear } from '@portal/shared';
import { ContourLines } from '@/components/ui/contour-lines';

/**
 * What an event without a banner (or with a broken one) shows: its date on the site's
 * topographic pattern, so the card still reads as designed rather than as a missing image.
 */
export function EventBannerFallback({
  event,
  className = '',
}: {
  event: Pick<EventSummary, 'start_date'>;
  className?: string;
}) {
  // start_date is a calendar date ('2026-03-12'), shown as that day.
  const monthYear = formatMonthYear(event.start_date);
  const day = Number(event.start_date.slice(8, 10));

  return (
    <div
      aria-hidden="true"
      className={`relative isolate flex items-center justify-center overflow-hidden bg-[linear-gradient(150deg,#0f2f2a,#1d524a)] ${className}`}
    >
      <ContourLines className="absolute top-1/2 left-1/2 -z-10 h-[180%] -translate-x-1/2 -translate-y-1/2 text-brand-300/25" />
      {monthYear && (
        <div className="rounded-2xl border border-white/15 bg-brand-950/40 px-6 py-4 text-center backdrop-blur-sm">
          <span className="block font-display font-semibold text-5xl text-white leading-none">{day}</span>
          <span className="mt-2 block font-semibold text-accent-200 text-xs uppercase tracking-widest">
            {monthYear}
          </span>
        </div>
      )}
    </div>
  );
}
