import type { Representative, RepresentativeInput, RepresentativeType } from '@portal/shared';

/** A representative as the editor holds it until Save All (spec 000 §3: isDeleted, hasNewAvatar). */
export type DraftRepresentative = {
  /** Stable across edits, also for one not saved yet. */
  key: string;
  id?: string;
  firstName: string;
  lastName: string;
  preferredName: string;
  position: string;
  type: RepresentativeType | null;
  /** The stored photo's path, or a new photo as a data-URL when `hasNewAvatar`. */
  avatarUrl: string | null;
  hasNewAvatar: boolean;
  isDeleted: boolean;
};

export const toDraft = (rep: Representative): DraftRepresentative => ({
  key: rep.id,
  id: rep.id,
  firstName: rep.firstName,
  lastName: rep.lastName,
  preferredName: rep.preferredName ?? '',
  position: rep.position ?? '',
  type: rep.type,
  avatarUrl: rep.avatarUrl,
  hasNewAvatar: false,
  isDeleted: false,
});

let nextKey = 0;
export const newDraft = (type: RepresentativeType): DraftRepresentative => ({
  key: `new-${++nextKey}`,
  firstName: '',
  lastName: '',
  preferredName: '',
  position: '',
  type,
  avatarUrl: null,
  hasNewAvatar: false,
  isDeleted: false,
});

/** What differs from the saved list: anything edited, deleted or added. */
export function hasChanges(
  drafts: readonly DraftRepresentative[],
  saved: readonly Representative[],
): boolean {
  const comparable = (list: readonly DraftRepresentative[]) =>
    JSON.stringify(list.map(({ key: _key, hasNewAvatar, ...rest }) => ({ ...rest, hasNewAvatar })));
  return comparable(drafts) !== comparable(saved.map(toDraft));
}

/** The body of PUT /reps/update-reps: every representative, the deleted ones flagged. */
export const toRepsData = (drafts: readonly DraftRepresentative[]): RepresentativeInput[] =>
  drafts
    // One added and deleted again before saving never existed for the server.
    .filter((draft) => draft.id || !draft.isDeleted)
    .map((draft) => ({
      id: draft.id,
      firstName: draft.firstName,
      lastName: draft.lastName,
      preferredName: draft.preferredName || null,
      position: draft.position || null,
      type: draft.type,
      avatarUrl: draft.avatarUrl,
      hasNewAvatar: draft.hasNewAvatar || undefined,
      isDeleted: draft.isDeleted || undefined,
    }));

export const draftName = (draft: Pick<DraftRepresentative, 'firstName' | 'lastName'>) =>
  `${draft.firstName} ${draft.lastName}`.trim() || 'New representative';
