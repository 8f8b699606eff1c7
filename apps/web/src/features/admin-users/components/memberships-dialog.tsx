import {
  ADMIN_USER_MESSAGES,
  type AdminMembership,
  type AdminUser,
  CARD_MESSAGES,
  formatDate,
  MEMBERSHIP_STANDING_LABELS,
  MEMBERSHIP_STATUSES,
  type MembershipStatus,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogCloseButton, DialogPanel } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import {
  useDeleteMembership,
  useRevokeCard,
  useUpdateMembership,
  useUserMemberships,
} from '../api/memberships';
import { MEMBERSHIP_STATUS_LABELS, refusalReason } from './user-labels';
import { UserSummary } from './user-summary';

type MembershipsDialogProps = {
  user: AdminUser;
  onClose: () => void;
  /** A short confirmation: spec 000 §8 'Membership updated successfully!'. */
  onConfirmed: (text: string) => void;
  /** The spec's failure message, and the reason a server rule gave, if one refused it. */
  onFailed: (text: string, detail?: string) => void;
};

/**
 * The memberships editor of spec 000 §2: every membership of the user, newest first, with its
 * standing and period; each can be set pending, approved (which bills the member, whose 12 months start on payment, and
 * e-mails the member) or rejected (also e-mailed), or deleted after a confirmation.
 */
export function MembershipsDialog({ user, onClose, onConfirmed, onFailed }: MembershipsDialogProps) {
  const memberships = useUserMemberships(user.id);
  const [deleting, setDeleting] = useState<AdminMembership | null>(null);
  const [revoking, setRevoking] = useState<AdminMembership | null>(null);
  const deleteMembership = useDeleteMembership();
  const revokeCard = useRevokeCard();

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPanel size="wide">
        <DialogCloseButton />
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          Memberships
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          Approving starts a 12-month membership and e-mails the member; rejecting e-mails them too.
        </Dialog.Description>
        <div className="mt-5 rounded-lg bg-stone-50 p-3">
          <UserSummary user={user} />
        </div>
        <div className="mt-5">
          {memberships.isPending ? (
            <div role="status" aria-label="Loading memberships" className="space-y-3">
              <Skeleton className="h-20 w-full" />
              <Skeleton className="h-20 w-full" />
            </div>
          ) : memberships.isError ? (
            <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm">
              {ADMIN_USER_MESSAGES.membershipsLoadFailed}
            </p>
          ) : memberships.data.length === 0 ? (
            <p className="py-6 text-center text-stone-600">This user has no memberships.</p>
          ) : (
            <ul className="space-y-3">
              {memberships.data.map((membership) => (
                <MembershipRow
                  key={membership.id}
                  membership={membership}
                  onConfirmed={onConfirmed}
                  onFailed={onFailed}
                  onDelete={() => setDeleting(membership)}
                  onRevokeCard={() => setRevoking(membership)}
                />
              ))}
            </ul>
          )}
        </div>
        <ConfirmDialog
          open={deleting !== null}
          title="Delete Membership"
          text="Are you sure you want to delete this membership? This action cannot be undone."
          confirmLabel="Delete"
          tone="danger"
          pending={deleteMembership.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            deleting &&
            deleteMembership.mutate(deleting.id, {
              onSuccess: () => onConfirmed(ADMIN_USER_MESSAGES.membershipDeleted),
              onError: (error) => onFailed(ADMIN_USER_MESSAGES.membershipDeleteFailed, refusalReason(error)),
              onSettled: () => setDeleting(null),
            })
          }
        >
          {deleting && (
            <p className="text-sm text-stone-700">
              {deleting.category} membership, applied {formatDate(deleting.created_at)}
            </p>
          )}
        </ConfirmDialog>
        <ConfirmDialog
          open={revoking !== null}
          title="Revoke card"
          text={CARD_MESSAGES.revokeConfirm}
          confirmLabel="Revoke card"
          tone="danger"
          pending={revokeCard.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            revoking &&
            revokeCard.mutate(revoking.id, {
              onSuccess: () => onConfirmed(CARD_MESSAGES.revoked),
              onError: (error) => onFailed(CARD_MESSAGES.revokeFailed, refusalReason(error)),
              onSettled: () => setRevoking(null),
            })
          }
        >
          {revoking && (
            <p className="text-sm text-stone-700">
              {revoking.category} membership, member number {revoking.memberNumber}
            </p>
          )}
        </ConfirmDialog>
      </DialogPanel>
    </Dialog.Root>
  );
}

type MembershipRowProps = {
  membership: AdminMembership;
  onConfirmed: (text: string) => void;
  onFailed: (text: string, detail?: string) => void;
  onDelete: () => void;
  onRevokeCard: () => void;
};

function MembershipRow({ membership, onConfirmed, onFailed, onDelete, onRevokeCard }: MembershipRowProps) {
  const [status, setStatus] = useState<MembershipStatus>(membership.status);
  const update = useUpdateMembership();
  const selectId = `membership-status-${membership.id}`;

  return (
    <li className="rounded-xl border border-stone-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-stone-900">{membership.category}</p>
          <p className="text-sm text-stone-600">Applied {formatDate(membership.created_at)}</p>
          {membership.startsAt && membership.paidThrough && (
            <p className="text-sm text-stone-600">
              {formatDate(membership.startsAt)} – {formatDate(membership.paidThrough)}
            </p>
          )}
          {membership.memberNumber && (
            <p className="text-sm text-stone-600">
              Member number <span className="font-mono text-stone-900">{membership.memberNumber}</span>
            </p>
          )}
        </div>
        <StatusBadge tone={toneOfStatus(membership.standing)}>
          {MEMBERSHIP_STANDING_LABELS[membership.standing]}
        </StatusBadge>
      </div>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          update.mutate(
            { id: membership.id, status },
            {
              onSuccess: () => onConfirmed(ADMIN_USER_MESSAGES.membershipUpdated),
              onError: (error) => {
                setStatus(membership.status);
                onFailed(ADMIN_USER_MESSAGES.membershipUpdateFailed, refusalReason(error));
              },
            },
          );
        }}
      >
        <div className="min-w-28 flex-1">
          <label htmlFor={selectId} className="mb-1.5 block font-medium text-sm text-stone-800">
            Status
          </label>
          <select
            id={selectId}
            value={status}
            onChange={(event) => setStatus(event.target.value as MembershipStatus)}
            className="h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
          >
            {MEMBERSHIP_STATUSES.map((value) => (
              <option key={value} value={value}>
                {MEMBERSHIP_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className={buttonClasses({ variant: 'primary' })}
          disabled={status === membership.status || update.isPending}
        >
          {update.isPending ? 'Updating…' : 'Update'}
        </button>
        {membership.hasCard && (
          <button type="button" onClick={onRevokeCard} className={buttonClasses({ variant: 'secondary' })}>
            Revoke card
          </button>
        )}
        <button
          type="button"
          onClick={onDelete}
          aria-label={`Delete ${membership.category} membership`}
          title="Delete membership"
          className="inline-flex size-10 items-center justify-center rounded-lg text-red-700 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </form>
    </li>
  );
}
