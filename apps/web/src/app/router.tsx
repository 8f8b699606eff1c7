import { associationFormsPath, type StaffArea, siteConfig } from '@portal/shared';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RouteErrorPage } from '@/features/status-pages/route-error-page';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import type { RouteHandle } from './layouts/layout-parts';
import { SiteLayout } from './layouts/site-layout';
import { StandaloneLayout } from './layouts/standalone-layout';

/**
 * Every page is its own chunk (`lazy`), so the first load carries only the shell and the page
 * visited. Each route names its tab title in `handle` (read by SiteLayout).
 */
const page = (title: string | undefined, route: RouteObject): RouteObject => ({
  ...route,
  handle: { title } satisfies RouteHandle,
});

/** An admin screen: its title and the staff area whose roles open it (decision 060). */
const staffPage = (title: string, area: StaffArea, route: RouteObject): RouteObject => ({
  ...route,
  handle: { title, area } satisfies RouteHandle,
});

function InitialLoad() {
  return <div className="min-h-dvh bg-stone-50" />;
}

export const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    // The first page's chunk is still loading: keep the screen the page colour, no flash of text.
    HydrateFallback: InitialLoad,
    // Errors of the layout itself; page errors are caught below and keep header and footer.
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          page(undefined, {
            index: true,
            lazy: () => import('./routes/home-route').then((m) => ({ Component: m.HomeRoute })),
          }),
          page('About', {
            path: paths.about,
            lazy: () => import('@/features/about/about-page').then((m) => ({ Component: m.AboutPage })),
          }),
          page('Board of Trustees', {
            path: paths.boardOfTrustees,
            lazy: () =>
              import('@/features/board/board-of-trustees-page').then((m) => ({
                Component: m.BoardOfTrusteesPage,
              })),
          }),
          page('Events', {
            path: paths.events,
            lazy: () => import('@/features/events/events-page').then((m) => ({ Component: m.EventsPage })),
          }),
          page('Member directory', {
            path: paths.directory,
            lazy: () =>
              import('@/features/directory/directory-page').then((m) => ({ Component: m.DirectoryPage })),
          }),
          page('Directory entry', {
            path: `${paths.directory}/:id`,
            lazy: () =>
              import('@/features/directory/directory-entry-page').then((m) => ({
                Component: m.DirectoryEntryPage,
              })),
          }),
          // Public, as certified results are (decision 071): anyone may recount.
          page('Election results', {
            path: `${paths.meetings}/:id/results`,
            lazy: () =>
              import('@/features/meetings/meeting-results-page').then((m) => ({
                Component: m.MeetingResultsPage,
              })),
          }),
          page('Event', {
            path: '/events/:id',
            lazy: () => import('@/features/events/event-page').then((m) => ({ Component: m.EventPage })),
          }),
          page('Affiliations', {
            path: paths.affiliations,
            lazy: () =>
              import('@/features/affiliations/affiliations-page').then((m) => ({
                Component: m.AffiliationsPage,
              })),
          }),
          page('News', {
            path: paths.news,
            lazy: () => import('@/features/news/news-list-page').then((m) => ({ Component: m.NewsListPage })),
          }),
          page('News Article', {
            path: `${paths.news}/:id`,
            lazy: () =>
              import('@/features/news/news-article-page').then((m) => ({ Component: m.NewsArticlePage })),
          }),
          page("Ronnie's Corner", {
            path: paths.ronniesCorner,
            lazy: () =>
              import('@/features/ronnies-corner/ronnies-corner-page').then((m) => ({
                Component: m.RonniesCornerPage,
              })),
          }),
          page('Privacy Notice', {
            path: paths.privacy,
            lazy: () => import('@/features/privacy/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
          }),
          page('MGB Guidelines and Forms', {
            path: paths.mgbGuidelines,
            lazy: () =>
              import('@/features/documents/mgb-guidelines-page').then((m) => ({
                Component: m.MgbGuidelinesPage,
              })),
          }),
          page(`${siteConfig.acronym} Forms`, {
            path: associationFormsPath,
            lazy: () =>
              import('@/features/documents/association-forms-page').then((m) => ({
                Component: m.AssociationFormsPage,
              })),
          }),
          page("Member's News", {
            path: paths.membersNews,
            lazy: () =>
              import('@/features/documents/members-news-page').then((m) => ({
                Component: m.MembersNewsPage,
              })),
          }),
          page('Membership', {
            path: paths.membership,
            lazy: () =>
              import('@/features/membership/membership-page').then((m) => ({ Component: m.MembershipPage })),
          }),
          // spec 000 §2: signed-in users opening /login or /register go home. One keyed guard per
          // page, so it decides afresh when moving from one to the other.
          {
            element: <GuestOnly key={paths.login} />,
            children: [
              page('Login', {
                path: paths.login,
                lazy: () => import('@/features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
              }),
            ],
          },
          {
            element: <GuestOnly key={paths.register} />,
            children: [
              page('Register', {
                path: paths.register,
                lazy: () =>
                  import('@/features/auth/register-page').then((m) => ({ Component: m.RegisterPage })),
              }),
            ],
          },
          // spec 000 §2: the membership form is for signed-in users only.
          {
            element: <RequireAuth />,
            children: [
              page('Membership Application', {
                path: paths.userForms,
                lazy: () =>
                  import('@/features/membership-application/membership-application-page').then((m) => ({
                    Component: m.MembershipApplicationPage,
                  })),
              }),
            ],
          },
          page('Email Confirmation', {
            path: paths.confirmEmail,
            lazy: () =>
              import('@/features/auth/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage })),
          }),
          page('Forgot Password', {
            path: paths.forgotPassword,
            lazy: () =>
              import('@/features/auth/forgot-password-page').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          }),
          page('Reset Password', {
            path: paths.resetPassword,
            lazy: () =>
              import('@/features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
          }),
          page('Confirm E-mail Change', {
            path: paths.confirmEmailChange,
            lazy: () =>
              import('@/features/auth/confirm-email-change-page').then((m) => ({
                Component: m.ConfirmEmailChangePage,
              })),
          }),
          page('Appear in the Member Directory', {
            path: paths.directoryAgreement,
            lazy: () =>
              import('./routes/directory-link-routes').then((m) => ({
                Component: m.DirectoryAgreementPage,
              })),
          }),
          page('Withdraw from the Member Directory', {
            path: paths.directoryWithdrawal,
            lazy: () =>
              import('./routes/directory-link-routes').then((m) => ({
                Component: m.DirectoryWithdrawalPage,
              })),
          }),
          page('Undo E-mail Change', {
            path: paths.undoEmailChange,
            lazy: () =>
              import('@/features/auth/undo-email-change-page').then((m) => ({
                Component: m.UndoEmailChangePage,
              })),
          }),
          // spec 000 §2: /profile is for signed-in users; guests go to /unauthorized.
          {
            element: <RequireAuth />,
            children: [
              page('Profile', {
                path: paths.profile,
                lazy: () =>
                  import('@/features/profile/profile-page').then((m) => ({ Component: m.ProfilePage })),
              }),
              page('Minutes and resolutions', {
                path: paths.meetingDocuments,
                lazy: () =>
                  import('@/features/meetings/after/meeting-documents-page').then((m) => ({
                    Component: m.MeetingDocumentsPage,
                  })),
              }),
              page('Meetings', {
                path: paths.meetings,
                lazy: () =>
                  import('@/features/meetings/meetings-page').then((m) => ({ Component: m.MeetingsPage })),
              }),
              page('Meeting', {
                path: `${paths.meetings}/:id`,
                lazy: () =>
                  import('@/features/meetings/meeting-page').then((m) => ({ Component: m.MeetingPage })),
              }),
              page('My directory listing', {
                path: paths.profileDirectory,
                lazy: () =>
                  import('@/features/directory/my-listing-page').then((m) => ({
                    Component: m.MyListingPage,
                  })),
              }),
              page('Company Representatives', {
                path: paths.profileRepresentatives,
                lazy: () =>
                  import('@/features/profile/representatives-editor-page').then((m) => ({
                    Component: m.RepresentativesEditorPage,
                  })),
              }),
              page('Download Your Data', {
                path: `${paths.profile}/data-export/:id`,
                lazy: () =>
                  import('@/features/profile/data-export-page').then((m) => ({
                    Component: m.DataExportPage,
                  })),
              }),
              page('Two-Step Sign-In', {
                path: paths.twoStepSetup,
                lazy: () =>
                  import('@/features/auth/two-step-setup-page').then((m) => ({
                    Component: m.TwoStepSetupPage,
                  })),
              }),
            ],
          },
          page('Unauthorized', {
            path: paths.unauthorized,
            lazy: () =>
              import('@/features/status-pages/unauthorized-page').then((m) => ({
                Component: m.UnauthorizedPage,
              })),
          }),
          page('Page Not Found', {
            path: '*',
            lazy: () =>
              import('@/features/status-pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          }),
        ],
      },
    ],
  },
  {
    Component: StandaloneLayout,
    HydrateFallback: InitialLoad,
    errorElement: <RouteErrorPage />,
    children: [
      page('Membership verification', {
        path: `${paths.verify}/:token`,
        lazy: () => import('@/features/verify/verify-page').then((m) => ({ Component: m.VerifyPage })),
      }),
      page('Certificate verification', {
        path: `${paths.certificatesVerify}/:code`,
        lazy: () =>
          import('@/features/verify/certificate-verify-page').then((m) => ({
            Component: m.CertificateVerifyPage,
          })),
      }),
      page('Transcript verification', {
        path: `${paths.transcriptsVerify}/:code`,
        lazy: () =>
          import('@/features/verify/transcript-verify-page').then((m) => ({
            Component: m.TranscriptVerifyPage,
          })),
      }),
      page('Announcement e-mails', {
        path: paths.unsubscribe,
        lazy: () =>
          import('@/features/announcements/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
      }),
    ],
  },
  {
    // An event's check-in (decision 053): its staff are not admins, so the page is outside the
    // admin guard and layout; the server admits only admins and that event's staff.
    element: <RequireAuth />,
    HydrateFallback: InitialLoad,
    errorElement: <RouteErrorPage />,
    children: [
      {
        Component: StandaloneLayout,
        children: [
          page('Check-in', {
            path: `${paths.adminEvents}/:id/check-in`,
            lazy: () => import('@/features/events/check-in-page').then((m) => ({ Component: m.CheckInPage })),
          }),
        ],
      },
    ],
  },
  {
    // The live quorum for the projector and the venue's tablet (docs/decisions/071): staff screens of the meetings area,
    // guarded as the admin screens are, without their frame; at the address the meeting's staff
    // page has always opened, beside the members' /meetings pages.
    element: <RequireAuth requiredRole="admin" />,
    HydrateFallback: InitialLoad,
    errorElement: <RouteErrorPage />,
    children: [
      {
        lazy: () => import('./layouts/projector-layout').then((m) => ({ Component: m.ProjectorLayout })),
        children: [
          {
            lazy: () =>
              import('./guards/require-staff-area').then((m) => ({ Component: m.RequireStaffArea })),
            children: [
              staffPage('Live quorum', 'meetings', {
                path: `${paths.meetings}/:id/quorum`,
                lazy: () =>
                  import('@/features/meetings/staff/quorum-page').then((m) => ({
                    Component: m.QuorumPage,
                  })),
              }),
              // The venue's tablet (decision 071 "Venue voting"): handed to voters, so no admin
              // menu or sidebar to wander into, only the page.
              staffPage('Venue voting', 'meetings', {
                path: '/admin/meetings/:id/venue',
                lazy: () =>
                  import('@/features/meetings/staff/venue-page').then((m) => ({
                    Component: m.VenuePage,
                  })),
              }),
            ],
          },
        ],
      },
    ],
  },
  {
    // spec 000 §2 "Admin area": admins only. The guard renders before the layout and the pages,
    // so a guest or member is sent to /unauthorized without any admin data being requested.
    path: paths.admin,
    element: <RequireAuth requiredRole="admin" />,
    HydrateFallback: InitialLoad,
    errorElement: <RouteErrorPage />,
    children: [
      {
        lazy: () => import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
        children: [
          {
            // Within the frame, so a refused screen keeps the sidebar of the ones that are open.
            lazy: () =>
              import('./guards/require-staff-area').then((m) => ({ Component: m.RequireStaffArea })),
            children: [
              staffPage('Dashboard', 'dashboard', {
                index: true,
                lazy: () =>
                  import('@/features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
              }),
              staffPage('Users', 'usersRead', {
                path: paths.adminUsers,
                lazy: () =>
                  import('@/features/admin-users/admin-users-page').then((m) => ({
                    Component: m.AdminUsersPage,
                  })),
              }),
              staffPage('Create User', 'users', {
                path: paths.adminUsersCreate,
                lazy: () =>
                  import('@/features/admin-users/create-user-page').then((m) => ({
                    Component: m.CreateUserPage,
                  })),
              }),
              staffPage('News', 'news', {
                path: paths.adminNews,
                lazy: () =>
                  import('@/features/news/admin-news-page').then((m) => ({ Component: m.AdminNewsPage })),
              }),
              staffPage('Announcements', 'announcements', {
                path: paths.adminAnnouncements,
                lazy: () =>
                  import('@/features/announcements/announcements-log-page').then((m) => ({
                    Component: m.AnnouncementsLogPage,
                  })),
              }),
              staffPage('Breach register', 'privacyBreaches', {
                path: paths.adminPrivacyBreaches,
                lazy: () =>
                  import('@/features/privacy-breaches/breaches-page').then((m) => ({
                    Component: m.BreachesPage,
                  })),
              }),
              staffPage('Record a breach', 'privacyBreaches', {
                path: paths.adminPrivacyBreachNew,
                lazy: () =>
                  import('@/features/privacy-breaches/breach-page').then((m) => ({
                    Component: m.NewBreachPage,
                  })),
              }),
              staffPage('Breach', 'privacyBreaches', {
                path: `${paths.adminPrivacyBreaches}/:id`,
                lazy: () =>
                  import('@/features/privacy-breaches/breach-page').then((m) => ({
                    Component: m.BreachPage,
                  })),
              }),
              staffPage('Member directory', 'directory', {
                path: paths.adminDirectory,
                lazy: () =>
                  import('@/features/directory/admin-directory-page').then((m) => ({
                    Component: m.AdminDirectoryPage,
                  })),
              }),
              staffPage('Annual meeting', 'meetings', {
                path: paths.adminMeetings,
                lazy: () =>
                  import('@/features/meetings/staff/meetings-page').then((m) => ({
                    Component: m.MeetingsPage,
                  })),
              }),
              staffPage('Meeting', 'meetings', {
                path: `${paths.adminMeetings}/:id`,
                lazy: () =>
                  import('@/features/meetings/staff/meeting-page').then((m) => ({
                    Component: m.MeetingPage,
                  })),
              }),
              staffPage('Privacy requests', 'privacyRequests', {
                path: paths.adminPrivacyRequests,
                lazy: () =>
                  import('@/features/privacy-requests/privacy-requests-page').then((m) => ({
                    Component: m.PrivacyRequestsPage,
                  })),
              }),
              staffPage('Scheduled work', 'scheduledWork', {
                path: paths.adminJobs,
                lazy: () =>
                  import('@/features/scheduled-work/scheduled-work-page').then((m) => ({
                    Component: m.ScheduledWorkPage,
                  })),
              }),
              staffPage('Dues', 'dues', {
                path: paths.adminDues,
                lazy: () =>
                  import('@/features/admin-dues/admin-dues-page').then((m) => ({
                    Component: m.AdminDuesPage,
                  })),
              }),
              staffPage('Dues reminders', 'dues', {
                path: paths.adminDuesReminders,
                lazy: () =>
                  import('@/features/admin-dues/reminders-page').then((m) => ({
                    Component: m.RemindersPage,
                  })),
              }),
              staffPage('Meet Our Board', 'board', {
                path: paths.adminBoard,
                // The router composes the two features: a certified election waiting for the board
                // shows above the board's table (docs/decisions/078).
                lazy: async () => {
                  const [board, after] = await Promise.all([
                    import('@/features/board/admin-board-page'),
                    import('@/features/meetings/after/board-election-notice'),
                  ]);
                  return {
                    Component: () => (
                      <>
                        <after.BoardElectionNotice />
                        <board.AdminBoardPage />
                      </>
                    ),
                  };
                },
              }),
              staffPage('After the meeting', 'meetings', {
                path: '/admin/meetings/:id/after',
                lazy: () =>
                  import('@/features/meetings/after/meeting-after-page').then((m) => ({
                    Component: m.MeetingAfterPage,
                  })),
              }),
              staffPage('Events', 'events', {
                path: paths.adminEvents,
                lazy: () =>
                  import('@/features/events/admin-events-page').then((m) => ({
                    Component: m.AdminEventsPage,
                  })),
              }),
              staffPage('Attendees', 'events', {
                path: `${paths.adminEvents}/:id/attendees`,
                lazy: () =>
                  import('@/features/events/admin-attendees-page').then((m) => ({
                    Component: m.AdminAttendeesPage,
                  })),
              }),
              staffPage('CPD', 'events', {
                path: paths.adminCpd,
                lazy: () =>
                  import('@/features/cpd/admin-cpd-transcript-page').then((m) => ({
                    Component: m.AdminCpdTranscriptPage,
                  })),
              }),
              staffPage('CPD and certificates', 'events', {
                path: `${paths.adminEvents}/:id/cpd`,
                lazy: () =>
                  import('@/features/cpd/admin-cpd-page').then((m) => ({ Component: m.AdminCpdPage })),
              }),
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/**
 * The pages the build prerenders to static HTML (app/prerender.tsx, docs/decisions/015): public,
 * the same for every visitor on the first render (the session is applied right after hydration)
 * and needing no data at build time (lists render their loading state). Not /login or /register:
 * their guard redirects a signed-in user during the first render.
 */
export const prerenderedPaths = [
  paths.home,
  paths.about,
  paths.boardOfTrustees,
  paths.affiliations,
  paths.membership,
  paths.ronniesCorner,
  paths.privacy,
  paths.mgbGuidelines,
  paths.associationForms,
  paths.membersNews,
];

/**
 * Loads the lazy page modules a path matches into their routes, so the router starts out
 * initialised and hydration renders the page itself, as the prerendered HTML has it, instead of
 * the HydrateFallback.
 */
export async function loadRouteModules(pathname: string) {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}
