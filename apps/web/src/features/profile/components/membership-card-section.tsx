import { CARD_MESSAGES, formatDate } from '@portal/shared';
import { Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { buildApiUrl } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { useMembershipCard, useRegenerateCard } from '../api/membership-card';

/**
 * The member's card on /profile (docs/product-rules.md "Membership card"): a preview of the PNG,
 * its downloads, and a new card with a confirmation that says the old one stops working.
 */
export function MembershipCardSection({ onRegenerated }: { onRegenerated: () => void }) {
  const card = useMembershipCard(true);
  const regenerate = useRegenerateCard();
  const [confirming, setConfirming] = useState(false);

  if (card.isPending) return <Skeleton className="aspect-[856/540] w-full max-w-md rounded-xl" />;
  if (card.isError) {
    return (
      <p role="alert" className="text-red-800">
        {card.error.message}
      </p>
    );
  }
  // The image changes with the card: its verification address names it.
  const version = card.data.verifyUrl.slice(-12);
  return (
    <div className="flex flex-col gap-6">
      <img
        src={buildApiUrl('/members/card.png', { v: version })}
        alt={`Membership card of ${card.data.name}, member number ${card.data.memberNumber}, valid through ${formatDate(card.data.validThrough)}`}
        width={1011}
        height={638}
        className="aspect-[1011/638] w-full max-w-md rounded-xl shadow-md ring-1 ring-stone-900/10"
      />
      <div className="flex min-w-0 flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium text-stone-600">Member number</dt>
          <dd className="whitespace-nowrap font-mono text-stone-900">{card.data.memberNumber}</dd>
          <dt className="font-medium text-stone-600">Valid through</dt>
          <dd className="text-stone-900">{formatDate(card.data.validThrough)}</dd>
        </dl>
        <p className="text-sm text-stone-600">
          Show it at events for the member rate: its QR code opens a page that checks your membership live.
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => downloadWithSession('/members/card.png')}
            className={buttonClasses({ variant: 'primary' })}
          >
            <Download aria-hidden="true" className="size-4" />
            Download PNG
          </button>
          <button
            type="button"
            onClick={() => downloadWithSession('/members/card.pdf')}
            className={buttonClasses({ variant: 'secondary' })}
          >
            <Download aria-hidden="true" className="size-4" />
            Download PDF
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className={buttonClasses({ variant: 'secondary' })}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Regenerate
          </button>
        </div>
        {regenerate.isError && (
          <p role="alert" className="text-red-800 text-sm">
            {regenerate.error.message}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Make a new card?"
        text={CARD_MESSAGES.regenerateConfirm}
        confirmLabel="Make a new card"
        tone="danger"
        pending={regenerate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: onRegenerated,
          })
        }
      />
    </div>
  );
}
