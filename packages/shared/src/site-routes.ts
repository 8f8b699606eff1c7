import { associationFormsPath } from './site-config';

/**
 * Every address of the web app's pages, those built and those to come (docs/code-style.md
 * "Constants have one home"). The web app links with these (apps/web/src/config/paths.ts); the
 * server reads SITE_ROUTES below.
 */
export const sitePaths = {
  home: '/',
  about: '/about',
  boardOfTrustees: '/board-of-trustees',
  affiliations: '/affiliations',
  events: '/events',
  eventDetail: (id: string) => `/events/${encodeURIComponent(id)}`,
  news: '/news',
  newsArticle: (id: string) => `/news/${encodeURIComponent(id)}`,
  membersNews: '/members-news',
  membership: '/membership',
  ronniesCorner: '/ronnies-corner',
  /** The privacy notice (docs/product-rules.md "Privacy"). */
  privacy: '/privacy',
  mgbGuidelines: '/mgb-guidelines-and-forms',
  associationForms: associationFormsPath,
  profile: '/profile',
  profileRepresentatives: '/profile/representatives',
  /** The e-mailed link of a data export (decision 067): signs in first, then downloads the ZIP. */
  profileDataExport: (id: string) => `/profile/data-export/${encodeURIComponent(id)}`,
  /** Setting up two-step sign-in (decision 061); `?next=` names the page to go on to. */
  twoStepSetup: '/account/two-step',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminUsersCreate: '/admin/users/create',
  adminEvents: '/admin/events',
  adminEventAttendees: (id: string) => `/admin/events/${encodeURIComponent(id)}/attendees`,
  adminEventCheckIn: (id: string) => `/admin/events/${encodeURIComponent(id)}/check-in`,
  adminNews: '/admin/news',
  adminAnnouncements: '/admin/announcements',
  adminBoard: '/admin/board',
  adminDues: '/admin/dues',
  adminDuesReminders: '/admin/dues/reminders',
  adminJobs: '/admin/scheduled-work',
  /** The breach register (docs/decisions/069): the list, a new record, one breach. */
  adminPrivacyBreaches: '/admin/privacy/breaches',
  adminPrivacyBreachNew: '/admin/privacy/breaches/new',
  adminPrivacyBreach: (id: string) => `/admin/privacy/breaches/${encodeURIComponent(id)}`,
  /** Members' erasure and correction requests (docs/decisions/068). */
  adminPrivacyRequests: '/admin/privacy-requests',
  /** External CPD units for review, the provider's accreditation, the short-of-units report (decision 070). */
  adminCpd: '/admin/cpd',
  /** A printed CPD transcript's verification page, by its code. */
  transcriptsVerify: '/cpd/transcripts/verify',
  login: '/login',
  register: '/register',
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  userForms: '/user-forms',
  unauthorized: '/unauthorized',
  verify: '/verify',
  verifyCard: (token: string) => `/verify/${encodeURIComponent(token)}`,
  adminEventCpd: (id: string) => `/admin/events/${encodeURIComponent(id)}/cpd`,
  certificatesVerify: '/certificates/verify',
  /** A certificate's verification page, by its code (decision 066), never its printed number. */
  verifyCertificate: (code: string) => `/certificates/verify/${encodeURIComponent(code)}`,
  /** An announcement e-mail's unsubscribe link lands here, the token in its query. */
  unsubscribe: '/unsubscribe',
  /** The e-mail change link to the new address lands here, the token in its query. */
  confirmEmailChange: '/confirm-email-change',
  /** The notice to the old address of an e-mail change links here, the token in its query. */
  undoEmailChange: '/undo-email-change',
  /** The member directory (docs/decisions/072): search, an entry, one's listing, moderation. */
  directory: '/directory',
  directoryEntry: (id: string) => `/directory/${encodeURIComponent(id)}`,
  profileDirectory: '/profile/directory',
  /** A representative's links (decision 072): agree to appear in the company's entry, withdraw. */
  directoryAgreement: '/directory-agreement',
  directoryWithdrawal: '/directory-withdrawal',
  adminDirectory: '/admin/directory',
  /** The annual meeting's staff screens (docs/decisions/071): the meetings, one meeting's tabs. */
  adminMeetings: '/admin/meetings',
  adminMeeting: (id: string) => `/admin/meetings/${encodeURIComponent(id)}`,
  /** After the annual meeting (docs/decisions/078): the staff's panel and the members' downloads. */
  adminMeetingAfter: (id: string) => `/admin/meetings/${encodeURIComponent(id)}/after`,
  /** The venue's tablet for the voters present (docs/decisions/071 "Venue voting"). */
  adminMeetingVenue: (id: string) => `/admin/meetings/${encodeURIComponent(id)}/venue`,
  meetingDocuments: '/meeting-documents',
  /** The annual meeting for members (docs/decisions/071): the list, a meeting, its results. */
  meetings: '/meetings',
  meeting: (id: string) => `/meetings/${encodeURIComponent(id)}`,
  meetingResults: (id: string) => `/meetings/${encodeURIComponent(id)}/results`,
  /** The staff's live quorum, for the projector (docs/decisions/071). */
  meetingQuorum: (id: string) => `/meetings/${encodeURIComponent(id)}/quorum`,
} as const;

