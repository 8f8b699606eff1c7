// The member directory (docs/product-rules.md "Member directory", docs/decisions/072): the lists
// an entry is described and found by, who may see each of its fields, and its limits and texts.
// Configuration, not code: another commodity or specialisation is a line here.
import { PROFESSIONS } from './cpd-transcript';

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** What a company explores for or mines, and what a professional works on. */
export const DIRECTORY_COMMODITIES = [
  { code: 'gold', label: 'Gold' },
  { code: 'copper', label: 'Copper' },
  { code: 'nickel', label: 'Nickel' },
  { code: 'chromite', label: 'Chromite' },
  { code: 'iron', label: 'Iron ore' },
  { code: 'silver', label: 'Silver' },
  { code: 'zinc', label: 'Zinc' },
  { code: 'lead', label: 'Lead' },
  { code: 'cobalt', label: 'Cobalt' },
  { code: 'manganese', label: 'Manganese' },
  { code: 'molybdenum', label: 'Molybdenum' },
  { code: 'coal', label: 'Coal' },
  { code: 'limestone', label: 'Limestone' },
  { code: 'aggregates', label: 'Aggregates' },
  { code: 'rare_earths', label: 'Rare earth elements' },
] as const;

/** What a company does. */
export const DIRECTORY_ACTIVITIES = [
  { code: 'exploration', label: 'Exploration' },
  { code: 'mining', label: 'Mining' },
  { code: 'drilling', label: 'Drilling' },
  { code: 'assaying', label: 'Assaying' },
  { code: 'geophysics', label: 'Geophysics' },
  { code: 'geochemistry', label: 'Geochemistry' },
  { code: 'consulting', label: 'Consulting' },
  { code: 'environmental', label: 'Environmental services' },
  { code: 'processing', label: 'Processing' },
  { code: 'supplier', label: 'Supplier' },
] as const;

/** A professional's fields of practice. */
export const DIRECTORY_SPECIALISATIONS = [
  { code: 'resource_estimation', label: 'Resource estimation' },
  { code: 'exploration_geology', label: 'Exploration geology' },
  { code: 'structural_geology', label: 'Structural geology' },
  { code: 'hydrogeology', label: 'Hydrogeology' },
  { code: 'geophysics', label: 'Geophysics' },
  { code: 'geochemistry', label: 'Geochemistry' },
  { code: 'geotechnical', label: 'Geotechnical engineering' },
  { code: 'mine_planning', label: 'Mine planning' },
  { code: 'mineral_processing', label: 'Mineral processing' },
  { code: 'environmental', label: 'Environmental management' },
  { code: 'gis_remote_sensing', label: 'GIS and remote sensing' },
  { code: 'drilling_supervision', label: 'Drilling supervision' },
] as const;

/**
 * The regions of the Philippines and their provinces (the Philippine Statistics Authority's list,
 * with the Negros Island Region of RA 12000). Metro Manila has no provinces: it is one entry.
 */
