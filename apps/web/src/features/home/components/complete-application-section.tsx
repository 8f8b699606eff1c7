import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { COMPLETE_APPLICATION_TEXT } from '@/components/layout/complete-application-text';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useNeedsApplication } from '@/lib/session-store';

/** The home page's call to a signed-in account that has not filled in the membership form yet. */
export function CompleteApplicationSection() {
  if (!useNeedsApplication()) return null;
  return (
    <section aria-labelledby="complete-application-heading" className="bg-accent-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-10 sm:flex-row sm:items-center sm:px-6 lg:px-8">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800">
          <ClipboardList aria-hidden="true" className="size-6" />
        </span>
        <div className="flex-1">
          <h2
            id="complete-application-heading"
            className="font-display font-semibold text-2xl text-stone-900"
          >
            Your account is ready
          </h2>
          <p className="mt-1 text-stone-700">
            One step remains: tell us about yourself or your company so the secretariat can review your
            membership.
          </p>
        </div>
        <Link to={paths.userForms} className={buttonClasses({ variant: 'primary', size: 'lg' })}>
          {COMPLETE_APPLICATION_TEXT}
        </Link>
      </div>
    </section>
  );
}
