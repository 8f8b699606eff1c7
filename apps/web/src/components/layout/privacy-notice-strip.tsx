import { type MyConsents, PRIVACY_MESSAGES } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { markNoticeAccepted } from '@/lib/session-store';

/**
 * The notice to a signed-in account that has not accepted the privacy notice in force
 * (docs/decisions/065), on every page until it does, as the name notice does: a link to read it,
 * and 'I have read it', which records the acceptance (PUT /me/consents/privacy_notice) and goes.
 */
export function PrivacyNoticeStrip() {
  const accept = useMutation({
    mutationFn: () =>
      apiRequest<{ data: MyConsents }>('/me/consents/privacy_notice', {
        method: 'PUT',
        body: { given: true },
      }),
    onSuccess: () => markNoticeAccepted(),
  });
  return (
    <div className="bg-brand-100 text-brand-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <span className="inline-flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
          {PRIVACY_MESSAGES.stripText}
        </span>
        <Link
          to={paths.privacy}
          className="inline-flex items-center gap-1 font-semibold underline underline-offset-2"
        >
          {PRIVACY_MESSAGES.stripAction}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <button
          type="button"
          onClick={() => accept.mutate()}
          disabled={accept.isPending}
          className="rounded-md bg-brand-900 px-3 py-1 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {PRIVACY_MESSAGES.accept}
        </button>
        {accept.isError && (
          <span role="alert" className="text-red-800">
            {PRIVACY_MESSAGES.saveFailed}
          </span>
        )}
      </div>
    </div>
  );
}
