import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The heading of a section of a public page (the home page's, for one): eyebrow, title, optional
 * intro and a "view all" link.
 */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  action,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  action?: { label: string; to: string };
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">
        <p className="font-semibold text-accent-700 text-sm uppercase tracking-widest">{eyebrow}</p>
        <h2
          id={id}
          className="mt-2 font-display font-semibold text-3xl text-stone-900 leading-tight sm:text-4xl"
        >
          {title}
        </h2>
        {intro && <p className="mt-3 text-lg text-stone-600 leading-relaxed">{intro}</p>}
      </div>
      {action && (
        <Link
          to={action.to}
          className="group inline-flex shrink-0 items-center gap-1.5 rounded-md font-semibold text-brand-700 hover:text-brand-900"
        >
          {action.label}
          <ArrowRight
            aria-hidden="true"
            className="size-4 transition-transform group-hover:translate-x-0.5"
          />
        </Link>
      )}
    </div>
  );
}
