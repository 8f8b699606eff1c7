import { associationFormsPath } from './site-config';

/**
 * The static document catalogue (spec 001 §2 "Static pages", §3 "Static document entry").
 *
 * The files themselves live in `apps/api/content/documents/<folder>/<filename>` and are served at
 * `<publicPath>/<filename>`. The secretariat replaces a file by dropping the official version in
 * at the same path; only a new or renamed document needs a change here.
 */

export const DOCUMENT_TYPES = ['pdf', 'doc'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** One downloadable file: the fields of spec 001 §3 "Static document entry". */
export type StaticDocument<Category extends string = string> = {
  title: string;
  description: string;
  type: DocumentType;
  /** kebab-case file name, unique within the whole catalogue. */
  filename: string;
  category: Category;
};

export type DocumentCollectionId = 'mgbGuidelines' | 'associationForms' | 'memberNews' | 'membership';

export type DocumentCollection<Category extends string = string> = {
  id: DocumentCollectionId;
  /** Folder under `apps/api/content/documents/`. */
  folder: string;
  /** URL prefix the files are served from, without a trailing slash. */
  publicPath: string;
  /**
   * Who may download (docs/code-style.md "Deny by default"): Member's News files are for users with
   * an active membership, checked on the server (docs/product-rules.md "Membership lifecycle").
   */
  access: 'public' | 'member';
  /** Display order of the groups on the page. */
  categories: readonly Category[];
  documents: readonly StaticDocument<Category>[];
};

/** The external link on the MGB page (spec 001 §2). */
export const MGB_WEBSITE_URL = 'https://mgb.gov.ph';

export const MGB_DOCUMENT_CATEGORIES = [
  'Guidelines',
  'Application Forms',
  'Work Programs and Manuals',
] as const;
export type MgbDocumentCategory = (typeof MGB_DOCUMENT_CATEGORIES)[number];

export const ASSOCIATION_DOCUMENT_CATEGORIES = ['Standards', 'Forms', 'Meeting Documents'] as const;
export type AssociationDocumentCategory = (typeof ASSOCIATION_DOCUMENT_CATEGORIES)[number];

export const MEMBER_NEWS_CATEGORIES = ['Announcements'] as const;
export type MemberNewsCategory = (typeof MEMBER_NEWS_CATEGORIES)[number];

export const MEMBERSHIP_DOCUMENT_CATEGORIES = ['Membership'] as const;
export type MembershipDocumentCategory = (typeof MEMBERSHIP_DOCUMENT_CATEGORIES)[number];

/** /mgb-guidelines-and-forms: the regulator's guidelines and forms members use most. */
export const mgbGuidelinesCollection: DocumentCollection<MgbDocumentCategory> = {
  id: 'mgbGuidelines',
  folder: 'mgb-guidelines-and-forms',
  publicPath: '/mgb-guidelines-and-forms',
  access: 'public',
  categories: MGB_DOCUMENT_CATEGORIES,
  documents: [
    {
      title: 'Guidelines on Exploration Permit Applications',
      description:
        'Who may apply, the documents to prepare and the steps from filing at the regional office to the grant of an exploration permit under RA 7942.',
      type: 'pdf',
      filename: 'exploration-permit-application-guidelines.pdf',
      category: 'Guidelines',
    },
    {
      title: 'Environmental Work Program Guidelines for Exploration',
      description:
        'What an Environmental Work Program must cover for an exploration project, from baseline description to progressive rehabilitation of drill sites.',
      type: 'pdf',
      filename: 'environmental-work-program-guidelines.pdf',
      category: 'Guidelines',
    },
    {
      title: 'Safety and Health Guidelines for Exploration Activities',
      description:
        'Minimum safety and health practices for field mapping, trenching and drilling camps, including emergency response and incident reporting.',
      type: 'pdf',
      filename: 'exploration-safety-and-health-guidelines.pdf',
      category: 'Guidelines',
    },
    {
      title: 'Exploration Permit Application Form',
      description:
        'The application form for a new exploration permit, with the list of attachments the regional office checks on filing.',
      type: 'pdf',
      filename: 'exploration-permit-application-form.pdf',
      category: 'Application Forms',
    },
    {
      title: 'Exploration Permit Renewal Application Form',
      description:
        'The form for renewing an exploration permit, to be filed before the current term expires together with the required exploration reports.',
      type: 'pdf',
      filename: 'exploration-permit-renewal-form.pdf',
      category: 'Application Forms',
    },
    {
      title: 'Mineral Agreement Application Form',
      description:
        'The application form for a Mineral Production Sharing Agreement or other mineral agreement, for permit holders moving towards development.',
      type: 'pdf',
      filename: 'mineral-agreement-application-form.pdf',
      category: 'Application Forms',
    },
    {
      title: 'Exploration Work Program Template',
      description:
        'A template for the two-year exploration work program: activities, schedule, technical staff and budget, in the layout reviewers expect.',
      type: 'pdf',
      filename: 'exploration-work-program-template.pdf',
      category: 'Work Programs and Manuals',
    },
    {
      title: 'Environmental Work Program Template',
      description:
        'A template for the Environmental Work Program that accompanies an exploration permit application, with sample tables for costs and monitoring.',
      type: 'pdf',
      filename: 'environmental-work-program-template.pdf',
      category: 'Work Programs and Manuals',
    },
    {
      title: 'Manual on Exploration Reporting',
      description:
        'How to prepare the quarterly and annual exploration reports: required sections, maps, drill-hole data and the deadlines for submission.',
      type: 'pdf',
      filename: 'exploration-reporting-manual.pdf',
      category: 'Work Programs and Manuals',
    },
  ],
};

/** /{product}-forms: the association's own standards, forms and meeting documents. */
export const associationFormsCollection: DocumentCollection<AssociationDocumentCategory> = {
  id: 'associationForms',
  folder: 'association-forms',
  publicPath: associationFormsPath,
  access: 'public',
  categories: ASSOCIATION_DOCUMENT_CATEGORIES,
  documents: [
    {
      title: 'Code of Conduct for Members',
      description:
        'The standards of professional and ethical behaviour that member companies and their representatives agree to uphold.',
      type: 'pdf',
      filename: 'code-of-conduct.pdf',
      category: 'Standards',
    },
    {
      title: 'Summary of the PMRC and JORC Reporting Standards',
      description:
        'A short guide to public reporting of exploration results, mineral resources and ore reserves under the PMRC and the JORC Code.',
      type: 'pdf',
      filename: 'reporting-standards-summary.pdf',
      category: 'Standards',
    },
    {
      title: 'Guide to Responsible Exploration Practice',
      description:
        'Practical expectations for field programmes: engaging host communities early, minimising disturbance and rehabilitating as work proceeds.',
      type: 'pdf',
      filename: 'responsible-exploration-practice-guide.pdf',
      category: 'Standards',
    },
    {
      title: 'Change of Company Representative Form',
      description:
        'For member companies naming a new voting or non-voting representative, or removing one who has left the company.',
      type: 'pdf',
      filename: 'change-of-representative-form.pdf',
      category: 'Forms',
    },
    {
      title: 'Member Information Update Form',
      description: 'For updating a member’s address, contact numbers, e-mail or billing details on record.',
      type: 'pdf',
      filename: 'member-information-update-form.pdf',
      category: 'Forms',
    },
    {
      title: 'Technical Presentation Request Form',
      description:
        'For members who wish to present a project, study or service at a monthly meeting, with the details the programme committee needs.',
      type: 'pdf',
      filename: 'presentation-request-form.pdf',
      category: 'Forms',
    },
    {
      title: 'Monthly Meeting Agenda Template',
      description: 'The standard running order for the monthly meeting, from call to order to open forum.',
      type: 'pdf',
      filename: 'monthly-meeting-agenda-template.pdf',
      category: 'Meeting Documents',
    },
    {
      title: 'Monthly Meeting Minutes Template',
      description:
        'The template the secretariat uses to record attendance, matters arising, presentations and resolutions at each monthly meeting.',
      type: 'pdf',
      filename: 'monthly-meeting-minutes-template.pdf',
      category: 'Meeting Documents',
    },
    {
      title: 'Annual Meeting Proxy Form',
      description:
        'For a voting representative who cannot attend the annual meeting in June to appoint a proxy for the election of Trustees.',
      type: 'pdf',
      filename: 'annual-meeting-proxy-form.pdf',
      category: 'Meeting Documents',
    },
  ],
};

/** /members-news: announcements for members with an active membership. */
export const memberNewsCollection: DocumentCollection<MemberNewsCategory> = {
  id: 'memberNews',
  folder: 'member-news',
  publicPath: '/member-news',
  access: 'member',
  categories: MEMBER_NEWS_CATEGORIES,
  documents: [
    {
      title: 'Monthly Meeting Calendar',
      description:
        'The dates of this year’s monthly meetings, usually the first business Monday, with the months moved for holidays.',
      type: 'pdf',
      filename: 'monthly-meeting-calendar.pdf',
      category: 'Announcements',
    },
    {
      title: 'Call for Nominations to the Board of Trustees',
      description:
        'How to nominate a candidate for the seven Trustee seats to be filled at the annual meeting in June, and the deadline for nominations.',
      type: 'pdf',
      filename: 'call-for-trustee-nominations.pdf',
      category: 'Announcements',
    },
    {
      title: 'Reminder on Semestral Membership Dues',
      description:
        'When the semestral dues fall due, how to pay, and why the first semester must be paid for a representative to vote.',
      type: 'pdf',
      filename: 'semestral-dues-reminder.pdf',
      category: 'Announcements',
    },
    {
      title: 'Regulatory Update: Exploration Permit Processing',
      description:
        'A members’ briefing on recent practice at the regional offices in processing exploration permit applications and renewals.',
      type: 'pdf',
      filename: 'regulatory-update-exploration-permits.pdf',
      category: 'Announcements',
    },
  ],
};

/** The two downloads of the membership page (spec 001 §2 "Membership page"). */
export const membershipDocumentsCollection: DocumentCollection<MembershipDocumentCategory> = {
  id: 'membership',
  folder: 'membership',
  publicPath: '/membership-documents',
  access: 'public',
  categories: MEMBERSHIP_DOCUMENT_CATEGORIES,
  documents: [
    {
      title: 'Membership Application Form',
      description: 'The form to complete and send to the secretariat when applying for membership.',
      type: 'pdf',
      filename: 'membership-application-form.pdf',
      category: 'Membership',
    },
    {
      title: 'Membership Obligations and Benefits',
      description: 'What the association offers its members, and what it asks of them in return.',
      type: 'pdf',
      filename: 'membership-obligations-and-benefits.pdf',
      category: 'Membership',
    },
  ],
};

export const DOCUMENT_COLLECTIONS: readonly DocumentCollection[] = [
  mgbGuidelinesCollection,
  associationFormsCollection,
  memberNewsCollection,
  membershipDocumentsCollection,
];

/** The address a document is downloaded from, e.g. `/mgb-guidelines-and-forms/exploration-permit-application-form.pdf`. */
export function getDocumentUrl(
  collection: Pick<DocumentCollection, 'publicPath'>,
  document: StaticDocument,
): string {
  return `${collection.publicPath}/${encodeURIComponent(document.filename)}`;
}
