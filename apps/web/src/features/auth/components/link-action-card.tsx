import type { UseMutationResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { AuthCard, authLinkClasses } from './auth-card';

const FAILED_FALLBACK = 'That did not work. Please try again.';

/**
 * The page a mailed link opens when following the link must change nothing (docs/decisions/075):
 * mail scanners open every link, so only the button sends the link's token. Shows the refusal the
 * server gives and keeps the button; once done, `done(result)` replaces it.
 */
export function LinkActionCard<Result>({
  icon,
  title,
  intro,
  button,
  pending,
  missingToken,
  action,
  done,
}: {
  icon: ReactNode;
  title: string;
  intro: string;
  button: string;
  pending: string;
  missingToken: string;
  action: UseMutationResult<Result, Error, { token: string }>;
  done: (result: Result) => ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <AuthCard
      icon={icon}
      title={title}
      intro={intro}
      footer={
        <Link to={paths.login} className={`inline-flex items-center gap-1.5 ${authLinkClasses}`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Login
        </Link>
      }
    >
      {!token ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm">
          {missingToken}
        </p>
      ) : action.isSuccess ? (
        <div className="space-y-5">{done(action.data)}</div>
      ) : (
        <div className="space-y-5">
          {action.isError && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
            >
              {action.error instanceof ApiError ? action.error.error : FAILED_FALLBACK}
            </p>
          )}
          <button
            type="button"
            disabled={action.isPending}
            onClick={() => action.mutate({ token })}
            className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
          >
            {action.isPending ? pending : button}
          </button>
        </div>
      )}
    </AuthCard>
  );
}

/** The success line of a link's page. */
export function LinkActionDone({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900 text-sm"
    >
      {children}
    </p>
  );
}
