import { ArrowRight, ClipboardList, ReceiptText } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useDuesToPay, useNeedsApplication } from '@/lib/session-store';
import { COMPLETE_APPLICATION_TEXT, DUES_TO_PAY_TEXT } from './complete-application-text';

/**
 * The header's call to a new account (docs/product-rules.md "Membership lifecycle"): after
 * confirming the e-mail, the next step is the membership form. A strip under the header's row on
 * every page but the form itself.
 */
export function CompleteApplicationStrip() {
  const needsApplication = useNeedsApplication();
  const duesToPay = useDuesToPay();
  const { pathname } = useLocation();
  if (duesToPay && pathname !== paths.profile) return <DuesStrip overdue={duesToPay === 'overdue'} />;
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

/**
 * An approved member's call to pay (docs/product-rules.md "Dues"): what activates the membership,
 * or that the dues are overdue; on every page but the profile, where the Dues section is.
 */
function DuesStrip({ overdue }: { overdue: boolean }) {
  return (
    <div className={overdue ? 'bg-red-700 text-white' : 'bg-accent-400 text-brand-950'}>
      <div className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <ReceiptText aria-hidden="true" className="size-4 shrink-0" />
        <Link
          to={`${paths.profile}#dues`}
          className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline"
        >
          {overdue ? DUES_TO_PAY_TEXT.overdue : DUES_TO_PAY_TEXT.awaiting_payment}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
