import { ANNOUNCEMENT_MESSAGES, siteConfig } from '@portal/shared';
import { MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useUnsubscribe } from './api/unsubscribe';

/**
 * /unsubscribe?token=… (docs/product-rules.md "Announcements"): where an announcement's link
 * lands. Opening it changes nothing — mail scanners open links — and the button unsubscribes,
 * with no sign-in: the signed token is the authority. A mail client's one-click posts the same
 * call without this page.
 */
export function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  const refused = unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400;

  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-center font-display font-semibold text-2xl text-stone-900">
        {ANNOUNCEMENT_MESSAGES.unsubscribeTitle}
      </h1>
      <section className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-8 text-center shadow-sm ring-1 ring-stone-200">
        <MailX aria-hidden="true" className="size-12 text-brand-700" strokeWidth={1.75} />
        {unsubscribe.isSuccess ? (
          <p role="status" className="text-stone-800">
            {unsubscribe.data.message}
          </p>
        ) : !token || refused ? (
          <p role="alert" className="text-red-800">
            {ANNOUNCEMENT_MESSAGES.unsubscribeInvalid}
          </p>
        ) : (
          <>
            <p className="text-stone-800">{ANNOUNCEMENT_MESSAGES.unsubscribeQuestion}</p>
            <p className="text-sm text-stone-600">{ANNOUNCEMENT_MESSAGES.preferenceHint}</p>
            {unsubscribe.isError && (
              <p role="alert" className="text-red-800 text-sm">
                {ANNOUNCEMENT_MESSAGES.unsubscribeFailed}
              </p>
            )}
            <button
              type="button"
              className={buttonClasses({ variant: 'primary' })}
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {unsubscribe.isPending ? 'Unsubscribing…' : ANNOUNCEMENT_MESSAGES.unsubscribeButton}
            </button>
          </>
        )}
      </section>
      <p className="text-center text-sm text-stone-600">
        <Link to={paths.home} className="font-medium text-brand-800 underline underline-offset-2">
          {`Back to the ${siteConfig.acronym} website`}
        </Link>
      </p>
    </div>
  );
}
