import type { ApplicantType } from '@portal/shared';

/** The membership form as its inputs hold it: every value text, blank selects ''. */
export type ApplicationFormValues = {
  type: ApplicantType | '';
  category: string;
  phone: string;
  facsimile: string;
  houseNo: string;
  street: string;
  city: string;
  postalCode: string;
  about: string;
  representatives: {
    firstName: string;
    lastName: string;
    preferredName: string;
    position: string;
    type: string;
  }[];
};
