import type { ReactNode } from 'react';

/** The shared look of the full-page messages (not found, unauthorized, unexpected error). */
export function StatusPage({
  mark,
  title,
  text,
  action,
  compact = false,
}: {
  /** A large decorative mark above the title: the status code or an icon. */
  mark: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
  /** Inside the admin frame: no room kept for the public site's fixed header. */
  compact?: boolean;
}) {
  return (
    <section
      className={`mx-auto flex max-w-2xl flex-col items-center justify-center px-4 text-center ${
        compact ? 'min-h-[60vh] py-12' : 'min-h-[70vh] pt-32 pb-20'
      }`}
    >
      <div className="font-display font-semibold text-7xl text-brand-500 sm:text-8xl" aria-hidden="true">
        {mark}
      </div>
      {/* Heading and sentence together read as the spec's one line: '{title} - {text}'. */}
      <h1 className="mt-4 font-display font-semibold text-3xl text-stone-900 sm:text-4xl">
        {title}
        <span className="sr-only"> - </span>
      </h1>
      <p className="mt-3 text-lg text-stone-600">{text}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{action}</div>
    </section>
  );
}
