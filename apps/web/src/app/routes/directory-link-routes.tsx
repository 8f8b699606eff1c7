import { DIRECTORY_REPRESENTATIVE_MESSAGES } from '@portal/shared';
import { UserCheck, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { LinkActionCard, LinkActionDone } from '@/features/auth/components/link-action-card';
import { useAgreeToListing, useWithdrawFromListing } from '@/features/directory/api/directory';

const toDirectory = (
  <Link
    to={paths.directory}
    className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
  >
    Go to the member directory
  </Link>
);

// The directory's pages built of the auth feature's link card (docs/code-style.md "Slice by
// feature": features compose here).

/**
 * docs/product-rules.md "Member directory": the page a representative's request mail links to
 * (`/directory-agreement?token=…`). Opening it changes nothing (docs/decisions/075: mail scanners
 * open links); the button agrees, and the confirming mail carries the link to withdraw.
 */
export function DirectoryAgreementPage() {
  const M = DIRECTORY_REPRESENTATIVE_MESSAGES;
  return (
    <LinkActionCard
      icon={<UserCheck aria-hidden="true" className="size-6" />}
      title={M.agreeTitle}
      intro={M.agreeIntro}
      button={M.agreeButton}
      pending={M.agreeing}
      missingToken={M.missingToken}
      action={useAgreeToListing()}
      done={(result) => (
        <>
          <LinkActionDone>{result.message}</LinkActionDone>
          {toDirectory}
        </>
      )}
    />
  );
}

/** `/directory-withdrawal?token=…`, from the mail confirming the agreement: the button withdraws it. */
export function DirectoryWithdrawalPage() {
  const M = DIRECTORY_REPRESENTATIVE_MESSAGES;
  return (
    <LinkActionCard
      icon={<UserX aria-hidden="true" className="size-6" />}
      title={M.withdrawTitle}
      intro={M.withdrawIntro}
      button={M.withdrawButton}
      pending={M.withdrawing}
      missingToken={M.missingToken}
      action={useWithdrawFromListing()}
      done={(result) => (
        <>
          <LinkActionDone>{result.message}</LinkActionDone>
          {toDirectory}
        </>
      )}
    />
  );
}