const REGIONS_WITH_PROVINCES = [
  ['ncr', 'National Capital Region (NCR)', ['Metro Manila']],
  [
    'car',
    'Cordillera Administrative Region (CAR)',
    ['Abra', 'Apayao', 'Benguet', 'Ifugao', 'Kalinga', 'Mountain Province'],
  ],
  ['region_1', 'Ilocos Region (Region I)', ['Ilocos Norte', 'Ilocos Sur', 'La Union', 'Pangasinan']],
  ['region_2', 'Cagayan Valley (Region II)', ['Batanes', 'Cagayan', 'Isabela', 'Nueva Vizcaya', 'Quirino']],
  [
    'region_3',
    'Central Luzon (Region III)',
    ['Aurora', 'Bataan', 'Bulacan', 'Nueva Ecija', 'Pampanga', 'Tarlac', 'Zambales'],
  ],
  ['region_4a', 'CALABARZON (Region IV-A)', ['Batangas', 'Cavite', 'Laguna', 'Quezon', 'Rizal']],
  [
    'mimaropa',
    'MIMAROPA Region',
    ['Marinduque', 'Occidental Mindoro', 'Oriental Mindoro', 'Palawan', 'Romblon'],
  ],
  [
    'region_5',
    'Bicol Region (Region V)',
    ['Albay', 'Camarines Norte', 'Camarines Sur', 'Catanduanes', 'Masbate', 'Sorsogon'],
  ],
  ['region_6', 'Western Visayas (Region VI)', ['Aklan', 'Antique', 'Capiz', 'Guimaras', 'Iloilo']],
  ['nir', 'Negros Island Region (NIR)', ['Negros Occidental', 'Negros Oriental', 'Siquijor']],
  ['region_7', 'Central Visayas (Region VII)', ['Bohol', 'Cebu']],
  [
    'region_8',
    'Eastern Visayas (Region VIII)',
    ['Biliran', 'Eastern Samar', 'Leyte', 'Northern Samar', 'Samar', 'Southern Leyte'],
  ],
  [
    'region_9',
    'Zamboanga Peninsula (Region IX)',
    ['Zamboanga del Norte', 'Zamboanga del Sur', 'Zamboanga Sibugay'],
  ],
  [
    'region_10',
    'Northern Mindanao (Region X)',
    ['Bukidnon', 'Camiguin', 'Lanao del Norte', 'Misamis Occidental', 'Misamis Oriental'],
  ],
  [
    'region_11',
    'Davao Region (Region XI)',
    ['Davao de Oro', 'Davao del Norte', 'Davao del Sur', 'Davao Occidental', 'Davao Oriental'],
  ],
  ['region_12', 'SOCCSKSARGEN (Region XII)', ['Cotabato', 'Sarangani', 'South Cotabato', 'Sultan Kudarat']],
  [
    'region_13',
    'Caraga (Region XIII)',
    ['Agusan del Norte', 'Agusan del Sur', 'Dinagat Islands', 'Surigao del Norte', 'Surigao del Sur'],
  ],
  [
    'barmm',
    'Bangsamoro (BARMM)',
    ['Basilan', 'Lanao del Sur', 'Maguindanao del Norte', 'Maguindanao del Sur', 'Sulu', 'Tawi-Tawi'],
  ],
] as const;

export const PHILIPPINE_REGIONS = REGIONS_WITH_PROVINCES.map(([code, label, provinces]) => ({
  code,
  label,
  provinces: provinces.map((name) => ({ code: slug(name), label: name })),
}));
export const PHILIPPINE_PROVINCES = PHILIPPINE_REGIONS.flatMap((region) =>
  region.provinces.map((province) => ({ ...province, region: region.code })),
);

type Coded = readonly { code: string }[];
const codesOf = <List extends Coded>(list: List) =>
  list.map((item) => item.code) as unknown as [List[number]['code'], ...List[number]['code'][]];

export const DIRECTORY_COMMODITY_CODES = codesOf(DIRECTORY_COMMODITIES);
export const DIRECTORY_ACTIVITY_CODES = codesOf(DIRECTORY_ACTIVITIES);
export const DIRECTORY_SPECIALISATION_CODES = codesOf(DIRECTORY_SPECIALISATIONS);
export const PHILIPPINE_REGION_CODES = codesOf(PHILIPPINE_REGIONS);
export const PHILIPPINE_PROVINCE_CODES = PHILIPPINE_PROVINCES.map((province) => province.code) as [
  string,
  ...string[],
];
/** The profession list of the CPD transcript (decision 070), reused as it is. */
export const DIRECTORY_PROFESSION_CODES = codesOf(PROFESSIONS);

export type DirectoryCommodity = (typeof DIRECTORY_COMMODITY_CODES)[number];
export type DirectoryActivity = (typeof DIRECTORY_ACTIVITY_CODES)[number];
export type DirectorySpecialisation = (typeof DIRECTORY_SPECIALISATION_CODES)[number];
export type PhilippineRegion = (typeof PHILIPPINE_REGION_CODES)[number];

/** The region a province is in; undefined for a code that is no province. */
export const regionOfProvince = (province: string) =>
  PHILIPPINE_PROVINCES.find((item) => item.code === province)?.region;

const labelIn = (list: readonly { code: string; label: string }[]) => (code: string) =>
  list.find((item) => item.code === code)?.label ?? code;
