import { CONFIRM_EMAIL_CHANGE_MESSAGES } from '@portal/shared';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useConfirmEmailChange } from './api/confirm-email-change';
import { LinkActionCard, LinkActionDone } from './components/link-action-card';

/**
 * docs/product-rules.md "Accounts": the page the e-mail change link to the new address opens
 * (`/confirm-email-change?token=…`). Opening it changes nothing (docs/decisions/075: mail scanners
 * open links); the button sends the token and the account moves to the new address.
 */
export function ConfirmEmailChangePage() {
  return (
    <LinkActionCard
      icon={<MailCheck aria-hidden="true" className="size-6" />}
      title={CONFIRM_EMAIL_CHANGE_MESSAGES.title}
      intro={CONFIRM_EMAIL_CHANGE_MESSAGES.intro}
      button={CONFIRM_EMAIL_CHANGE_MESSAGES.button}
      pending="Confirming…"
      missingToken={CONFIRM_EMAIL_CHANGE_MESSAGES.missingToken}
      action={useConfirmEmailChange()}
      done={(result) => (
        <>
          <LinkActionDone>{result.message}</LinkActionDone>
          <Link
            to={paths.profile}
            className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
          >
            {CONFIRM_EMAIL_CHANGE_MESSAGES.toProfile}
          </Link>
        </>
      )}
    />
  );
}
