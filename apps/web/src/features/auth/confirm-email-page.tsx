import { DELAYS_MS } from '@portal/shared';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { startSession } from '@/lib/session-store';
import { loginWithTokens } from './api/login-with-tokens';
import { AuthCard, authLinkClasses } from './components/auth-card';

type Outcome = { state: 'processing' } | { state: 'success' } | { state: 'failure'; message: string };

type LinkFragment =
  | { kind: 'tokens'; accessToken: string; refreshToken: string }
  | { kind: 'error'; message: string }
  | { kind: 'missing' };

const MISSING_TOKENS = 'Missing tokens in URL';
const FAILED = 'Authentication failed';

/** The e-mail link lands on `#access_token=…&refresh_token=…` or `#error=<message>`. */
export function readLinkFragment(hash: string): LinkFragment {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_description') || params.get('error');
  if (error) return { kind: 'error', message: error };
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
 * home after 3 s. The fragment leaves the address bar at once (DECISIONS.md "Accounts"), so the
 * tokens end up in neither the history nor a shared or bookmarked URL.
 */
export function ConfirmEmailPage() {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'processing' });
  // React's StrictMode runs effects twice in development; the link must be exchanged only once
  // (a second exchange would present the same refresh token again). The ref survives that rerun.
  const started = useRef(false);

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
      setOutcome({ state: 'failure', message: fragment.message });
      return;
    }
    loginWithTokens({ access_token: fragment.accessToken, refresh_token: fragment.refreshToken }).then(
      (profile) => {
        startSession(profile);
        setOutcome({ state: 'success' });
      },
      (error: unknown) => {
        setOutcome({ state: 'failure', message: failureMessage(error) });
      },
    );
  }, []);

  useEffect(() => {
    if (outcome.state === 'processing') return;
    const timer = window.setTimeout(() => navigate(paths.home), DELAYS_MS.emailLinkRedirect);
    return () => window.clearTimeout(timer);
  }, [outcome.state, navigate]);

  const view = {
    processing: {
      icon: <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />,
      title: 'Processing Authentication',
      text: 'Please wait while we sign you in.',
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
        {outcome.state !== 'processing' && (
          <p className="mt-5">
            <Link to={paths.home} className={authLinkClasses}>
              Go to Home now
            </Link>
          </p>
        )}
      </AuthCard>
    </div>
  );
}