export const commodityLabel = labelIn(DIRECTORY_COMMODITIES);
export const activityLabel = labelIn(DIRECTORY_ACTIVITIES);
export const specialisationLabel = labelIn(DIRECTORY_SPECIALISATIONS);
export const regionLabel = labelIn(PHILIPPINE_REGIONS);
export const provinceLabel = labelIn(PHILIPPINE_PROVINCES);

/** A company's entry or a professional's: from the account's type (company, individual). */
export const DIRECTORY_ENTRY_KINDS = ['company', 'professional'] as const;
export type DirectoryEntryKind = (typeof DIRECTORY_ENTRY_KINDS)[number];

/** Who sees a field: anyone, members in good standing (and staff), or no one but its owner. */
export const DIRECTORY_VISIBILITIES = ['public', 'members', 'nobody'] as const;
export type DirectoryVisibility = (typeof DIRECTORY_VISIBILITIES)[number];
export const DIRECTORY_VISIBILITY_LABELS: Record<DirectoryVisibility, string> = {
  public: 'Everyone',
  members: 'Members only',
  nobody: 'No one',
};

/**
 * The fields of an entry, each with its own visibility. `name` is the entry itself: it is public
 * or members-only (an entry whose name a viewer may not see is not shown to them at all), never
 * "no one". `areas` is the regions and provinces together; the licence badge goes with
 * `profession`. Which kind each field belongs to is in DIRECTORY_FIELDS_BY_KIND.
 */
export const DIRECTORY_FIELDS = [
  'name',
  'logo',
  'about',
  'commodities',
  'activities',
  'areas',
  'website',
  'contactPerson',
  'profession',
  'specialisations',
  'yearsOfPractice',
  'employer',
  'competentPerson',
  'representatives',
] as const;
export type DirectoryField = (typeof DIRECTORY_FIELDS)[number];
export type DirectoryVisibilityMap = Record<DirectoryField, DirectoryVisibility>;

export const DIRECTORY_FIELDS_BY_KIND: Record<DirectoryEntryKind, readonly DirectoryField[]> = {
  company: [
    'name',
    'logo',
    'about',
    'commodities',
    'activities',
    'areas',
    'website',
    'contactPerson',
    'representatives',
  ],
  professional: [
    'name',
    'about',
    'profession',
    'specialisations',
    'yearsOfPractice',
    'employer',
    'competentPerson',
    'commodities',
    'areas',
  ],
};

export const DIRECTORY_FIELD_LABELS: Record<DirectoryField, string> = {
  name: 'Name',
  logo: 'Logo',
  about: 'About',
  commodities: 'Commodities',
  activities: 'Activities',
  areas: 'Regions and provinces',
  website: 'Website',
  contactPerson: 'Contact person',
  profession: 'Profession and licence badge',
  specialisations: 'Specialisations',
  yearsOfPractice: 'Years of practice',
  employer: 'Employer',
  competentPerson: 'Competent person',
  representatives: 'Representatives',
};

/** A new listing shows its name to everyone and everything else to members only. */
export const DEFAULT_DIRECTORY_VISIBILITY: DirectoryVisibilityMap = Object.fromEntries(
  DIRECTORY_FIELDS.map((field) => [field, field === 'name' ? 'public' : 'members']),
) as DirectoryVisibilityMap;

/**
 * The fields `viewer` may see of an entry with `visibility`: its owner all, staff and members in
 * good standing the public and members-only ones, anyone else the public ones. The server builds
 * each answer from these alone (modules/directory).
 */
export function visibleDirectoryFields(
  visibility: DirectoryVisibilityMap,
  viewer: { member: boolean; owner?: boolean },
): Set<DirectoryField> {
  return new Set(
    DIRECTORY_FIELDS.filter((field) => {
      const seenBy = visibility[field] ?? DEFAULT_DIRECTORY_VISIBILITY[field];
      if (viewer.owner) return true;
      return seenBy === 'public' || (seenBy === 'members' && viewer.member);
    }),
  );
}

