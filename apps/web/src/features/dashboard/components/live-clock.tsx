import { formatClockTime, formatWeekdayDate } from '@portal/shared';
import { Clock } from 'lucide-react';
import { useEffect, useState } from 'react';

/**
 * spec 001 §2 "Admin dashboard": a live clock, in Manila time like every date on the site. It
 * ticks silently: a clock announced every second would drown a screen reader.
 */
export function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1_000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 shadow-sm">
      <Clock aria-hidden="true" className="size-5 text-brand-600" />
      <div className="leading-tight">
        <time dateTime={now.toISOString()} className="block font-semibold text-stone-900 tabular-nums">
          {formatClockTime(now)}
        </time>
        <span className="text-sm text-stone-600">{formatWeekdayDate(now)} · Manila</span>
      </div>
    </div>
  );
}
