import { BREACH_MESSAGES } from '@portal/shared';
import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** "2 days 3 h", "5 h 12 min", "40 min": how long, in the two largest units that matter. */
export function durationWords(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'} ${hours} h`;
  if (hours > 0) return `${hours} h ${rest} min`;
  return `${rest} min`;
}

export type BreachClockState = { tone: 'ok' | 'late' | 'done'; text: string };

/**
 * The 72 hours from discovery (docs/decisions/069): time left, or overdue by how long, until
 * both the NPC and the people affected are told (or the breach is closed); then whether in time.
 */
export function breachClockState(
  breach: { notify_by: string; closed_at: string | null },
  notifiedAt: { npc: string | null; people: string | null },
  now: number,
): BreachClockState {
  const due = new Date(breach.notify_by).getTime();
  if (notifiedAt.npc && notifiedAt.people) {
    const last = Math.max(new Date(notifiedAt.npc).getTime(), new Date(notifiedAt.people).getTime());
    return last <= due
      ? { tone: 'done', text: BREACH_MESSAGES.clockDone }
      : { tone: 'late', text: BREACH_MESSAGES.clockLate };
  }
  if (breach.closed_at) return { tone: 'done', text: BREACH_MESSAGES.statusClosed };
  return now <= due
    ? { tone: 'ok', text: BREACH_MESSAGES.clockLeft(durationWords(due - now)) }
    : { tone: 'late', text: BREACH_MESSAGES.clockOverdue(durationWords(now - due)) };
}

/** Now, to the minute: the clocks on the screen move without a reload. */
export function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS / 2);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const toneClasses = {
  ok: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  late: 'bg-red-50 text-red-800 ring-red-600/30',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
} as const;

export function BreachClock({ state, large = false }: { state: BreachClockState; large?: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full font-semibold ring-1 ring-inset ${toneClasses[state.tone]} ${
        large ? 'px-4 py-1.5 text-base' : 'px-2.5 py-0.5 text-xs'
      }`}
    >
      {state.text}
    </span>
  );
}
