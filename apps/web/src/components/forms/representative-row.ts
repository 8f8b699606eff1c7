import type { Representative } from '@portal/shared';

/**
 * One representative as the representatives editor holds it, the same on the membership form,
 * admin create-user and the profile's editor (spec 000 §3 "Representative"): text as typed, a
 * photo chosen here beside the stored one, and the editor's own flags.
 */
export type RepresentativeRow = {
  /** The stored representative's id; '' for one added here. */
  id: string;
  firstName: string;
  lastName: string;
  preferredName: string;
  position: string;
  /** Where a voting representative is also sent the company's dues reminders; optional. */
  email: string;
  /** 'voting' or 'non-voting'; '' for a stored one without a type, shown as "Other". */
  type: string;
  /** The stored photo, shown until another is chosen. */
  avatarUrl: string | null;
  /** A new photo chosen here, sent on save. */
  photo: File | null;
  /** The stored photo goes on save (spec 000 §3's avatarUrl null; the profile's editor offers it). */
  removePhoto: boolean;
  /** Deleted softly (spec 000 §3 isDeleted): struck through and restorable until the list is saved. */
  isDeleted: boolean;
};

/** What a form with a representatives editor holds under `representatives`. */
export type RepresentativesFormValues = { representatives: RepresentativeRow[] };

export const emptyRepresentativeRow = (type: 'voting' | 'non-voting'): RepresentativeRow => ({
  id: '',
  firstName: '',
  lastName: '',
  preferredName: '',
  position: '',
  email: '',
  type,
  avatarUrl: null,
  photo: null,
  removePhoto: false,
  isDeleted: false,
});

/** A stored representative as a row; `typeless` stands in for a type of none ("Other"). */
export const representativeRowOf = (
  representative: Representative,
  typeless: '' | 'non-voting' = '',
): RepresentativeRow => ({
  id: representative.id,
  firstName: representative.firstName,
  lastName: representative.lastName,
  preferredName: representative.preferredName ?? '',
  position: representative.position ?? '',
  email: representative.email ?? '',
  type: representative.type ?? typeless,
  avatarUrl: representative.avatarUrl,
  photo: null,
  removePhoto: false,
  isDeleted: false,
});

/** The name a row goes by in buttons, notices and confirmations. */
export const representativeRowName = (row: Pick<RepresentativeRow, 'firstName' | 'lastName'>) =>
  `${row.firstName} ${row.lastName}`.trim() || 'New representative';