export const DIRECTORY_PAGE_SIZE = 24;
export const DIRECTORY_ABOUT_MAX = 2000;
export const DIRECTORY_MESSAGE_MAX = 1000;
/** Messages one member may send through the directory in an hour; the next is refused 429. */
export const DIRECTORY_MESSAGES_PER_HOUR = 20;
export const DIRECTORY_MAX_YEARS_OF_PRACTICE = 70;
export const DIRECTORY_HIDE_REASON_MAX = 500;

export const DIRECTORY_MESSAGES = {
  title: 'Member directory',
  intro: 'Companies and professionals of the association, listed by their own choice.',
  empty: 'No entries match these filters.',
  notFound: 'This entry is not in the directory',
  notAMember: 'Only members can be listed in the directory',
  toYourself: 'You cannot send a message to yourself',
  contactOff: 'This member does not accept messages',
  acceptRequired: 'Please accept that the member will see your e-mail address',
  acceptLabel: 'I accept that the member will see my e-mail address and can reply to it',
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${DIRECTORY_MESSAGE_MAX} characters`,
  tooManyMessages: `You can send at most ${DIRECTORY_MESSAGES_PER_HOUR} messages an hour. Please try again later.`,
  sent: 'Your message has been sent. Replies come to your e-mail address.',
  sendAction: 'Send a message',
  signInToContact: 'Sign in as a member in good standing to send a message.',
  membersOnlyHint: 'Members in good standing see more of each entry when signed in.',
  listedLabel: 'List me in the member directory',
  contactLabel: 'Members may send me messages through the directory',
  saved: 'Your directory listing is saved.',
  notListedYet: 'You are not listed: tick "List me in the member directory" to appear.',
  hiddenByStaff: (reason: string) => `The secretariat has hidden your entry: ${reason}`,
  reasonRequired: 'Reason is required',
  reported: 'Thank you. The secretariat will look at this message.',
  licenceVerified: 'PRC licence verified',
  competentPerson: 'Competent person',
  unknownChoice: (label: string, values: readonly string[]) => `${label} must be one of ${values.join(', ')}`,
} as const;

/**
 * A company's representatives in its entry (docs/decisions/072, "Added on 2026-12-08"): the company
 * picks them, and each appears only once they have agreed from the link mailed to them.
 */
export const DIRECTORY_REPRESENTATIVE_STATUSES = ['not_asked', 'asked', 'agreed'] as const;
export type DirectoryRepresentativeStatus = (typeof DIRECTORY_REPRESENTATIVE_STATUSES)[number];
export const DIRECTORY_REPRESENTATIVE_STATUS_LABELS: Record<DirectoryRepresentativeStatus, string> = {
  not_asked: 'Not shown',
  asked: 'Asked, waiting for their agreement',
  agreed: 'Agreed: shown in the entry',
};

export const DIRECTORY_REPRESENTATIVE_MESSAGES = {
  heading: 'Representatives in the entry',
  intro:
    'A representative appears in your entry only after they agree from the e-mail we send them. They can withdraw at any time.',
  none: 'Your company has no representatives yet.',
  ask: 'Ask to list',
  askAgain: 'Ask again',
  takeOff: 'Take off the entry',
  noEmail: 'Add their e-mail address to ask them',
  asked: (name: string) => `We have e-mailed ${name} to ask for their agreement.`,
  takenOff: (name: string) => `${name} no longer appears in your entry.`,
  notFound: 'No such representative',
  invalidLink: 'This link is invalid or has already been used.',
  missingToken: 'This link is incomplete. Please open it from the e-mail again.',
  agreeTitle: 'Appear in the member directory',
  agreeIntro:
    "Your company would like to show your name and position in its entry in the association's member directory. Nothing is shown unless you agree.",
  agreeButton: 'I agree to be listed',
  agreeing: 'Saving…',
  agreed: (company: string) =>
    `Thank you. Your name and position now appear in the entry of ${company}. The e-mail we have sent you has a link to withdraw at any time.`,
  withdrawTitle: 'Withdraw from the member directory',
  withdrawIntro: "Your name and position will no longer appear in your company's directory entry.",
  withdrawButton: 'Withdraw my agreement',
  withdrawing: 'Withdrawing…',
  withdrawn: (company: string) => `You no longer appear in the entry of ${company}.`,
} as const;
