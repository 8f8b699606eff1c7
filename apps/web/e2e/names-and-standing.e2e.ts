import { CURRENT_NOTICE_VERSION } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage, type Viewport } from './browser';
import { checkPage, next, stepHeading } from './joining';
import { createConfirmedMember, signInByApi, type TestMember } from './session';

// What a member meets first (docs/product-rules.md "Names", "Membership lifecycle", "Profile"):
// their name rather than their username, where their membership stands, a bell that follows the
// server, and the call to apply. At the secretariat's laptop width and on a phone.

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const JOURNEY = 'names-standing';

/** A new member who applied as an individual under their full name: a pending application. */
async function createNamedApplicant(
  page: Page,
  name: { firstName: string; lastName: string },
): Promise<TestMember & { id: string }> {
  const member = await createConfirmedMember(browser.baseUrl, 'named');
  const profile = await signInByApi(page, member.email, member.password);
  const form = await page.request.put(`/api/users/filled-form/${profile.id}`, {
    multipart: {
      type: 'individual',
      firstName: name.firstName,
      lastName: name.lastName,
      membershipData: JSON.stringify({ category: 'Individual' }),
      noticeVersion: CURRENT_NOTICE_VERSION,
    },
  });
  if (!form.ok()) throw new Error(`The membership form failed: ${form.status()} ${await form.text()}`);
  return { ...member, id: profile.id };
}

/** The secretariat approves the member's newest membership, through the API, in its own context. */
async function approveMembershipOf(userId: string) {
  const { page, context } = await browser.newPage('laptop');
  await signInByApi(page, 'admin@meap.org.ph', inject('adminPassword'));
  const listed = await page.request.get(`/api/memberships/${userId}`);
  const { data } = (await listed.json()) as { data: { memberships: { id: string; status: string }[] } };
  const pending = data.memberships.find((membership) => membership.status === 'pending');
  if (!pending) throw new Error('No pending membership to approve');
  const approved = await page.request.put(`/api/memberships/update/${pending.id}`, {
    data: { status: 'approved' },
  });
  expect(approved.status()).toBe(200);
  await context.close();
}

describe.each<Viewport>(['laptop', 'phone'])('names and standing on %s', { timeout: 180_000 }, (viewport) => {
  it('a pending applicant: the name and Pending head the profile; the bell rings, then clears on the next load after approval', async () => {
    const { page, context } = await browser.newPage(viewport);
    const fullName = 'Maria Clara Reyes';
    const member = await createNamedApplicant(page, { firstName: 'Maria Clara', lastName: 'Reyes' });

    await openPage(page, paths.profile);
    const main = page.getByRole('main');
    await main.getByText(fullName, { exact: true }).waitFor();
    await main.getByText(member.username, { exact: true }).first().waitFor();
    const account = page.getByRole('region', { name: 'Account Details' });
    await account.getByText('Sign-in enabled').waitFor();
    // The headline's standing sits in the card with the name, above the sections.
    const headline = main.getByText(fullName, { exact: true }).locator('..');
    await headline.getByText('Pending', { exact: true }).waitFor();
    await checkPage(page, viewport, JOURNEY, 'profile-pending');

    await page.getByRole('button', { name: 'Notifications: membership pending' }).click();
    const panel = page.getByRole('heading', { name: 'Membership Pending' }).locator('..');
    await panel.waitFor();
    expect(await panel.textContent()).not.toMatch(/log out|log in again/i);
    await page.keyboard.press('Escape');

    await approveMembershipOf(member.id);
    // No signing out and in: the next page load asks the server.
    await page.reload();
    await main.getByText(fullName, { exact: true }).waitFor();
    await headline.getByText('Awaiting payment', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Notifications: dues to pay' }).waitFor();
    expect(await page.getByRole('button', { name: 'Notifications: membership pending' }).count()).toBe(0);
    await checkPage(page, viewport, JOURNEY, 'profile-approved');
    await context.close();
  });

  it('an account without a membership: the hero and the profile call it to its application, the bell opens empty', async () => {
    const { page, context } = await browser.newPage(viewport);
    const member = await createConfirmedMember(browser.baseUrl, 'nomember');
    await signInByApi(page, member.email, member.password);

    await openPage(page, paths.home);
    const hero = page.getByRole('region', { name: /Building Stronger Networks/ });
    await hero.getByRole('link', { name: 'Complete your membership application' }).waitFor();
    expect(await hero.getByRole('link', { name: /Become a Member Now/ }).count()).toBe(0);
    await checkPage(page, viewport, JOURNEY, 'home-no-membership');

    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await page.getByText('No notifications right now.').waitFor();
    await checkPage(page, viewport, JOURNEY, 'bell-empty');
    await page.keyboard.press('Escape');

    await openPage(page, paths.profile);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Complete your membership application' }).waitFor();
    await checkPage(page, viewport, JOURNEY, 'profile-no-membership');
    await context.close();
  });

  it('the membership form after a failed Next: each message goes as soon as its field is right', async () => {
    const { page, context } = await browser.newPage(viewport);
    const member = await createConfirmedMember(browser.baseUrl, 'formcheck');
    await signInByApi(page, member.email, member.password);
    await openPage(page, paths.userForms);
    await stepHeading(page, 'Membership Type');
    await page.getByText('A company').click();
    await page.getByLabel('Membership category *').selectOption('Regular');
    await next(page);
    await stepHeading(page, 'Personal Info');
    await page.getByLabel('Registered company name', { exact: true }).fill('Benguet Porphyry Ventures, Inc.');
    await next(page);
    await stepHeading(page, 'Representatives');
    await next(page);
    const firstName = page.getByText('First name is required').first();
    await firstName.waitFor();
    await checkPage(page, viewport, JOURNEY, 'form-failed-next');

    await page.getByLabel('First name *').first().fill('Ana');
    await firstName.waitFor({ state: 'detached' });
    await page.getByText('Last name is required').first().waitFor();
    await context.close();
  });
});
