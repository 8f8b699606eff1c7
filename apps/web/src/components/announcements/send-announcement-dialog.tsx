import {
  ANNOUNCEMENT_MESSAGES,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementItemType,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { DialogCloseButton, DialogFormEnd, DialogPanel } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useItemAnnouncement, useSendAnnouncement } from './announcement-api';
import { AudienceChoice, announcedText } from './announcement-fields';

/**
 * "Send announcement" for an article or event already published (docs/product-rules.md
 * "Announcements"): the audience, then Send. An item announced before shows when and to whom
 * instead (decision 052: once per item). The idempotency key is made when the dialog opens, so a
 * double click or a repeated request sends once.
 */
export function SendAnnouncementDialog({
  itemType,
  itemId,
  itemTitle,
  onClose,
  onSent,
  onFailed,
}: {
  itemType: AnnouncementItemType;
  itemId: string;
  itemTitle: string;
  onClose: () => void;
  onSent: (announcement: Announcement) => void;
  onFailed: (text: string, detail?: string) => void;
}) {
  const earlier = useItemAnnouncement(itemType, itemId);
  const send = useSendAnnouncement();
  const [audience, setAudience] = useState<AnnouncementAudience>('good_standing');
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send.mutate(
      { item_type: itemType, item_id: itemId, audience, idempotency_key: idempotencyKey },
      {
        onSuccess: (announcement) => onSent(announcement),
        onError: (error) =>
          onFailed(ANNOUNCEMENT_MESSAGES.sendFailed, error instanceof ApiError ? error.error : undefined),
      },
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !send.isPending && onClose()}>
      <DialogPanel>
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          {ANNOUNCEMENT_MESSAGES.sendTitle}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          {ANNOUNCEMENT_MESSAGES.sendDescription(itemTitle)}
        </Dialog.Description>
        {earlier.data ? (
          <p className="mt-6 rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-700">
            {announcedText(earlier.data)}
          </p>
        ) : (
          <form noValidate onSubmit={submit} className="mt-6 space-y-5">
            <AudienceChoice value={audience} onChange={setAudience} disabled={earlier.isPending} />
            <DialogFormEnd
              pending={send.isPending || earlier.isPending}
              submitLabel={ANNOUNCEMENT_MESSAGES.send}
              pendingLabel={ANNOUNCEMENT_MESSAGES.sending}
            />
          </form>
        )}
        <DialogCloseButton disabled={send.isPending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
