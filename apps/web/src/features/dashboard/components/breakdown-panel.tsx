import { formatCount } from '@portal/shared';
import { FigureLink } from './figure-link';

export type BreakdownRow = { label: string; value: number; to: string | null };

/** A titled list of counts with bars proportional to the largest, each row linking to its list. */
export function BreakdownPanel({ title, rows }: { title: string; rows: readonly BreakdownRow[] }) {
  const largest = Math.max(1, ...rows.map((row) => row.value));
  return (
    <section aria-label={title} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-base text-stone-900">{title}</h2>
      <ul className="mt-4 space-y-1">
        {rows.map((row) => (
          <li key={row.label}>
            <FigureLink to={row.to} className="-mx-2 block rounded-lg border border-transparent px-2 py-1.5">
              <span className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-stone-700">{row.label}</span>
                <span className="font-semibold text-stone-900 tabular-nums">{formatCount(row.value)}</span>
              </span>
              <span aria-hidden="true" className="mt-1.5 block h-1.5 rounded-full bg-stone-100">
                <span
                  className="block h-full rounded-full bg-brand-500"
                  style={{ width: `${(row.value / largest) * 100}%` }}
                />
              </span>
            </FigureLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
