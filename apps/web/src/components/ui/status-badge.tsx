import type { ReactNode } from 'react';

/**
 * The colours spec 001 §4 gives statuses (published green, draft yellow, cancelled red), plus
 * neutral and blue for the rest. Every pair keeps AA contrast.
 */
const tones = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  red: 'bg-red-50 text-red-800 ring-red-600/25',
  blue: 'bg-sky-50 text-sky-800 ring-sky-600/25',
  gray: 'bg-stone-100 text-stone-700 ring-stone-500/25',
} as const;
export type StatusTone = keyof typeof tones;

/** The tone of each status the data model has (events, news, registrations, memberships, users, dues). */
const statusTones: Record<string, StatusTone> = {
  published: 'green',
  approved: 'green',
  active: 'green',
  draft: 'yellow',
  pending: 'yellow',
  cancelled: 'red',
  rejected: 'red',
  inactive: 'gray',
  archived: 'gray',
  expired: 'gray',
  awaiting_payment: 'yellow',
  overdue: 'red',
  lapsed: 'red',
  queued: 'yellow',
  sent: 'green',
  failed: 'red',
  issued: 'blue',
  partly_paid: 'yellow',
  paid: 'green',
  void: 'gray',
  submitted: 'yellow',
  recorded: 'green',
  held: 'yellow',
};

export const toneOfStatus = (status: string): StatusTone => statusTones[status] ?? 'gray';

/** A status in a pill; a raw status ('pending') is capitalised, a sentence (`asWritten`) kept as it is. */
export function StatusBadge({
  tone,
  asWritten = false,
  children,
}: {
  tone: StatusTone;
  asWritten?: boolean;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset ${asWritten ? '' : 'capitalize'} ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
