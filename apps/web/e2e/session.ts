import { randomUUID } from 'node:crypto';
import { type ProfileResponse, SESSION_STORE_KEY } from '@portal/shared';
import type { Page } from 'playwright-core';
import { toSessionUser } from '../src/lib/session-user';
import { waitForMailLink } from './mail';

/**
 * Signs in through the API, not the login form (docs/code-style.md "Tests": journeys log in by API
 * and drive the UI only for what they test). The response's cookies land in the page's context; the
 * user is written where the app keeps it (localStorage `root`) before any page script runs.
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

export type TestMember = { username: string; email: string; password: string };

/**
 * A new account of its own, registered and confirmed through the API (the confirmation link read
 * from the outbox). Journeys that change or depend on a member's state use one of these, never a
 * seeded member another file may be changing at the same time.
 */
export async function createConfirmedMember(baseUrl: string, prefix = 'member'): Promise<TestMember> {
  const username = `${prefix}${randomUUID().slice(0, 8)}`;
  const member = { username, email: `${username}@e2e.example`, password: 'Core-Logging-2026!' };
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  if (!response.ok)
    throw new Error(`Registering ${username} failed: ${response.status} ${await response.text()}`);
  const link = await waitForMailLink(member.email, /http\S+\/api\/auth\/confirm-email\?token=\S+/);
  const confirmation = await fetch(link, { redirect: 'manual' });
  const landing = confirmation.headers.get('location') ?? '';
  if (confirmation.status !== 302 || !landing.includes('access_token='))
    throw new Error(`Confirming ${username} failed: ${confirmation.status} ${landing}`);
  return member;
}

/** Sends `member`'s membership form through the API, as an individual: they are then no longer new. */
export async function applyAsIndividual(baseUrl: string, member: TestMember) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (login.status !== 200) throw new Error(`Login as ${member.email} failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const { data } = (await login.json()) as { data: { profile: { id: string } } };
  const form = new FormData();
  form.append('type', 'individual');
  form.append('membershipData', JSON.stringify({ category: 'Individual' }));
  const applied = await fetch(`${baseUrl}/api/users/filled-form/${data.profile.id}`, {
    method: 'PUT',
    body: form,
    headers: { cookie },
  });
  if (applied.status !== 200) throw new Error(`Applying failed: ${applied.status} ${await applied.text()}`);
  return { userId: data.profile.id, cookie };
}
