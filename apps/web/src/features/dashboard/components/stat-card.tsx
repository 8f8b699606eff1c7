import { formatCount } from '@portal/shared';
import type { LucideIcon } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { FigureLink } from './figure-link';

/** A smaller figure under the main one: its own link to the list filtered to it, when there is one. */
export type StatDetail = { key: string; text: string; to: string | null };

type StatCardProps = {
  icon: LucideIcon;
  label: string;
  value: number;
  details: readonly StatDetail[];
  to: string | null;
};

/**
 * One of the dashboard's headline figures. The figure opens its list; each detail figure under it
 * opens its own (docs/product-rules.md "Dashboard": every figure links to the list filtered to it),
 * so the details are links of their own beside the figure's, not inside it.
 */
export function StatCard({ icon: Icon, label, value, details, to }: StatCardProps) {
  return (
    <section aria-label={label} className="rounded-xl border border-stone-200 bg-white shadow-sm">
      <FigureLink to={to} className="block rounded-t-xl border border-transparent px-5 pt-5 pb-2">
        <span className="flex items-center justify-between gap-3">
          <span className="font-medium text-sm text-stone-600">{label}</span>
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
        </span>
        <span className="mt-3 block font-display font-semibold text-4xl text-stone-900 tabular-nums">
          {formatCount(value)}
        </span>
      </FigureLink>
      <p className="px-5 pb-5 text-sm text-stone-600">
        {details.map((detail, index) => (
          <Fragment key={detail.key}>
            {index > 0 && ' · '}
            {detail.to ? (
              <Link
                to={detail.to}
                className="underline decoration-stone-300 underline-offset-2 hover:text-brand-800 hover:decoration-brand-600"
              >
                {detail.text}
              </Link>
            ) : (
              detail.text
            )}
          </Fragment>
        ))}
      </p>
    </section>
  );
}
