import type { LucideIcon } from 'lucide-react';
import { formatCount } from '../format';
import { FigureLink } from './figure-link';

type StatCardProps = {
  icon: LucideIcon;
  label: string;
  value: number;
  detail: string;
  to: string | null;
};

export function StatCard({ icon: Icon, label, value, detail, to }: StatCardProps) {
  return (
    <FigureLink to={to} className="block rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="font-medium text-sm text-stone-600">{label}</p>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="mt-3 font-display font-semibold text-4xl text-stone-900 tabular-nums">
        {formatCount(value)}
      </p>
      <p className="mt-1 text-sm text-stone-600">{detail}</p>
    </FigureLink>
  );
}
