import { UNDO_EMAIL_CHANGE_MESSAGES } from '@portal/shared';
import { ArrowLeft, MailWarning } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useUndoEmailChange } from './api/undo-email-change';
import { AuthCard, authLinkClasses } from './components/auth-card';

const FAILED_FALLBACK = 'We could not undo the change. Please try again.';

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
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const undo = useUndoEmailChange();
  return (
    <AuthCard
      icon={<MailWarning aria-hidden="true" className="size-6" />}
      title={UNDO_EMAIL_CHANGE_MESSAGES.title}
      intro={UNDO_EMAIL_CHANGE_MESSAGES.intro}
      footer={
        <Link to={paths.login} className={`inline-flex items-center gap-1.5 ${authLinkClasses}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Login
        </Link>
      }
    >
      {!token ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm">
          {UNDO_EMAIL_CHANGE_MESSAGES.missingToken}
        </p>
      ) : undo.isSuccess ? (
        <div className="space-y-5">
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900 text-sm"
          >
            {undo.data.message}
          </p>
          <Link
            to={inSite(undo.data.resetPasswordUrl)}
            className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
          >
            {UNDO_EMAIL_CHANGE_MESSAGES.resetPassword}
          </Link>
        </div>
      ) : (
        <div className="space-y-5">
          {undo.isError && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
            >
              {undo.error instanceof ApiError ? undo.error.error : FAILED_FALLBACK}
            </p>
          )}
          <button
            type="button"
            disabled={undo.isPending}
            onClick={() => undo.mutate({ token })}
            className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
          >
            {undo.isPending ? 'Undoing…' : UNDO_EMAIL_CHANGE_MESSAGES.button}
          </button>
        </div>
      )}
    </AuthCard>
  );
}
