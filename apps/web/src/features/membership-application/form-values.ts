import {
  APPLICANT_TYPES,
  type ApplicantType,
  addedRepresentativeType,
  consentCheckboxDefaults,
  prefillFromPreferredPackage,
  type UserData,
} from '@portal/shared';
import { type AddressFormValues, emptyAddress } from '@/components/forms/address-fieldset';
import { EMPTY_NAME_VALUES, type NameFormValues, nameValuesOf } from '@/components/forms/name-fieldset';
import {
  emptyRepresentativeRow,
  type RepresentativesFormValues,
  representativeRowOf,
} from '@/components/forms/representative-row';

/** The membership form as its inputs hold it: every value text, blank selects ''. */
export type ApplicationFormValues = AddressFormValues &
  NameFormValues &
  RepresentativesFormValues & {
    type: ApplicantType | '';
    category: string;
    phone: string;
    facsimile: string;
    about: string;
    tin: string;
    billingAddress: string;
    billingEmail: string;
    /** The privacy notice's box and the optional consents' (docs/decisions/065), unticked to start. */
    acceptNotice: boolean;
    optionalConsents: { announcements_email: boolean; member_directory: boolean; cpd_prc_report: boolean };
  };

/** Where the form starts: its values, and what is stored that the form does not edit as such. */
export type ApplicationStart = {
  values: ApplicationFormValues;
  /** The stored address, kept when the address parts are left blank (docs/decisions/023). */
  currentAddress: string | null;
  /** The stored logo or profile photo, kept unless another is chosen. */
  currentPicture: string | null;
};

const BLANK = {
  ...emptyAddress,
  phone: '',
  facsimile: '',
  about: '',
  ...EMPTY_NAME_VALUES,
  tin: '',
  billingAddress: '',
  billingEmail: '',
  ...consentCheckboxDefaults,
};

/** A new account's form (spec 000 §4): blank, but for the plan chosen with 'Select Plan'. */
export function newApplicationStart(preferredPackage: string | null): ApplicationStart {
  const prefill = prefillFromPreferredPackage(preferredPackage);
  return {
    values: {
      ...BLANK,
      type: prefill?.type ?? '',
      category: prefill?.category ?? '',
      representatives:
        prefill?.type === 'company' ? [emptyRepresentativeRow(addedRepresentativeType([]))] : [],
    },
    currentAddress: null,
    currentPicture: null,
  };
}

/**
 * A renewal's form (docs/decisions/023): everything the member holds now, their type, the
 * category of their newest membership, their contact details, About and representatives with
 * their photos, so that sending it again changes only what they change. The stored address is one
 * line the form cannot split back into its parts: it is shown, and kept unless parts are typed.
 */
export function renewalStart({ data: profile, companyReps, membershipData }: UserData): ApplicationStart {
  const type = (APPLICANT_TYPES as readonly string[]).includes(profile.type)
    ? (profile.type as ApplicantType)
    : '';
  // Memberships come newest first; a category that does not go with the type is chosen again.
  const category = membershipData[0]?.category ?? '';
  const fits = type === 'individual' ? category === 'Individual' : category !== 'Individual';
  return {
    values: {
      ...BLANK,
      type,
      category: type === 'individual' ? 'Individual' : type && fits ? category : '',
      phone: profile.phone ?? '',
      facsimile: profile.facsimile ?? '',
      about: profile.about ?? '',
      ...nameValuesOf(profile),
      tin: profile.tin ?? '',
      billingAddress: profile.billingAddress ?? '',
      billingEmail: profile.billingEmail ?? '',
      representatives:
        type === 'company'
          ? // The form offers voting and non-voting; no type is shown as "Other" with non-voting.
            companyReps.map((representative) => representativeRowOf(representative, 'non-voting'))
          : [],
    },
    currentAddress: profile.address,
    currentPicture: type === 'company' ? profile.logoUrl : profile.avatarUrl,
  };
}
