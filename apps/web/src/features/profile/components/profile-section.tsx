import type { ReactNode } from 'react';

/** One card of the profile page, with its heading and an optional action beside it. */
export function ProfileSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="font-display font-semibold text-stone-900 text-xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A label and its value; a missing value says so instead of leaving a gap. */
export function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="font-medium text-sm text-stone-600">{label}</dt>
      <dd className="text-stone-900 [overflow-wrap:anywhere]">
        {value === null || value === undefined || value === '' ? (
          <span className="text-stone-500">Not provided</span>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
