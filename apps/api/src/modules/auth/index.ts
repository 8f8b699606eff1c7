// What other modules may use of accounts and sessions (docs/decisions/034-modules-by-domain.md).
export { setSessionCookies } from './cookies';
export { AUTH_MESSAGES } from './messages';
export { loadProfile } from './profile';
export { createAdmin, createEmailToken, EMAIL_TOKEN_TTL_MS, resetPasswordLink } from './service';
export {
  type AuthContext,
  createSession,
  revokeUserSessions,
  type SessionMetadata,
} from './sessions';
