import { ArrowRight, ClipboardList } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useNeedsApplication } from '@/lib/session-store';
import { COMPLETE_APPLICATION_TEXT } from './complete-application-text';

/**
 * The header's call to a new account (docs/product-rules.md "Membership lifecycle"): after
 * confirming the e-mail, the next step is the membership form. A strip under the header's row on
 * every page but the form itself.
 */
export function CompleteApplicationStrip() {
  const needsApplication = useNeedsApplication();
  const { pathname } = useLocation();
  if (!needsApplication || pathname === paths.userForms) return null;
  return (
    <div className="bg-accent-400 text-brand-950">
      <div className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <ClipboardList aria-hidden="true" className="size-4 shrink-0" />
        <Link
          to={paths.userForms}
          className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline"
        >
          {COMPLETE_APPLICATION_TEXT}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
