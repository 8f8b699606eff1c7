import { associationFormsPath } from '@portal/shared';

/**
 * Every URL of the site, in one place (STYLE.md "Constants have one home"). Pages link with these
 * and the router declares its routes with them, so a renamed page changes here only.
 */
export const paths = {
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
  mgbGuidelines: '/mgb-guidelines-and-forms',
  associationForms: associationFormsPath,
  profile: '/profile',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminEvents: '/admin/events',
  adminNews: '/admin/news',
  adminBoard: '/admin/board',
  login: '/login',
  register: '/register',
  confirmEmail: '/confirm-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  userForms: '/user-forms',
  unauthorized: '/unauthorized',
} as const;

/** The API server's prefixes; the dev server proxies them to the API (vite.config.ts). */
export const apiBasePath = '/api';
export const uploadsPath = '/uploads';
