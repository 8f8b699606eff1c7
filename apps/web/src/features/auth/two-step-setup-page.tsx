import { Check, Copy, ShieldCheck } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AddPasskeyForm } from '@/components/two-factor/passkeys-panel';
import { RecoveryCodesPanel } from '@/components/two-factor/recovery-codes-panel';
import { SecondFactorCodeForm } from '@/components/two-factor/second-factor-code-form';
import { buttonClasses } from '@/components/ui/button-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { safeReturnPath } from '@/lib/return-path';
import { useSessionUser } from '@/lib/session-store';
import { NEXT_PARAM } from '@/lib/two-factor';
import { useConfirmTotpEnrolment, useStartTotpEnrolment } from './api/two-factor-setup';
import { AuthCard, authLinkClasses } from './components/auth-card';

/** A base32 secret as people type it from the screen: in groups of four. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The otpauth:// address as a QR code, drawn here in the browser: the secret never leaves the page. */
function QrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(otpauthUrl, { margin: 1, width: 208, errorCorrectionLevel: 'M' })
      .then((url) => current && setDataUrl(url))
      .catch(() => current && setDataUrl(null));
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  if (!dataUrl) return <Skeleton className="size-52" />;
  return (
    <img
      src={dataUrl}
      width={208}
      height={208}
      alt="QR code to scan with your authenticator app"
      className="size-52 rounded-lg ring-1 ring-stone-200"
    />
  );
}

function CopyableSecret({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <code
        data-testid="two-step-secret"
        className="rounded-lg bg-stone-100 px-3 py-2 font-mono text-sm text-stone-900 tracking-wide break-all"
      >
        {groupSecret(secret)}
      </code>
      <button type="button" onClick={copy} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        {copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {copied ? 'Secret key copied' : ''}
      </span>
    </div>
  );
}

/**
 * Setting up two-step sign-in (decision 061): a new secret as a QR code and as text, the app's
 * first code to confirm it, or instead a passkey, then the ten recovery codes, shown once, before
 * going on to `next` (the admin screen a staff member was on their way to, or the profile).
 */
export function TwoStepSetupPage() {
  const navigate = useNavigate();
  const next = safeReturnPath(useSearchParams()[0].get(NEXT_PARAM)) ?? paths.profile;
  const user = useSessionUser();
  const enrolment = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // One secret per visit: React runs effects twice in development, and each call replaces the last.
  const started = useRef(false);
  const { mutate: startEnrolment } = enrolment;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startEnrolment();
  }, [startEnrolment]);

  // The codes replace the form in place: start them at the top, not where the button was.
  useEffect(() => {
    if (recoveryCodes) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [recoveryCodes]);

  if (recoveryCodes) {
    return (
      <AuthCard
        icon={<ShieldCheck aria-hidden="true" className="size-6" />}
        title="Save your recovery codes"
        intro="Two-step sign-in is on."
      >
        <RecoveryCodesPanel codes={recoveryCodes} onDone={() => navigate(next, { replace: true })} />
      </AuthCard>
    );
  }

  const required = user?.secondFactor?.required === true;
  return (
    <AuthCard
      icon={<ShieldCheck aria-hidden="true" className="size-6" />}
      title="Set up two-step sign-in"
      intro={
        required
          ? 'Staff accounts sign in with a code from an authenticator app, or a passkey, as well as the password. Set it up once, here.'
          : 'Sign in with a code from an authenticator app, or a passkey, as well as your password.'
      }
      footer={
        required ? undefined : (
          <Link to={paths.profile} className={authLinkClasses}>
            Not now, back to my profile
          </Link>
        )
      }
    >
      <ol className="space-y-7">
        <li>
          <h2 className="font-semibold text-stone-900">1. Scan this QR code</h2>
          <p className="mt-1 text-sm text-stone-600">
            Use an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.
          </p>
          <div className="mt-4">
            {enrolment.isError ? (
              <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm">
                <p>{enrolment.error instanceof ApiError ? enrolment.error.error : 'Please try again.'}</p>
                <button
                  type="button"
                  onClick={() => startEnrolment()}
                  className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-2' })}
                >
                  Try again
                </button>
              </div>
            ) : enrolment.data ? (
              <div className="space-y-4">
                <QrCode otpauthUrl={enrolment.data.otpauthUrl} />
                <div>
                  <p className="mb-2 text-sm text-stone-600">Or type this key into the app:</p>
                  <CopyableSecret secret={enrolment.data.secret} />
                </div>
              </div>
            ) : (
              <Skeleton className="size-52" />
            )}
          </div>
        </li>
        <li>
          <h2 className="font-semibold text-stone-900">2. Enter the code the app shows</h2>
          <p className="mt-1 mb-4 text-sm text-stone-600">
            Enter the 6-digit code from your authenticator app
          </p>
          <SecondFactorCodeForm
            submitLabel="Turn On Two-Step Sign-In"
            pendingLabel="Checking…"
            onSubmit={async (code) => setRecoveryCodes(await confirm.mutateAsync(code))}
          />
        </li>
      </ol>
      <section aria-labelledby="passkey-setup-heading" className="mt-8 border-stone-200 border-t pt-6">
        <h2 id="passkey-setup-heading" className="font-semibold text-stone-900">
          Or use a passkey instead
        </h2>
        <p className="mt-1 mb-4 text-sm text-stone-600">
          Confirm sign-in with this device’s fingerprint, face or screen lock, or a security key.
        </p>
        <AddPasskeyForm
          onAdded={({ recoveryCodes: codes }) =>
            codes ? setRecoveryCodes(codes) : navigate(next, { replace: true })
          }
        />
      </section>
    </AuthCard>
  );
}
