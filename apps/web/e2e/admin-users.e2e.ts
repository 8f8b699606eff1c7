import { ADMIN_USER_MESSAGES, CREATE_USER_MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoSeriousAxeViolations, launchBrowser, saveScreenshot } from './browser';
import { waitForMailLink } from './mail';
import { signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// apps/api/src/db/seed-content.ts; no other journey uses these two members.
const ADMIN_EMAIL = 'admin@meap.org.ph';
// Journeys share one server and its data: the accounts and profile journeys read the other
// pending applicant (mindanaonickel), so this one approves Paolo.
const APPLICANT = { username: 'paoloreyes', email: 'paolo.reyes@geomail.example' };
const TO_DISABLE = { username: 'visayasgeoscience', email: 'hello@visayasgeoscience.example' };

/** The users table (desktop); phones get the same rows as cards. */
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

describe('admin users', () => {
  it('finds a pending applicant by searching and approves them: the period starts and the e-mail is queued', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(`${paths.adminUsers}?membership=pending`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('paolo');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('paolo');
    await usersTable(page).getByText(APPLICANT.email).waitFor();
    await expect.poll(() => usersTable(page).getByRole('row').count()).toBe(2);
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'admin-users-search-desktop');

    await usersTable(page)
      .getByRole('button', { name: `Memberships of ${APPLICANT.username}` })
      .click();
    const editor = page.getByRole('dialog', { name: 'Memberships' });
    // Newest first: the application is the first row.
    const pendingRow = editor.getByRole('listitem').first();
    await pendingRow.getByText('pending', { exact: true }).waitFor();
    await pendingRow.getByLabel('Status').selectOption('approved');
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'admin-users-memberships-desktop');
    await pendingRow.getByRole('button', { name: 'Update' }).click();
    await page.getByText(ADMIN_USER_MESSAGES.membershipUpdated).waitFor();
    await editor.getByText('active', { exact: true }).waitFor();

    await waitForMailLink(APPLICANT.email, /\/profile/);
    // The member now has an active 12-month period (their profile reads it from this answer).
    const member = await browser.newPage('desktop');
    const profile = await signInByApi(member.page, APPLICANT.email, inject('adminPassword'));
    const newest = profile.memberships[0];
    expect(newest?.status).toBe('approved');
    const months =
      (Date.parse(newest?.expiresAt ?? '') - Date.parse(newest?.startsAt ?? '')) / (30.44 * 86_400_000);
    expect(Math.round(months)).toBe(12);
    await member.context.close();
    await context.close();
  });

  it('disables a member, who is signed out at their next request', async () => {
    const member = await browser.newPage('desktop');
    await signInByApi(member.page, TO_DISABLE.email, inject('adminPassword'));
    expect((await member.page.request.get('/api/auth/session')).status()).toBe(200);

    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(`${paths.adminUsers}?search=${TO_DISABLE.username}`);
    await usersTable(page)
      .getByRole('button', { name: `Disable ${TO_DISABLE.username}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable User' });
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await page.getByText(ADMIN_USER_MESSAGES.disabled).waitFor();
    await usersTable(page)
      .getByRole('button', { name: `Enable ${TO_DISABLE.username}` })
      .waitFor();

    const next = await member.page.request.get('/api/auth/session');
    expect(next.status()).toBe(401);
    // Nor can the session be renewed: the refresh is refused.
    expect((await member.page.request.get('/api/auth/refresh')).ok()).toBe(false);
    await member.context.close();
    await context.close();
  });

  it('looks finished on a phone: the list as cards and the user dialog', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(paths.adminUsers);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByText(/^Showing 1 to 10 of \d+ users$/).waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'admin-users-phone');
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Edit User' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'admin-users-dialog-phone');
    await context.close();
  });

  it('looks finished on a desktop', async () => {
    const desktop = await browser.newPage('desktop');
    await signInByApi(desktop.page, ADMIN_EMAIL, inject('adminPassword'));
    await desktop.page.goto(paths.adminUsers);
    await desktop.page.getByText(/^Showing 1 to 10 of \d+ users$/).waitFor();
    await saveScreenshot(desktop.page, 'admin-users-desktop');
    await desktop.context.close();
  });

  it('creates a company with two representatives; the invitation sets a password and the member signs in', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    const tag = Date.now().toString(36);
    const email = `info-${tag}@palawanores.example`;
    await page.goto(paths.adminUsers);
    await page.getByRole('link', { name: 'Create User' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create User' }).waitFor();
    await page.getByLabel('Type *').selectOption('company');
    await page.getByLabel('Category *').selectOption('Regular');
    await page.getByLabel('Username *').fill(`palawanores_${tag}`);
    await page.getByLabel('Email *').fill(email);
    await page.getByLabel('Phone').fill('+63 48 433 2100');
    await page.getByLabel('City').fill('Puerto Princesa');
    const reps = page.getByRole('region', { name: 'Representatives' });
    await reps.getByRole('button', { name: 'Add Representative' }).click();
    await reps.getByLabel('First name *').nth(0).fill('Lorna');
    await reps.getByLabel('Last name *').nth(0).fill('Dizon');
    await reps.getByLabel('First name *').nth(1).fill('Rico');
    await reps.getByLabel('Last name *').nth(1).fill('Bautista');
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'admin-users-create-desktop');
    await page.getByRole('button', { name: 'Create User' }).click();
    await page.getByText(CREATE_USER_MESSAGES.created).waitFor();
    // Then the form is empty again.
    await expect.poll(() => page.getByLabel('Username *').inputValue(), { timeout: 5_000 }).toBe('');

    const link = await waitForMailLink(email, /http\S+\/reset-password\?token=\S+/);
    const invited = await browser.newPage('desktop');
    await invited.page.goto(link);
    const password = 'Nickel-Laterite-2026!';
    await invited.page.getByLabel('New password', { exact: true }).fill(password);
    await invited.page.getByLabel('Confirm new password', { exact: true }).fill(password);
    await invited.page.getByRole('button', { name: 'Reset Password' }).click();
    await invited.page.getByRole('alertdialog', { name: 'Password Updated' }).waitFor();
    const login = await invited.page.request.post('/api/auth/login', { data: { email, password } });
    expect(login.status()).toBe(200);
    await invited.context.close();
    await context.close();
  });

  it('shows the create form on a phone', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(paths.adminUsersCreate);
    await page.getByLabel('Type *').selectOption('company');
    await page.getByRole('region', { name: 'Representatives' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'admin-users-create-phone');
    await context.close();
  });
});
