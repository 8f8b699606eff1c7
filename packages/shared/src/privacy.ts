import { siteConfig } from './site-config';

/**
 * The privacy notice and the consents recorded under it (docs/product-rules.md "Privacy",
 * docs/decisions/065). The notice is data, not page text: `/privacy` draws it, the API answers
 * its version, and a consent names the version it was given under. A change to what it says is a
 * new `version` with its `publishedOn` date; signed-in members are then asked to read it once.
 */

/** What each consent is for. The notice itself is required to have an account; the rest are optional. */
export const CONSENT_PURPOSES = [
  'privacy_notice',
  'announcements_email',
  'member_directory',
  'cpd_prc_report',
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The consents a person may give or withdraw at any time; the notice's is not one of them. */
export const OPTIONAL_CONSENT_PURPOSES = [
  'announcements_email',
  'member_directory',
  'cpd_prc_report',
] as const satisfies readonly ConsentPurpose[];
export type OptionalConsentPurpose = (typeof OPTIONAL_CONSENT_PURPOSES)[number];

export const isConsentPurpose = (value: string): value is ConsentPurpose =>
  (CONSENT_PURPOSES as readonly string[]).includes(value);

/**
 * Where a consent row came from: the registration form, the membership application, the profile,
 * an announcement's unsubscribe link, the notice strip (a new version read), the seed, or carried
 * over from the announcement choice kept on the account before consent records existed.
 */
export const CONSENT_SOURCES = [
  'registration',
  'application',
  'profile',
  'unsubscribe',
  'notice_update',
  'seed',
  'migration',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The label of each optional consent's checkbox, and what it means, as the forms and the profile show it. */
export const CONSENT_LABELS: Record<OptionalConsentPurpose, { label: string; hint: string }> = {
  announcements_email: {
    label: 'E-mail me announcements of news and events',
    hint: 'Confirmations, receipts, statements and event messages are sent whatever you choose here.',
  },
  member_directory: {
    label: 'List me in the member directory',
    hint: "Your listing shows what you choose, field by field: to everyone, to members in good standing, or to no one (your profile's directory listing).",
  },
  cpd_prc_report: {
    label: 'Report my CPD credits to the PRC',
    hint: 'Your name, PRC licence number and the credits you earn are sent to the Professional Regulation Commission.',
  },
};

export const PRIVACY_MESSAGES = {
  noticeLabel: 'I have read the privacy notice and agree to it',
  noticeRequired: 'Please read and accept the privacy notice',
  noticeOutdated: 'The privacy notice has changed. Please read it again and accept it.',
  optionalHeading: 'Optional: you can change these at any time on your profile',
  applicationOptionalHint: 'Consents you have already given stay as they are; withdraw them on your profile.',
  unknownPurpose: 'No such consent',
  noticeNotWithdrawable:
    'The privacy notice cannot be withdrawn here: it is the basis on which your account is kept. To close your account, use "Delete my account" on your profile.',
  givenInvalid: 'Given must be true or false',
  stripText: 'We have updated our privacy notice. Please read it.',
  stripAction: 'Read the notice',
  accept: 'I have read it',
  accepted: 'Thank you. Your acceptance of the privacy notice is recorded.',
  saved: 'Saved',
  saveFailed: 'Your choice could not be saved. Please try again.',
  sectionTitle: 'Privacy and consent',
  noticeAcceptedOn: (version: string, date: string) =>
    `You accepted privacy notice version ${version} on ${date}.`,
  noticeNotAccepted: 'You have not yet accepted the current privacy notice.',
} as const;

/** A lawful basis for processing, in the words of RA 10173 (sections 12 and 13). */
export type LawfulBasis = 'consent' | 'contract' | 'legal obligation' | 'legitimate interest';

export type NoticePurpose = { title: string; data: string; basis: LawfulBasis; explanation: string };
export type NoticeRetention = { data: string; kept: string };
export type NoticeRecipient = { who: string; what: string; why: string };
export type NoticeRight = { right: string; how: string };

/** Where the association's Data Protection Officer is reached (docs/product-rules.md "Site configuration"). */
export const dataProtectionOfficer = siteConfig.dataProtectionOfficer;

/**
 * The retention schedule: how long each kind of data is kept. docs/product-rules.md "Privacy"
 * states the same schedule as the rule; `privacy.test.ts` checks the two agree.
 */
export const RETENTION_SCHEDULE: readonly NoticeRetention[] = [
  { data: 'Accounts never confirmed', kept: '30 days after registration' },
  { data: 'Membership applications that were rejected', kept: '1 year after the decision' },
  { data: 'Payment proofs', kept: '5 years after the payment' },
  {
    data: 'Statements of account, receipts and payments',
    kept: '10 years, as the BIR requires of books of account; then the name is replaced',
  },
  {
    data: 'CPD certificates issued',
    kept: 'As long as the association exists, as the record the PRC may audit',
  },
  { data: 'Sessions and sign-in records', kept: '90 days' },
  { data: 'Audit log of staff actions', kept: '10 years, with personal data erased when a person is erased' },
  { data: 'E-mail delivery logs', kept: '1 year' },
  {
    data: 'Consent records',
    kept: 'As long as the account, and 3 years after it closes, as proof of consent',
  },
  { data: 'Copies of your data that you asked for', kept: '7 days after they are prepared' },
  {
    data: 'Your profile, memberships and event registrations',
    kept: 'Until you ask for your account to be erased',
  },
];

/** The privacy notice in force. A new version is a new object here with its own version and date. */
export const PRIVACY_NOTICE = {
  // 1.1: the rights to a copy, to correction and to erasure are used on the profile (1.0 sent
  // people to the Data Protection Officer for them), published the same day. 1.2: the member
  // directory lists each field to whom the member chooses, some to the public (1.1 said members
  // only), and relays members' messages.
  version: '1.2',
  publishedOn: '2026-12-04',
  controller: {
    name: siteConfig.name,
    address: siteConfig.address,
    email: siteConfig.secretariatEmail,
    phone: siteConfig.phone,
  },
  introduction: `${siteConfig.name} (${siteConfig.acronym}) keeps personal information about its members, applicants and event participants. This notice says what we keep, why, on what lawful basis under the Data Privacy Act of 2012 (Republic Act No. 10173), who else receives it, how long we keep it and how you use your rights.`,
  purposes: [
    {
      title: 'Your account',
      data: 'Username, e-mail address, password (stored only as a hash), sign-in records',
      basis: 'contract',
      explanation: 'Needed to give you the account you asked for and keep it secure.',
    },
    {
      title: 'Membership',
      data: 'Name, address, phone, company details, representatives, TIN, photo or logo',
      basis: 'contract',
      explanation: 'Needed to consider your application and to serve you as a member.',
    },
    {
      title: 'Dues, receipts and payments',
      data: 'Statements, payments, payment proofs, billing name, address and TIN',
      basis: 'legal obligation',
      explanation: 'Tax rules require us to issue receipts and keep our books of account.',
    },
    {
      title: 'Events and CPD certificates',
      data: 'Registrations, attendance, PRC licence number, evaluations, certificates',
      basis: 'contract',
      explanation: 'Needed to run the events you register for and to issue the certificates you earn.',
    },
    {
      title: 'Reporting CPD credits to the PRC',
      data: 'Name, PRC licence number, programme and credits',
      basis: 'consent',
      explanation: 'Only when you agree; you can withdraw at any time on your profile.',
    },
    {
      title: 'Announcements of news and events by e-mail',
      data: 'Name and e-mail address',
      basis: 'consent',
      explanation: 'Only when you agree; every announcement has an unsubscribe link.',
    },
    {
      title: 'The member directory',
      data: 'Name, company or profession, what you do and where, and the contact details you choose to list',
      basis: 'consent',
      explanation:
        'Only when you agree; each field shown to whom you choose (everyone, members in good standing, or no one). Members may send you a message through the site, which you can turn off.',
    },
    {
      title: 'Security and the audit log',
      data: 'IP address, device, staff actions on your records',
      basis: 'legitimate interest',
      explanation: 'To protect accounts and to know who changed what.',
    },
  ] satisfies NoticePurpose[],
  sharing: [
    {
      who: 'Payment gateways',
      what: 'Your name, e-mail and the amount',
      why: 'To take the online payments you choose to make',
    },
    {
      who: 'The Professional Regulation Commission (PRC)',
      what: 'Name, PRC licence number, programme and credits',
      why: 'CPD reports, only with your consent',
    },
    {
      who: 'Our e-mail provider',
      what: 'Your e-mail address and the messages we send you',
      why: 'To deliver our e-mail',
    },
  ] satisfies NoticeRecipient[],
  retention: RETENTION_SCHEDULE,
  rights: [
    { right: 'To be informed', how: 'This notice; we will ask you to read it again whenever it changes.' },
    {
      right: 'To object and to withdraw consent',
      how: 'On your profile, under "Privacy and consent", at any time and as easily as you gave it.',
    },
    {
      right: 'To access your data and to have a copy',
      how: 'Your profile shows what we keep; "Download my data" on your profile e-mails you a link to a copy of all of it, free of charge, usually within minutes.',
    },
    {
      right: 'To correct your data',
      how: 'Edit your profile; for what you cannot edit, use "Correct my data" on your profile. The secretariat answers within 30 days.',
    },
    {
      right: 'To erasure or blocking',
      how: 'Use "Delete my account" on your profile. The secretariat answers within 30 days. We keep only what the law requires (receipts, issued certificates), with your name replaced.',
    },
    {
      right: 'To complain',
      how: 'Write to the Data Protection Officer, or to the National Privacy Commission (privacy.gov.ph).',
    },
  ] satisfies NoticeRight[],
} as const;

export type PrivacyNotice = typeof PRIVACY_NOTICE;

/** The version a consent to the notice must name to count. */
export const CURRENT_NOTICE_VERSION = PRIVACY_NOTICE.version;
