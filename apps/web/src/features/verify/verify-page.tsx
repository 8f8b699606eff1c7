import { CARD_MESSAGES, type CardVerification, formatCardDate, siteConfig } from '@portal/shared';
import { BadgeCheck, CircleAlert, CircleX, SearchX } from 'lucide-react';
import { useParams } from 'react-router';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { cardVerificationQueryOptions, useCardVerification } from './api/get-card-verification';

/** The card's standing, fetched before the server renders the page (docs/decisions/035). */
export const prefetchVerifyPage: PagePrefetch = async ({ queryClient, params, reads, markNotFound }) => {
  const card = await queryClient.fetchQuery(
    cardVerificationQueryOptions(params.token ?? '', reads.verifyCard),
  );
  if (card.standing === 'not_found') markNotFound();
};

const looks = {
  active: { icon: BadgeCheck, band: 'bg-emerald-600', text: 'text-emerald-800', ring: 'ring-emerald-600/30' },
  overdue: { icon: CircleAlert, band: 'bg-amber-500', text: 'text-amber-800', ring: 'ring-amber-600/30' },
  lapsed: { icon: CircleX, band: 'bg-red-600', text: 'text-red-800', ring: 'ring-red-600/30' },
  not_found: { icon: SearchX, band: 'bg-stone-500', text: 'text-stone-800', ring: 'ring-stone-500/30' },
} as const;

/** The standing as the door reads it: 'Active until June 2, 2026', 'Overdue', 'Lapsed', 'Not found'. */
export function standingText(verification: CardVerification): string {
  switch (verification.standing) {
    case 'active':
      return CARD_MESSAGES.activeUntil(formatCardDate(verification.validThrough));
    case 'overdue':
      return CARD_MESSAGES.overdue;
    case 'lapsed':
      return CARD_MESSAGES.lapsed;
    case 'not_found':
      return CARD_MESSAGES.notFound;
  }
}

/**
 * /verify/{token} (docs/product-rules.md "Membership card"): what a stranger who scans a member's
 * card sees, on a phone at the door. The live standing, and only the name, category and member
 * number: no contact details.
 */
export function VerifyPage() {
  const { token = '' } = useParams();
  const verification = useCardVerification(token);
  const data: CardVerification = verification.data ?? { standing: 'not_found' };
  const look = looks[data.standing];
  const Icon = look.icon;
  if (verification.isPending) {
    return (
      <div className="mx-auto max-w-md px-4 pt-16 pb-20 text-center text-stone-600" role="status">
        Checking the card…
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-center font-display font-semibold text-2xl text-stone-900">
        {CARD_MESSAGES.verifyTitle}
      </h1>
      <section
        aria-labelledby="verify-standing"
        className={`overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ${look.ring}`}
      >
        <div className={`h-2 ${look.band}`} />
        <div className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center">
          <Icon aria-hidden="true" className={`size-14 ${look.text}`} strokeWidth={1.75} />
          <p id="verify-standing" className={`font-bold font-display text-3xl ${look.text}`}>
            {standingText(data)}
          </p>
          {data.standing === 'not_found' && <p className="text-stone-600">{CARD_MESSAGES.notFoundDetail}</p>}
        </div>
        {data.standing !== 'not_found' && (
          <dl className="divide-y divide-stone-200 border-stone-200 border-t">
            <div className="px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">Member</dt>
              <dd className="mt-1 font-semibold text-stone-900 text-xl">{data.name}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">Category</dt>
              <dd className="text-stone-900">{data.category}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">Member no.</dt>
              <dd className="whitespace-nowrap font-mono text-stone-900">{data.memberNumber}</dd>
            </div>
          </dl>
        )}
      </section>
      <p className="text-center text-sm text-stone-500">
        Checked live with the records of the {siteConfig.name}.
      </p>
    </div>
  );
}
