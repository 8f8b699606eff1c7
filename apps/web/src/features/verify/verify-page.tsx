import { CARD_MESSAGES, type CardVerification, formatDate } from '@portal/shared';
import { useParams } from 'react-router';
import type { PagePrefetch } from '@/lib/page-prefetch';
import { cardVerificationQueryOptions, useCardVerification } from './api/get-card-verification';
import { VerificationCard, VerificationFact, type VerificationLook } from './components/verification-card';

/** The card's standing, fetched before the server renders the page (docs/decisions/035). */
export const prefetchVerifyPage: PagePrefetch = async ({ queryClient, params, reads, markNotFound }) => {
  const card = await queryClient.fetchQuery(
    cardVerificationQueryOptions(params.token ?? '', reads.verifyCard),
  );
  if (card.standing === 'not_found') markNotFound();
};

const looks: Record<CardVerification['standing'], VerificationLook> = {
  active: 'good',
  overdue: 'warning',
  lapsed: 'withdrawn',
  not_found: 'notFound',
};

/** The standing as the door reads it: 'Active until June 2, 2026', 'Overdue', 'Lapsed', 'Not found'. */
export function standingText(verification: CardVerification): string {
  switch (verification.standing) {
    case 'active':
      return CARD_MESSAGES.activeUntil(formatDate(verification.validThrough));
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
  return (
    <VerificationCard
      title={CARD_MESSAGES.verifyTitle}
      pendingText="Checking the card…"
      isPending={verification.isPending}
      look={looks[data.standing]}
      headline={standingText(data)}
      detail={
        data.standing === 'not_found' && <p className="text-stone-600">{CARD_MESSAGES.notFoundDetail}</p>
      }
      details={
        data.standing !== 'not_found' && (
          <>
            <VerificationFact label="Member" wide className="font-semibold text-stone-900 text-xl">
              {data.name}
            </VerificationFact>
            <VerificationFact label="Category">{data.category}</VerificationFact>
            <VerificationFact label="Member no." className="whitespace-nowrap font-mono text-stone-900">
              {data.memberNumber}
            </VerificationFact>
          </>
        )
      }
    />
  );
}
