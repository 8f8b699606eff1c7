/**
 * Staff roles (docs/product-rules.md "Staff roles", decision 060). A person may hold several; a
 * member holds none. Per-event check-in staff is not one of these: it is granted per event
 * (modules/events).
 */
export const STAFF_ROLES = ['admin', 'secretariat', 'treasurer', 'election_committee'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a person reads for each role (the admin user edit, the session's menu). */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrator',
  secretariat: 'Secretariat',
  treasurer: 'Treasurer',
  election_committee: 'Election committee',
};

/**
 * One line per role saying what it opens (docs/product-rules.md "Staff roles"), shown beside the
 * label where an administrator grants roles ("Treasurer — dues, payments, receipts and reminders").
 */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: 'everything, including staff roles',
  secretariat: 'users, memberships, events, news, board and announcements',
  treasurer: 'dues, payments, receipts and reminders',
  election_committee: "the annual meeting's nominations, roll and certification",
};

/**
 * Which roles may open each staff area. Every staff route declares one of these lists
 * (`config: { access: 'staff', roles: STAFF_AREAS.events }`, apps/api/src/plugins/access.ts),
 * and the web app's admin menu and screens read the same lists, so the menu offers only what
 * the server lets the viewer open. `admin` may open everything.
 */
export const STAFF_AREAS = {
  /** The users list and a user's details (with their memberships, history and statements). */
  usersRead: ['admin', 'secretariat', 'treasurer'],
  /** Creating, editing, enabling, disabling and deleting accounts. */
  users: ['admin', 'secretariat'],
  /** Membership applications, their review and lifecycle, membership cards. */
  memberships: ['admin', 'secretariat'],
  /** Events, their registrations, attendees, messages, check-in staff, CPD; speakers. */
  events: ['admin', 'secretariat'],
  news: ['admin', 'secretariat'],
  board: ['admin', 'secretariat'],
  announcements: ['admin', 'secretariat'],
  dashboard: ['admin', 'secretariat'],
  /** Statements, payments, receipts, reminders and the dues figures. */
  dues: ['admin', 'treasurer'],
  /** The fees and payment instructions. */
  duesSettings: ['admin', 'treasurer'],
  /** Members' requests to erase their account or correct their data (docs/decisions/068). */
  privacyRequests: ['admin', 'secretariat'],
  /** Granting and removing staff roles. */
  roles: ['admin'],
  /**
   * The breach register (docs/decisions/069): the secretariat, which answers the Data Protection
   * Officer's mail, records and notifies with the administrators; the treasurer does not.
   */
  privacyBreaches: ['admin', 'secretariat'],
  /** The scheduled jobs, their runs and "Run now". */
  scheduledWork: ['admin'],
  /**
   * The annual meeting (docs/decisions/071): the meetings list, the roll, turnout (who has voted,
   * never how) and the quorum page; `meetingsRun` creates a meeting, sends its notice, freezes the
   * roll, resolves corrections, validates proxies and opens or closes voting (the secretariat, the
   * corporate secretary); `meetingsElection` validates nominations and certifies the results (the
   * election committee). No area opens a voter's choice: no route answers it.
   */
  meetings: ['admin', 'secretariat', 'election_committee'],
  meetingsRun: ['admin', 'secretariat'],
  meetingsElection: ['admin', 'election_committee'],
  /** The member directory's moderation, licence badges and abuse reports (docs/decisions/072). */
  directory: ['admin', 'secretariat'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_AREAS;

/** Whether someone holding `held` may open what `allowed` lists. */
export const holdsAnyRole = (held: readonly string[] | undefined, allowed: readonly StaffRole[]) =>
  held?.some((role) => (allowed as readonly string[]).includes(role)) === true;

/** Whether someone holding `held` may open `area`. */
export const mayOpen = (held: readonly string[] | undefined, area: StaffArea) =>
  holdsAnyRole(held, STAFF_AREAS[area]);

export const STAFF_ROLE_MESSAGES = {
  unknownRole: `Role must be one of ${STAFF_ROLES.join(', ')}`,
  rolesRequired: 'Roles is required',
  accessRequired: 'Your role does not allow this',
  /** A staff route called by an account holding no staff role at all. */
  staffOnly: 'Admin access required',
  staffAccountsAdminOnly: 'Only an administrator can change a staff account',
} as const;
