import { randomUUID } from 'node:crypto';
import { CURRENT_NOTICE_VERSION, type Profile, SESSION_STORE_KEY } from '@portal/shared';
import type { Page } from 'playwright-core';
import { toSessionUser } from '../src/lib/session-user';
import { waitForMailLink } from './mail';
import { fetchSession, type Send, signInWithSecondFactor } from './second-factor';
import { E2E_ADMIN_PASSWORD } from './server';
import { serverUnderTest } from './server-under-test';

/**
 * Signs in through the API, not the login form (docs/code-style.md "Tests": journeys log in by API
 * and drive the UI only for what they test), passing two-step sign-in as its owner would (a staff
 * account sets it up at its first sign-in, second-factor.ts). The response's cookies land in the
 * page's context; the user is written where the app keeps it (localStorage `root`) before any page
 * script runs.
 */
export async function signInByApi(
  page: Page,
  email: string,
  password: string,
  /** e.g. a phone's user-agent, for a journey that tells sessions apart by their device. */
  headers?: Record<string, string>,
) {
  const send: Send = async (method, path, body) => {
    const response = await page.request.fetch(path, { method, data: body, headers });
    return { status: response.status(), json: () => response.json().catch(() => undefined) };
  };
  const profile = await signInWithSecondFactor<Profile>(serverUnderTest().baseUrl, send, email, password);
  await page.addInitScript(
    ({ key, user }) => localStorage.setItem(key, JSON.stringify({ state: { user }, version: 0 })),
    { key: SESSION_STORE_KEY, user: toSessionUser(profile) },
  );
  return profile;
}

/**
 * A session's Cookie header, signed in through the API with plain fetch (the second step passed
 * as signInByApi does): for journeys that prepare data as someone before driving the browser.
 */
export async function signedInCookie(baseUrl: string, email: string, password: string) {
  const session = fetchSession(baseUrl);
  await signInWithSecondFactor(baseUrl, session.send, email, password);
  return session.cookie();
}

/** The demo administrator every server the journeys start has (apps/api/src/db/seed-content.ts). */
export const DEMO_ADMIN_EMAIL = 'admin@meap.org.ph';

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
    body: JSON.stringify({ ...member, noticeVersion: CURRENT_NOTICE_VERSION }),
  });
  if (!response.ok)
    throw new Error(`Registering ${username} failed: ${response.status} ${await response.text()}`);
  const link = await waitForMailLink(member.email, /http\S+\/confirm-email\?token=\S+/);
  const url = new URL(link);
  const confirmation = await fetch(new URL('/api/auth/confirm-email', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: url.searchParams.get('token') }),
  });
  if (!confirmation.ok)
    throw new Error(`Confirming ${username} failed: ${confirmation.status} ${await confirmation.text()}`);
  return member;
}

/** The name `applyAsIndividual` gives a member: "<username> Tester". */
export const individualNameOf = (member: Pick<TestMember, 'username'>) => `${member.username} Tester`;

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
  // An individual applies under a name (docs/product-rules.md "Names").
  // Named after the username (`individualNameOf`), so a button labelled with the name ("Approve …")
  // is still found by the username.
  form.append('firstName', member.username);
  form.append('lastName', 'Tester');
  form.append('membershipData', JSON.stringify({ category: 'Individual' }));
  form.append('noticeVersion', CURRENT_NOTICE_VERSION);
  const applied = await fetch(`${baseUrl}/api/users/filled-form/${data.profile.id}`, {
    method: 'PUT',
    body: form,
    headers: { cookie },
  });
  if (applied.status !== 200) throw new Error(`Applying failed: ${applied.status} ${await applied.text()}`);
  return { userId: data.profile.id, cookie };
}

/**
 * The demo admin's session cookie, signed in through the API (apps/api/src/db/seed-content.ts),
 * with its second step (set up at the first sign-in, as a new administrator does).
 */
export const adminCookie = (baseUrl: string) => signedInCookie(baseUrl, DEMO_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);

/**
 * A new member in good standing: applied, approved, and their first dues recorded by the
 * secretariat, all through the API (the journeys that need one are about what comes after).
 */
export async function memberInGoodStanding(baseUrl: string, prefix: string): Promise<TestMember> {
  const member = await createConfirmedMember(baseUrl, prefix);
  const { userId } = await applyAsIndividual(baseUrl, member);
  const cookie = await adminCookie(baseUrl);
  const asAdmin = (path: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/json', ...init.headers },
    });
  const memberships = await (await asAdmin(`/api/memberships/${userId}`)).json();
  const approved = await asAdmin(`/api/memberships/update/${memberships.data.memberships[0].id}`, {
    method: 'PUT',
    body: JSON.stringify({ status: 'approved' }),
  });
  if (approved.status !== 200) throw new Error(`Approving ${member.username} failed: ${approved.status}`);
  const statements = await (await asAdmin(`/api/dues/statements?userId=${userId}`)).json();
  const dues = statements.data.statements[0];
  const paid = await asAdmin(`/api/dues/statements/${dues.id}/payments`, {
    method: 'POST',
    body: JSON.stringify({
      method: 'Bank transfer',
      amount: dues.balance,
      paid_on: new Date().toISOString().slice(0, 10),
    }),
  });
  if (paid.status !== 201) throw new Error(`Recording the dues failed: ${paid.status} ${await paid.text()}`);
  return member;
}
