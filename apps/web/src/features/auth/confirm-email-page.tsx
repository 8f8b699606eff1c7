import { CONFIRM_EMAIL_PAGE, DELAYS_MS } from '@portal/shared';
import { CircleAlert, CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { ApiError, logout } from '@/lib/api-client';
import { sessionUserName, startSession, useSessionStore } from '@/lib/session-store';
import { useConfirmEmail } from './api/confirm-email';
import { AuthCard, authLinkClasses } from './components/auth-card';

type Outcome =
  | { state: 'ready' }
  /** Someone else is signed in in this browser: asked before switching. */
  | { state: 'confirm-switch'; name: string }
  | { state: 'kept'; name: string }
  | { state: 'success' }
  | { state: 'failure'; message: string };

const FAILED = 'Authentication failed';

/**
 * spec 000 §8: the server's message, else 'Authentication failed'. Only a refusal the server
 * explains counts (a 4xx with the API's error body); a proxy's 'Bad Gateway', a server error or no
 * answer at all gets the spec's generic text.
 */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return FAILED;
  const body = error.body as { error?: unknown } | undefined;
  return typeof body?.error === 'string' && body.error ? body.error : FAILED;
}

/**
 * Where the confirmation e-mail's link lands (`/confirm-email?token=…`, docs/product-rules.md
 * "Accounts"). Opening it changes nothing: link-checking mail gateways open every link first, and
 * used to spend it. The button sends the token; the server confirms the address, signs the account
 * in with cookies, and the page says 'Authentication successful!' and goes home after 3 s (spec 000
 * "Email-link landing"). When someone is already signed in here, the page asks before replacing
 * their session: nobody should be switched to another account without noticing.
 */
export function ConfirmEmailPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = useConfirmEmail();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'ready' });
  const [switching, setSwitching] = useState(false);

  const send = () =>
    confirm.mutate(
      { token },
      {
        onSuccess: (profile) => {
          startSession(profile);
          setOutcome({ state: 'success' });
        },
        onError: (error) => setOutcome({ state: 'failure', message: failureMessage(error) }),
      },
    );

  function start() {
    const signedIn = useSessionStore.getState().user;
    if (signedIn) setOutcome({ state: 'confirm-switch', name: sessionUserName(signedIn) });
    else send();
  }

  async function switchAccounts() {
    setSwitching(true);
    // The current session ends first, and is waited for: its logout answer clears the cookies,
    // which must not happen after the new session has set them.
    await logout({ goToLogin: false });
    setSwitching(false);
    setOutcome({ state: 'ready' });
    send();
  }

  const finished = outcome.state === 'success' || outcome.state === 'failure' || outcome.state === 'kept';
  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(() => navigate(paths.home), DELAYS_MS.emailLinkRedirect);
    return () => window.clearTimeout(timer);
  }, [finished, navigate]);

  if (!token) {
    return (
      <AuthCard icon={<CircleAlert aria-hidden="true" className="size-6" />} iconTone="error" title={FAILED}>
        <p role="alert" className="text-stone-600 leading-relaxed">
          {CONFIRM_EMAIL_PAGE.missingToken}
        </p>
        <p className="mt-5">
          <Link to={paths.home} className={authLinkClasses}>
            Go to Home now
          </Link>
        </p>
      </AuthCard>
    );
  }

  const result = {
    kept: {
      icon: <CircleCheck aria-hidden="true" className="size-6" />,
      title: outcome.state === 'kept' ? `You are still signed in as ${outcome.name}` : '',
    },
    success: {
      icon: <CircleCheck aria-hidden="true" className="size-6" />,
      title: 'Authentication successful!',
    },
    failure: {
      icon: <CircleAlert aria-hidden="true" className="size-6" />,
      title: outcome.state === 'failure' ? outcome.message : FAILED,
    },
  };

  return (
    // The whole card is the live region: its title is what changes.
    <div role="status" aria-live="polite">
      {outcome.state === 'success' || outcome.state === 'failure' || outcome.state === 'kept' ? (
        <AuthCard
          icon={result[outcome.state].icon}
          iconTone={outcome.state === 'failure' ? 'error' : 'brand'}
          title={result[outcome.state].title}
        >
          <p className="text-stone-600 leading-relaxed">
            You will be taken to the home page in a few seconds.
          </p>
          <p className="mt-5">
            <Link to={paths.home} className={authLinkClasses}>
              Go to Home now
            </Link>
          </p>
        </AuthCard>
      ) : (
        <AuthCard
          icon={<MailCheck aria-hidden="true" className="size-6" />}
          title={CONFIRM_EMAIL_PAGE.title}
          intro={CONFIRM_EMAIL_PAGE.intro}
        >
          <button
            type="button"
            disabled={confirm.isPending}
            onClick={start}
            className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
          >
            {confirm.isPending ? CONFIRM_EMAIL_PAGE.pending : CONFIRM_EMAIL_PAGE.button}
          </button>
        </AuthCard>
      )}
      <ConfirmDialog
        open={outcome.state === 'confirm-switch'}
        title="Switch accounts?"
        text={
          outcome.state === 'confirm-switch'
            ? `You are signed in as ${outcome.name}. Sign out and continue with the account of this link?`
            : ''
        }
        confirmLabel="Sign out and continue"
        cancelLabel="Stay signed in"
        pending={switching}
        onConfirm={() => void switchAccounts()}
        onCancel={() => {
          if (outcome.state === 'confirm-switch') setOutcome({ state: 'kept', name: outcome.name });
        }}
      />
    </div>
  );
}
