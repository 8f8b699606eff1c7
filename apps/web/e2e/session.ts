import { type ProfileResponse, SESSION_STORE_KEY } from '@portal/shared';
import type { Page } from 'playwright-core';
import { toSessionUser } from '../src/lib/session-user';

/**
 * Signs in through the API, not the login form (STYLE.md: journeys log in by API and drive the
 * UI only for what they test). The response's cookies land in the page's context; the user is
 * written where the app keeps it (localStorage `root`) before any page script runs.
 */
export async function signInByApi(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  if (!response.ok())
    throw new Error(`Login as ${email} failed: ${response.status()} ${await response.text()}`);
  const { data } = (await response.json()) as ProfileResponse;
  await page.addInitScript(
    ({ key, user }) => localStorage.setItem(key, JSON.stringify({ state: { user }, version: 0 })),
    { key: SESSION_STORE_KEY, user: toSessionUser(data.profile) },
  );
  return data.profile;
}
