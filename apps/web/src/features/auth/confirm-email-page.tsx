import { CONFIRMATION_LINK_INVALID_MESSAGE, DELAYS_MS } from '@portal/shared';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { paths } from '@/config/paths';
import { ApiError, logout } from '@/lib/api-client';
import { startSession, useSessionStore } from '@/lib/session-store';
import { loginWithTokens } from './api/login-with-tokens';
import { AuthCard, authLinkClasses } from './components/auth-card';

type Outcome =
  | { state: 'processing' }
  /** Someone else is signed in in this browser: asked before switching. */
  | { state: 'confirm-switch'; username: string }
  | { state: 'kept'; username: string }
  | { state: 'success' }
  | { state: 'failure'; message: string };

type LinkTokens = { accessToken: string; refreshToken: string };
type LinkFragment = ({ kind: 'tokens' } & LinkTokens) | { kind: 'error' } | { kind: 'missing' };

const MISSING_TOKENS = 'Missing tokens in URL';
const FAILED = 'Authentication failed';

/**
 * The e-mail link lands on `#access_token=…&refresh_token=…` or `#error=<code>`. Anyone can write
 * such an address, so nothing in it is ever shown: an error is always this page's own message.
 */
export function readLinkFragment(hash: string): LinkFragment {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.has('error')) return { kind: 'error' };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  // spec 000 §5: an e-mail link login needs both tokens.
  if (!accessToken || !refreshToken) return { kind: 'missing' };
  return { kind: 'tokens', accessToken, refreshToken };
}

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
 * spec 000 §2 "Email-link landing": reads the tokens from the fragment, shows 'Processing
 * Authentication', exchanges them once through POST /auth/login-token, shows the outcome and goes
 * home after 3 s. The fragment leaves the address bar at once (docs/product-rules.md "Accounts"),
 * so the tokens end up in neither the history nor a shared or bookmarked URL. When someone is
 * already signed in here, the page asks before replacing their session: a link can carry any
 * account's tokens, and nobody should be switched to another account without noticing.
 */
export function ConfirmEmailPage() {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'processing' });
  const [switching, setSwitching] = useState(false);
  const tokens = useRef<LinkTokens | null>(null);
  // React's StrictMode runs effects twice in development; the link must be exchanged only once
  // (a second exchange would present the same refresh token again). The ref survives that rerun.
  const started = useRef(false);

  const exchange = useCallback(async (link: LinkTokens) => {
    try {
      const profile = await loginWithTokens({
        access_token: link.accessToken,
        refresh_token: link.refreshToken,
      });
      startSession(profile);
      setOutcome({ state: 'success' });
    } catch (error) {
      setOutcome({ state: 'failure', message: failureMessage(error) });
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;

    const fragment = readLinkFragment(window.location.hash);
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);

    if (fragment.kind === 'missing') {
      setOutcome({ state: 'failure', message: MISSING_TOKENS });
      return;
    }
    if (fragment.kind === 'error') {
      setOutcome({ state: 'failure', message: CONFIRMATION_LINK_INVALID_MESSAGE });
      return;
    }
    tokens.current = fragment;
    const signedIn = useSessionStore.getState().user;
    if (signedIn) {
      setOutcome({ state: 'confirm-switch', username: signedIn.username });
      return;
    }
    void exchange(fragment);
  }, [exchange]);

  useEffect(() => {
    if (outcome.state === 'processing' || outcome.state === 'confirm-switch') return;
    const timer = window.setTimeout(() => navigate(paths.home), DELAYS_MS.emailLinkRedirect);
    return () => window.clearTimeout(timer);
  }, [outcome.state, navigate]);

  async function switchAccounts() {
    if (!tokens.current) return;
    setSwitching(true);
    // The current session ends first, and is waited for: its logout answer clears the cookies,
    // which must not happen after the new session has set them.
    await logout({ goToLogin: false });
    setSwitching(false);
    setOutcome({ state: 'processing' });
    await exchange(tokens.current);
  }

  const view = {
    processing: {
      icon: <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />,
      title: 'Processing Authentication',
      text: 'Please wait while we sign you in.',
    },
    'confirm-switch': {
      icon: <CircleAlert aria-hidden="true" className="size-6" />,
      title: 'You are already signed in',
      text: 'This link signs in to the account it confirms.',
    },
    kept: {
      icon: <CircleCheck aria-hidden="true" className="size-6" />,
      title: outcome.state === 'kept' ? `You are still signed in as ${outcome.username}` : '',
      text: 'You will be taken to the home page in a few seconds.',
    },
    success: {
      icon: <CircleCheck aria-hidden="true" className="size-6" />,
      title: 'Authentication successful!',
      text: 'You will be taken to the home page in a few seconds.',
    },
    failure: {
      icon: <CircleAlert aria-hidden="true" className="size-6" />,
      title: outcome.state === 'failure' ? outcome.message : FAILED,
      text: 'You will be taken to the home page in a few seconds.',
    },
  }[outcome.state];

  return (
    // The whole card is the live region: its title is what changes.
    <div role="status" aria-live="polite">
      <AuthCard
        icon={view.icon}
        iconTone={outcome.state === 'failure' ? 'error' : 'brand'}
        title={view.title}
      >
        <p className="text-stone-600 leading-relaxed">{view.text}</p>
        {outcome.state !== 'processing' && outcome.state !== 'confirm-switch' && (
          <p className="mt-5">
            <Link to={paths.home} className={authLinkClasses}>
              Go to Home now
            </Link>
          </p>
        )}
      </AuthCard>
      <ConfirmDialog
        open={outcome.state === 'confirm-switch'}
        title="Switch accounts?"
        text={
          outcome.state === 'confirm-switch'
            ? `You are signed in as ${outcome.username}. Sign out and continue with the account of this link?`
            : ''
        }
        confirmLabel="Sign out and continue"
        cancelLabel="Stay signed in"
        pending={switching}
        onConfirm={() => void switchAccounts()}
        onCancel={() => {
          if (outcome.state === 'confirm-switch') setOutcome({ state: 'kept', username: outcome.username });
        }}
      />
    </div>
  );
}
