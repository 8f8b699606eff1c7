import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type RecentItem = {
  key: string;
  title: string;
  meta: string;
  badge?: ReactNode;
  /** The admin list filtered to this item, when its screen exists. */
  to?: string | null;
};

type RecentListProps = {
  title: string;
  items: readonly RecentItem[];
  emptyText: string;
  /** The full list, when its screen exists. */
  viewAllTo: string | null;
};

export function RecentList({ title, items, emptyText, viewAllTo }: RecentListProps) {
  return (
    <section
      aria-label={title}
      className="flex flex-col rounded-xl border border-stone-200 bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-stone-200 border-b px-5 py-4">
        <h2 className="font-semibold text-base text-stone-900">{title}</h2>
        {viewAllTo && (
          <Link
            to={viewAllTo}
            className="font-medium text-brand-700 text-sm hover:text-brand-900 hover:underline"
          >
            View all
          </Link>
        )}
      </div>
      {items.length === 0 ? (
        <p className="px-5 py-6 text-sm text-stone-600">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-stone-100">
          {items.map((item) => (
            <li key={item.key} className="flex items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-sm text-stone-900">
                  {item.to ? (
                    <Link to={item.to} className="hover:text-brand-800 hover:underline">
                      {item.title}
                    </Link>
                  ) : (
                    item.title
                  )}
                </p>
                <p className="truncate text-stone-600 text-xs">{item.meta}</p>
              </div>
              {item.badge}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
