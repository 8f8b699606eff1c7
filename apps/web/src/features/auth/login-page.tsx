import { zodResolver } from '@hookform/resolvers/zod';
import {
  DELAYS_MS,
  LOGIN_ERROR_CODES,
  loginBodySchema,
  type Profile,
  SECOND_FACTOR_ERROR_CODES,
  SESSION_EXPIRED,
  siteConfig,
} from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, LogIn, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasskeyButton } from '@/components/two-factor/passkey-button';
import { secondStepMethods, signInWithPasskey } from '@/components/two-factor/passkeys';
import { SecondFactorCodeForm } from '@/components/two-factor/second-factor-code-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessageModal } from '@/components/ui/message-modal';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { RETURN_TO_PARAM, safeReturnPath } from '@/lib/return-path';
import { startSession, useSessionStore } from '@/lib/session-store';
import { type LoginMessage, loginErrorMessage, useLogin, verifySecondStep } from './api/login';
import { useResendConfirmation } from './api/resend-confirmation';
import { AuthCard, authLinkClasses } from './components/auth-card';

/**
 * spec 000 §2 "/login": email and password, a link to /register and one back home (plus the
 * password reset of docs/product-rules.md "Accounts"). A refused login shows the message of
 * spec 000 §8; a successful one stores the user and, after 500 ms, opens the membership form for a
 * new account, otherwise the page the guest came from (`?redirect=`, checked to be ours) or home
 * (spec 000 §4). An account with two-step sign-in (decision 061) is asked for its code in place,
 * or offered "Use a passkey" when it has one (GET /auth/2fa/methods), then goes on the same way.
 */
