import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

/** A titled card of the meeting's page. */
export function MeetingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="font-display font-semibold text-stone-900 text-xl">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The server's own words for a refusal (lib/api-client.ts), or a plain fallback. */
export const failureText = (error: unknown) =>
  error instanceof ApiError ? error.error : 'Something went wrong. Please try again.';
