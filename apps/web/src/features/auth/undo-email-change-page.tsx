import { UNDO_EMAIL_CHANGE_MESSAGES } from '@portal/shared';
import { MailWarning } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { useUndoEmailChange } from './api/undo-email-change';
import { LinkActionCard, LinkActionDone } from './components/link-action-card';

/** The reset link's path and query: the server answers it whole, the router links within the site. */
const inSite = (url: string) => {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * docs/product-rules.md "Accounts": the page the notice to the old address links to
 * (`/undo-email-change?token=…`). Opening it changes nothing (mail scanners open links); only the
 * button sends the token. Once undone, it offers the password reset link the server made.
 */
export function UndoEmailChangePage() {
  return (
    <LinkActionCard
      icon={<MailWarning aria-hidden="true" className="size-6" />}
      title={UNDO_EMAIL_CHANGE_MESSAGES.title}
      intro={UNDO_EMAIL_CHANGE_MESSAGES.intro}
      button={UNDO_EMAIL_CHANGE_MESSAGES.button}
      pending="Undoing…"
      missingToken={UNDO_EMAIL_CHANGE_MESSAGES.missingToken}
      action={useUndoEmailChange()}
      done={(result) => (
        <>
          <LinkActionDone>{result.message}</LinkActionDone>
          <Link
            to={inSite(result.resetPasswordUrl)}
            className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
          >
            {UNDO_EMAIL_CHANGE_MESSAGES.resetPassword}
          </Link>
        </>
      )}
    />
  );
}