export function LoginPage() {
  const navigate = useNavigate();
  // The page a guest was refused (/unauthorized, a members-only download), if it is one of ours.
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_TO_PARAM));
  const loginMutation = useLogin();
  const [message, setMessage] = useState<LoginMessage | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // The password was right and the account has two-step sign-in: the code is asked next.
  const [secondStep, setSecondStep] = useState(false);
  // Which second steps the account has (the app, passkeys): asked once the password was right.
  const methods = useQuery({
    queryKey: ['two-factor', 'methods'],
    queryFn: secondStepMethods,
    enabled: secondStep,
    gcTime: 0,
    retry: false,
  });
  // The address of an account whose e-mail is not confirmed yet: it may ask for a new link.
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const resend = useResendConfirmation();
  // The server ended the session (it ran out, was revoked, or the account disabled): say so here.
  const sessionLost = useSessionStore((state) => state.sessionLost);
  const redirectTimer = useRef<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const signedIn = (profile: Profile) => {
    startSession(profile);
    setRedirecting(true);
    redirectTimer.current = window.setTimeout(
      () => navigate(profile.isNew ? paths.userForms : (returnTo ?? paths.home)),
      DELAYS_MS.loginRedirect,
    );
  };

  const onSubmit = handleSubmit((body) => {
    loginMutation.mutate(body, {
      onSuccess: (outcome) => {
        if ('secondFactor' in outcome) setSecondStep(true);
        else signedIn(outcome.profile);
      },
      onError: (error) => {
        const refused = loginErrorMessage(error);
        setMessage(refused);
        setUnconfirmedEmail(refused.code === LOGIN_ERROR_CODES.emailNotConfirmed ? body.email : null);
        resend.reset();
      },
    });
  });
  const busy = loginMutation.isPending || redirecting;

  // The five minutes after the password ran out: start again from the password.
  const startOverIfExpired = (error: unknown) => {
    if (error instanceof ApiError && error.code === SECOND_FACTOR_ERROR_CODES.signInAgain) {
      setSecondStep(false);
      setMessage({ title: 'Sign In Again', text: error.error });
      return true;
    }
    return false;
  };

  if (secondStep) {
    const passkeyOnly = methods.data !== undefined && !methods.data.includes('totp');
    return (
      <AuthCard
        icon={<ShieldCheck aria-hidden="true" className="size-6" />}
        title="Two-step sign-in"
        intro={
          methods.data?.includes('passkey')
            ? passkeyOnly
              ? 'Use your passkey to finish signing in'
              : 'Use your passkey, or enter the 6-digit code from your authenticator app'
            : 'Enter the 6-digit code from your authenticator app'
        }
        footer={
          <button
            type="button"
            onClick={() => setSecondStep(false)}
            className={`inline-flex items-center gap-1.5 ${authLinkClasses}`}
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to the password
          </button>
        }
      >
        {methods.isPending ? (
          <Skeleton className="h-32" />
        ) : (
          <>
            {methods.data?.includes('passkey') && (
              <PasskeyButton
                label="Use a passkey"
                pendingLabel={redirecting ? 'Logging In…' : 'Waiting for your passkey…'}
                onUse={async () => {
                  try {
                    signedIn(await signInWithPasskey());
                  } catch (error) {
                    if (!startOverIfExpired(error)) throw error;
                  }
                }}
              />
            )}
            {methods.data?.includes('passkey') && (
              <p className="my-5 flex items-center gap-3 text-stone-500 text-xs uppercase tracking-wide before:h-px before:flex-1 before:bg-stone-200 after:h-px after:flex-1 after:bg-stone-200">
                {passkeyOnly ? 'or a recovery code' : 'or a code'}
              </p>
            )}
            <SecondFactorCodeForm
              allowRecoveryCode
              recoveryOnly={passkeyOnly}
              submitLabel={redirecting ? 'Logging In…' : 'Log In'}
              pendingLabel="Checking…"
              onSubmit={async (code) => {
                try {
                  signedIn(await verifySecondStep(code));
                } catch (error) {
                  if (!startOverIfExpired(error)) throw error;
                }
              }}
            />
          </>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<LogIn aria-hidden="true" className="size-6" />}
      title="Welcome back"
      intro={`Log in to your ${siteConfig.acronym} account.`}
      footer={
        <Link to={paths.home} className={`inline-flex items-center gap-1.5 ${authLinkClasses}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Home
        </Link>
      }
    >
      {sessionLost && (
        <div
          role="status"
          className="mb-6 rounded-lg border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-stone-800"
        >
          <p className="font-semibold text-stone-900">{SESSION_EXPIRED.title}</p>
          <p className="mt-1">{SESSION_EXPIRED.loginNotice}</p>
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <Link to={paths.forgotPassword} className={`text-sm ${authLinkClasses}`}>
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        <button
          type="submit"
          disabled={busy}
          className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
        >
          {busy ? 'Logging In…' : 'Log In'}
        </button>
      </form>
      {unconfirmedEmail && (
        <div className="mt-6 rounded-lg border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-stone-800">
          {resend.isSuccess ? (
            <p role="status">{resend.data}</p>
          ) : (
            <>
              <p>Did not receive the confirmation e-mail, or did its link expire?</p>
              <button
                type="button"
                disabled={resend.isPending}
                onClick={() => resend.mutate({ email: unconfirmedEmail })}
                className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
              >
                {resend.isPending ? 'Sending…' : 'Send a new confirmation e-mail'}
              </button>
              {resend.error && (
                <p role="alert" className="mt-2 text-red-700">
                  {resend.error instanceof ApiError ? resend.error.error : 'The e-mail could not be sent.'}
                </p>
              )}
            </>
          )}
        </div>
      )}
      <p className="mt-6 text-center text-sm text-stone-600">
        Don&apos;t have an account?{' '}
        <Link to={paths.register} className={authLinkClasses}>
          Register
        </Link>
      </p>

      <MessageModal
        open={message !== null}
        variant="error"
        title={message?.title ?? ''}
        text={message?.text ?? ''}
        onClose={() => setMessage(null)}
      />
    </AuthCard>
  );
}
