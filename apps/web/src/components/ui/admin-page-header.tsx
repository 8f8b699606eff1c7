import type { ReactNode } from 'react';

type AdminPageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons or links on the right (below the title on phones). */
  actions?: ReactNode;
};

/** The title row of every admin screen. */
export function AdminPageHeader({ title, description, actions }: AdminPageHeaderProps) {
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="font-display font-semibold text-3xl text-stone-900">{title}</h1>
        {description && <div className="mt-1.5 text-stone-600">{description}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-3">{actions}</div>}
    </header>
  );
}
