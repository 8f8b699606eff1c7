import {
  ADMIN_USER_MESSAGES,
  CREATE_USER_MESSAGES,
  CURRENT_NOTICE_VERSION,
  SESSION_EXPIRED,
  SESSION_STORE_KEY,
  siteConfig,
} from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { waitForMail, waitForMailLink } from './mail';
import { createConfirmedMember, signInByApi, type TestMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// apps/api/src/db/seed-content.ts. Journeys share the server and its data: every member this file
// changes is an account of its own (createConfirmedMember); the seeded admin only acts.
const ADMIN_EMAIL = 'admin@meap.org.ph';

/** The users table (desktop); phones get the same rows as cards. */
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

const signInAsAdmin = (page: Page) => signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));

/** A new member who has sent the membership form: a pending Individual application. */
async function createApplicant(prefix: string): Promise<TestMember & { id: string }> {
  const member = await createConfirmedMember(browser.baseUrl, prefix);
  const { page, context } = await browser.newPage('desktop');
  const profile = await signInByApi(page, member.email, member.password);
  const form = await page.request.put(`/api/users/filled-form/${profile.id}`, {
    multipart: {
      type: 'individual',
      // Named after the username, so the rows' buttons ("Details of …") still find them by it.
      firstName: member.username,
      lastName: 'Applicant',
      membershipData: JSON.stringify({ category: 'Individual' }),
      noticeVersion: CURRENT_NOTICE_VERSION,
    },
  });
  if (!form.ok()) throw new Error(`The membership form failed: ${form.status()} ${await form.text()}`);
  await context.close();
  return { ...member, id: profile.id };
}

