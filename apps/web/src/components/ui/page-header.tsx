import type { ReactNode } from 'react';

type PageHeaderProps = {
  /** Small label above the title, e.g. the section of the site. */
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
};

/** The band at the top of every inner page: one consistent title treatment across the site. */
export function PageHeader({ eyebrow, title, intro }: PageHeaderProps) {
  return (
    <header className="bg-brand-900 pt-28 pb-14 text-white sm:pt-32 sm:pb-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        {eyebrow && (
          <p className="mb-3 font-semibold text-accent-300 text-sm uppercase tracking-widest">{eyebrow}</p>
        )}
        <h1 className="max-w-3xl font-display font-semibold text-3xl text-white leading-tight sm:text-5xl">
          {title}
        </h1>
        {intro && <div className="mt-4 max-w-2xl text-brand-100 text-lg leading-relaxed">{intro}</div>}
      </div>
    </header>
  );
}
