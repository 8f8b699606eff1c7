import { siteConfig } from '@portal/shared';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDuesToPay, useHasPendingMembership } from '@/lib/session-store';
import { DisclosureMenu } from './disclosure-menu';

const panelClasses = 'w-[min(20rem,calc(100vw-7rem))] px-3 pt-2 pb-3';

/**
 * The bell of spec 000 §2 and §4, for every signed-in user (docs/product-rules.md "Profile"): a red
 * dot and a panel saying what to do while the membership is pending or dues wait; an empty panel
 * otherwise. What it shows follows the server: the session check on each page load refreshes it
 * (lib/session-actions.ts), so an approval clears it on the next load.
 */
export function NotificationBell({ buttonClassName }: { buttonClassName: string }) {
  const pending = useHasPendingMembership();
  const duesToPay = useDuesToPay();
  const label = pending
    ? 'Notifications: membership pending'
    : duesToPay
      ? 'Notifications: dues to pay'
      : 'Notifications';

  return (
    <DisclosureMenu
      align="right"
      label={label}
      buttonClassName={`relative ${buttonClassName}`}
      trigger={() => (
        <>
          <Bell aria-hidden="true" className="size-5" />
          {(pending || duesToPay) && (
            <span
              aria-hidden="true"
              className="absolute top-2 right-2.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white"
            />
          )}
        </>
      )}
    >
      {() =>
        pending ? (
          // The panel hangs from the bell's right edge; below lg the menu button sits to its right,
          // so the panel stays narrower than the screen minus that button and the margins.
          <div className={panelClasses}>
            <h2 className="font-semibold text-base text-stone-900">Membership Pending</h2>
            <p className="mt-2 text-sm text-stone-600 leading-relaxed">
              Your membership is pending. Please email the secretariat at{' '}
              <a
                href={`mailto:${siteConfig.secretariatEmail}`}
                className="break-words font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {siteConfig.secretariatEmail}
              </a>{' '}
              to settle your account.
            </p>
            <p className="mt-2 text-sm text-stone-600 leading-relaxed">
              This notice goes away by itself once it is settled.
            </p>
          </div>
        ) : duesToPay ? (
          <div className={panelClasses}>
            <h2 className="font-semibold text-base text-stone-900">
              {duesToPay === 'overdue' ? 'Dues overdue' : 'Dues to pay'}
            </h2>
            <p className="mt-2 text-sm text-stone-600 leading-relaxed">
              {duesToPay === 'overdue'
                ? 'Your statement of account is past its due date. Pay it, or upload your proof of payment, to stay a member in good standing.'
                : 'Your membership is approved. Pay your statement of account, or upload your proof of payment, to activate it.'}
            </p>
            <Link
              to={`${paths.profile}#dues`}
              className="mt-2 inline-block font-semibold text-brand-700 text-sm underline underline-offset-2 hover:text-brand-800"
            >
              See what to pay
            </Link>
          </div>
        ) : (
          <div className={panelClasses}>
            <h2 className="font-semibold text-base text-stone-900">Notifications</h2>
            <p className="mt-2 text-sm text-stone-600">No notifications right now.</p>
          </div>
        )
      }
    </DisclosureMenu>
  );
}