describe('admin users', () => {
  let applicant: TestMember & { id: string };
  beforeAll(async () => {
    applicant = await createApplicant('applicant');
  });

  it('finds a pending applicant by searching and approves them: the member is billed and told what to pay, the history says who did it', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInAsAdmin(page);
    await openPage(page, `${paths.adminUsers}?membership=pending`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(applicant.username);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(applicant.username);
    await usersTable(page).getByText(applicant.email).waitFor();
    await expect.poll(() => usersTable(page).getByRole('row').count()).toBe(2);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-search-desktop');

    await usersTable(page)
      .getByRole('button', { name: `Memberships of ${applicant.username}` })
      .click();
    const editor = page.getByRole('dialog', { name: 'Memberships' });
    const pendingRow = editor.getByRole('listitem').first();
    await pendingRow.getByText('Pending', { exact: true }).first().waitFor();
    await pendingRow.getByLabel('Status').selectOption('approved');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-memberships-desktop');
    await pendingRow.getByRole('button', { name: 'Update' }).click();
    await page.getByText(ADMIN_USER_MESSAGES.membershipUpdated).waitFor();
    // Approved, the member is billed: their 12 months start when they pay (docs/product-rules.md "Dues").
    await editor.getByText('Awaiting payment', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // The approval e-mail, by its subject, is in the outbox, and says what to pay.
    const approval = await waitForMail(applicant.email, `Your ${siteConfig.acronym} membership is approved`);
    expect(approval.text).toContain('/profile#dues');
    expect(approval.text).toMatch(/SOA-\d{4}-\d{6}/);

    // No longer a pending application: the filtered list lets them go. Their detail shows the
    // change in its history: who, what, from → to.
    await page.getByRole('combobox', { name: 'Filter by membership' }).selectOption('');
    await usersTable(page)
      .getByRole('button', { name: `Details of ${applicant.username}` })
      .click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    const history = details.getByRole('region', { name: 'History' });
    const change = history.getByRole('listitem').filter({ hasText: 'Changed a membership' });
    await change.waitFor();
    // By the demo administrator's name, never a username (docs/product-rules.md "Names").
    expect(await change.textContent()).toContain('by Teresita Manalo');
    expect(await change.textContent()).toContain('Status: pending → changed to approved');
    await details
      .getByRole('region', { name: 'Dues' })
      .getByText(/SOA-\d{4}-\d{6}/)
      .waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-details-desktop');
    await context.close();

    // The member signs in and sees that their membership awaits payment, and what to pay.
    const member = await browser.newPage('desktop');
    await signInByApi(member.page, applicant.email, applicant.password);
    await openPage(member.page, paths.profile);
    const memberships = member.page.getByRole('region', { name: 'Membership Details' });
    await memberships.getByText('Awaiting payment', { exact: true }).waitFor();
    await member.page
      .getByRole('region', { name: 'Dues' })
      .getByText(/SOA-\d{4}-\d{6}/)
      .waitFor();
    await member.context.close();
  });

  it('disables a member: their open page, at its next request, ends signed out on /login', async () => {
    const toDisable = await createConfirmedMember(browser.baseUrl, 'disable');
    const member = await browser.newPage('desktop');
    await signInByApi(member.page, toDisable.email, toDisable.password);
    await openPage(member.page, paths.profile);
    await member.page.getByRole('region', { name: 'Membership Details' }).waitFor();

    const { page, context } = await browser.newPage('desktop');
    await signInAsAdmin(page);
    await openPage(page, `${paths.adminUsers}?search=${toDisable.username}`);
    await usersTable(page)
      .getByRole('button', { name: `Disable ${toDisable.username}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable User' });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await page.getByText(ADMIN_USER_MESSAGES.disabled).waitFor();
    await usersTable(page)
      .getByRole('button', { name: `Enable ${toDisable.username}` })
      .waitFor();
    await context.close();

    // The member's page asks the server again (a reload): the session is refused and cannot be
    // renewed ('Failed to refresh token'), so 'Session Expired' shows, whichever of the page's
    // requests meets the refusal first (it once depended on which), and its 'Okay' ends on the
    // login form, which says why (docs/product-rules.md "Accounts").
    await member.page.reload();
    const expired = member.page.getByRole('alertdialog', { name: SESSION_EXPIRED.title });
    await expired.getByText(SESSION_EXPIRED.modalText).waitFor();
    await expired.getByRole('button', { name: 'Okay' }).click();
    await member.page.waitForURL((url) => url.pathname === paths.login);
    await member.page.getByRole('status').getByText(SESSION_EXPIRED.loginNotice).waitFor();
    await member.page.getByRole('button', { name: 'Log In' }).waitFor();
    const stored = await member.page.evaluate((key) => localStorage.getItem(key), SESSION_STORE_KEY);
    expect(JSON.parse(stored ?? '{}')?.state?.user ?? null).toBeNull();
    await member.context.close();
  });

  it('creates a company with two representatives; the invitation sets a password, the member signs in through the form and sees both', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInAsAdmin(page);
    const tag = Date.now().toString(36);
    const email = `info-${tag}@palawanores.example`;
    await openPage(page, paths.adminUsers);
    await page.getByRole('link', { name: 'Create User' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create User' }).waitFor();
    await page.getByLabel('Type *').selectOption('company');
    await page.getByLabel('Category *').selectOption('Regular');
    await page.getByLabel('Username *').fill(`palawanores_${tag}`);
    await page.getByLabel('Email *').fill(email);
    await page.getByLabel('Phone').fill('+63 48 433 2100');
    await page.getByLabel('City').fill('Puerto Princesa');
    await page.getByLabel('Registered company name').fill('Palawan Ores Corporation');
    const reps = page.getByRole('region', { name: 'Representatives' });
    await reps.getByRole('button', { name: 'Add Representative' }).click();
    await reps.getByLabel('First name *').nth(0).fill('Lorna');
    await reps.getByLabel('Last name *').nth(0).fill('Dizon');
    await reps.getByLabel('First name *').nth(1).fill('Rico');
    await reps.getByLabel('Last name *').nth(1).fill('Bautista');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-create-desktop');
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.getByText(CREATE_USER_MESSAGES.created).waitFor();
    await expect.poll(() => page.getByLabel('Username *').inputValue(), { timeout: 5_000 }).toBe('');
    await context.close();

    const link = await waitForMailLink(email, /http\S+\/reset-password\?token=\S+/);
    const invited = await browser.newPage('desktop');
    await invited.page.goto(link);
    const password = 'Nickel-Laterite-2026!';
    await invited.page.getByLabel('New password', { exact: true }).fill(password);
    await invited.page.getByLabel('Confirm new password', { exact: true }).fill(password);
    await invited.page.getByRole('button', { name: 'Reset Password' }).click();
    await invited.page.getByRole('alertdialog', { name: 'Password Updated' }).waitFor();

    // Through the login form, as the member would.
    await openPage(invited.page, paths.login);
    await invited.page.getByLabel('Email').fill(email);
    await invited.page.getByLabel('Password', { exact: true }).fill(password);
    await invited.page.getByRole('button', { name: 'Log In' }).click();
    await invited.page.waitForURL((url) => url.pathname === paths.home);
    await openPage(invited.page, paths.profile);
    const representatives = invited.page.getByRole('region', { name: 'Company Representatives' });
    await representatives.getByText('Lorna Dizon').waitFor();
    await representatives.getByText('Rico Bautista').waitFor();
    // The first is the voting one, the other under "Other"
    // (docs/product-rules.md "Representatives").
    await representatives.getByRole('heading', { name: 'Voting' }).waitFor();
    await representatives.getByRole('heading', { name: 'Other' }).waitFor();
    await invited.context.close();
  });

  it('exports the filtered list as CSV after the access token has run out', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInAsAdmin(page);
    await openPage(page, `${paths.adminUsers}?search=${applicant.username}`);
    await usersTable(page).getByText(applicant.email).waitFor();
    // As after the access token's lifetime: the cookie is gone, the refresh token is not.
    await context.clearCookies({ name: 'access_token' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const stream = await download.createReadStream();
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    // UTF-8 with its byte order mark, for Excel on Windows.
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^username,display_name,email,type,status,phone/);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([applicant.username]);
    await context.close();
  });

  it('looks finished on a phone: the list as cards, the user dialog, the memberships editor and the details', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInAsAdmin(page);
    await openPage(page, paths.adminUsers);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByText(/^Showing 1 to 10 of \d+ users$/).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-phone');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Edit User' }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-dialog-phone');
    await page.keyboard.press('Escape');

    await openPage(page, `${paths.adminUsers}?search=${applicant.username}`);
    await page.getByRole('button', { name: `Memberships of ${applicant.username}` }).click();
    const editor = page.getByRole('dialog', { name: 'Memberships' });
    await editor.getByRole('listitem').first().getByLabel('Status').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-memberships-phone');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Details of ${applicant.username}` }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await details.getByRole('region', { name: 'History' }).getByRole('listitem').first().waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-details-phone');
    await context.close();
  });

  it('looks finished on a desktop', async () => {
    const desktop = await browser.newPage('desktop');
    await signInAsAdmin(desktop.page);
    await openPage(desktop.page, paths.adminUsers);
    await desktop.page.getByText(/^Showing 1 to 10 of \d+ users$/).waitFor();
    await saveScreenshot(desktop.page, 'admin-users-desktop');
    await desktop.context.close();
  });

  it('shows the create form on a phone', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInAsAdmin(page);
    await openPage(page, paths.adminUsersCreate);
    await page.getByLabel('Type *').selectOption('company');
    await page.getByRole('region', { name: 'Representatives' }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-users-create-phone');
    await context.close();
  });
});