/**
 * The pages the web app serves today, as its router declares them (react-router patterns: fixed
 * segments and `:name` parameters). The web router declares exactly these (app/router.test.tsx).
 * Two things follow from this list:
 * - a link whose page is not in it is not shown (menus, footer, search, home), so no public link
 *   leads to a missing page; the issue that builds a page adds it here and its links appear;
 * - the server answers every other address with 404 (apps/api/src/plugins/web-app.ts), so search
 *   engines see real 404s while the app still renders its not-found page.
 */
export const SITE_ROUTES: readonly string[] = [
  sitePaths.home,
  sitePaths.about,
  sitePaths.boardOfTrustees,
  sitePaths.affiliations,
  sitePaths.events,
  `${sitePaths.events}/:id`,
  sitePaths.news,
  `${sitePaths.news}/:id`,
  sitePaths.membersNews,
  sitePaths.membership,
  sitePaths.ronniesCorner,
  sitePaths.privacy,
  sitePaths.mgbGuidelines,
  sitePaths.associationForms,
  sitePaths.login,
  sitePaths.register,
  sitePaths.confirmEmail,
  sitePaths.forgotPassword,
  sitePaths.resetPassword,
  sitePaths.confirmEmailChange,
  sitePaths.undoEmailChange,
  sitePaths.directoryAgreement,
  sitePaths.directoryWithdrawal,
  sitePaths.userForms,
  sitePaths.unauthorized,
  sitePaths.profile,
  sitePaths.profileRepresentatives,
  `${sitePaths.profile}/data-export/:id`,
  sitePaths.twoStepSetup,
  sitePaths.admin,
  sitePaths.adminUsers,
  sitePaths.adminUsersCreate,
  sitePaths.adminBoard,
  sitePaths.adminDues,
  sitePaths.adminDuesReminders,
  sitePaths.adminEvents,
  `${sitePaths.adminEvents}/:id/attendees`,
  `${sitePaths.adminEvents}/:id/check-in`,
  sitePaths.adminNews,
  sitePaths.adminAnnouncements,
  sitePaths.adminJobs,
  sitePaths.adminPrivacyBreaches,
  sitePaths.adminPrivacyBreachNew,
  `${sitePaths.adminPrivacyBreaches}/:id`,
  sitePaths.adminPrivacyRequests,
  `${sitePaths.verify}/:token`,
  `${sitePaths.adminEvents}/:id/cpd`,
  `${sitePaths.certificatesVerify}/:code`,
  sitePaths.adminCpd,
  `${sitePaths.transcriptsVerify}/:code`,
  sitePaths.unsubscribe,
  sitePaths.directory,
  `${sitePaths.directory}/:id`,
  sitePaths.profileDirectory,
  sitePaths.adminDirectory,
  sitePaths.adminMeetings,
  `${sitePaths.adminMeetings}/:id`,
  '/admin/meetings/:id/after',
  '/admin/meetings/:id/venue',
  sitePaths.meetingDocuments,
  sitePaths.meetings,
  `${sitePaths.meetings}/:id`,
  `${sitePaths.meetings}/:id/results`,
  `${sitePaths.meetings}/:id/quorum`,
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Percent-decoded and lower-cased, as react-router compares; `null` for a malformed escape. */
function decodeSegment(segment: string) {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether the web app has a page at this address (a path, or a link's `to` with a query or hash).
 * It matches as the router does: case-insensitively, a trailing slash ignored, `:name` taking one
 * non-empty segment (app/router.test.tsx holds the two to the same answers).
 */
export function isSitePath(address: string): boolean {
  const segments = segmentsOf(address.split(/[?#]/, 1)[0] ?? '').map(decodeSegment);
  return SITE_ROUTES.some((route) => {
    const routeSegments = segmentsOf(route);
    return (
      routeSegments.length === segments.length &&
      routeSegments.every(
        (routeSegment, index) =>
          routeSegment.startsWith(':') || routeSegment.toLowerCase() === segments[index],
      )
    );
  });
}
