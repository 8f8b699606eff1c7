import { isSitePath } from '@portal/shared';
import { paths } from '@/config/paths';

/** The query parameter of /login that names the page to return to after signing in. */
export const RETURN_TO_PARAM = 'redirect';

/** Pages a return address may not name: the sign-in pages themselves. */
const NOT_RETURNED_TO = new Set<string>([paths.login, paths.register, paths.confirmEmail]);

/**
 * The page to return to after signing in, or null when `value` is not one of our own pages: only
 * a path on this site (no scheme, no `//host`, no backslash trick) that the app has a page for,
 * so a crafted link cannot send someone who just signed in to another site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (!isSitePath(url.pathname) || NOT_RETURNED_TO.has(url.pathname.toLowerCase())) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with the page to come back to. */
export function loginPathReturningTo(returnTo: string | null | undefined): string {
  const safe = safeReturnPath(returnTo);
  return safe ? `${paths.login}?${new URLSearchParams({ [RETURN_TO_PARAM]: safe })}` : paths.login;
}
