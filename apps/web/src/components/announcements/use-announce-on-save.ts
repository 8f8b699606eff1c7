import { ANNOUNCEMENT_MESSAGES, type Announcement, type AnnouncementItemType } from '@portal/shared';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useSendAnnouncement } from './announcement-api';
import { type AnnouncementChoice, NO_ANNOUNCEMENT } from './announcement-fields';

/** What became of "E-mail to members" after a save: sent (with its counts) or refused (the reason). */
export type AnnouncementOutcome = { sent: Announcement } | { failed: string | undefined };

/**
 * "E-mail to members" on a form that saves an article or event: the choice, and `announceAfter`,
 * which announces the saved item when the box is ticked and it is published, then reports. The
 * save and the announcement are two requests: a failed announcement leaves the item saved, and
 * the admin sends it again from the list's "Send announcement" (decision 052). The key is made
 * once per form, so a repeated request sends once.
 */
export function useAnnounceOnSave(itemType: AnnouncementItemType) {
  const send = useSendAnnouncement();
  const [choice, setChoice] = useState<AnnouncementChoice>(NO_ANNOUNCEMENT);
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const announceAfter = (
    item: { id: string; status: string },
    done: (outcome: AnnouncementOutcome | undefined) => void,
  ) => {
    if (!choice.send || item.status !== 'published') return done(undefined);
    send.mutate(
      { item_type: itemType, item_id: item.id, audience: choice.audience, idempotency_key: idempotencyKey },
      {
        onSuccess: (announcement) => done({ sent: announcement }),
        onError: (error) => done({ failed: error instanceof ApiError ? error.error : undefined }),
      },
    );
  };
  return { choice, setChoice, announceAfter, isPending: send.isPending };
}

/** The sentence a list's notice adds after the saved one when an announcement went out ('' otherwise). */
export const announcementSentText = (outcome: AnnouncementOutcome | undefined) =>
  outcome && 'sent' in outcome ? ` ${ANNOUNCEMENT_MESSAGES.sent(outcome.sent.recipient_count)}` : '';
