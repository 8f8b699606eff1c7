import { randomUUID } from 'node:crypto';
import { CONFIRM_EMAIL_PAGE, PRIVACY_MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser } from './browser';
import { waitForMailLink } from './mail';
import { createConfirmedMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Every demo member signs in with the demo admin's password (db/seed.ts). */
const demoPassword = () => inject('adminPassword');

async function logIn(page: Page, email: string, password: string) {
  await page.goto(paths.login);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function expectModal(page: Page, title: string, text: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.waitFor();
  await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: 'Okay' }).click();
}

/** The account menu names the account as it goes (docs/product-rules.md "Names"): its name, else the username. */
const accountMenu = (page: Page, name: string) =>
  page.getByRole('button', { name: `Account menu for ${name}` });

describe('registration and e-mail confirmation', () => {
  it('registers, confirms from the mailed link, is signed in, and logs out', async () => {
    const { page, context } = await browser.newPage('desktop');
    const username = `e2e${randomUUID().slice(0, 8)}`;
    const email = `${username}@example.com`;
    const password = 'Field-Geologist-2026';

    await page.goto(paths.register);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByText('Weak', { exact: true }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByText('Very Strong', { exact: true }).waitFor();
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expectModal(
      page,
      'Registration Successful!',
      'To activate your account, please go to your email and verify using the link we sent you.',
    );
    await page.waitForURL((url) => url.pathname === paths.login);

    // Not confirmed yet: the login says so.
    await logIn(page, email, password);
    await expectModal(
      page,
      'Email not Confirmed',
      'Please check your email and verify your account by clicking on the link we sent you.',
    );

    const link = await waitForMailLink(email, /http\S+\/confirm-email\?token=\S+/);
    await page.goto(link);
    // Opening the link (as a mail scanner does) confirms nothing: the page asks for the click.
    await page.getByRole('heading', { name: CONFIRM_EMAIL_PAGE.title }).waitFor();
    await page.getByRole('button', { name: CONFIRM_EMAIL_PAGE.button }).click();
    await page.getByText('Authentication successful!').waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    // Signed in: the header shows the account menu.
    await accountMenu(page, username).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === paths.login);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('root') ?? '{}').state?.user ?? null),
    ).toBeNull();
    await context.close();
  });
});

describe('signing in', () => {
  it('explains a wrong password and a disabled account', async () => {
    const { page, context } = await browser.newPage('desktop');
    await logIn(page, 'maria.santos@geomail.example', 'Not-The-Password-1');
    await expectModal(
      page,
      'Invalid Credentials',
      'Please make sure that you are entering the correct email/password',
    );
    await logIn(page, 'dante.ocampo@geomail.example', demoPassword());
    await expectModal(
      page,
      'Failed to Log In',
      'This account is inactive. Reach out to the administrator for assistance.',
    );
    await context.close();
  });

  it('shows the pending-membership bell to a member whose newest membership is pending', async () => {
    const { page, context } = await browser.newPage('phone');
    // Read-only here and in the profile journey; the admin-users journey approves another applicant.
    await logIn(page, 'info@mindanaonickel.example', demoPassword());
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Notifications: membership pending' }).click();
    await page.getByRole('heading', { name: 'Membership Pending' }).waitFor();
    await page
      .getByRole('link', { name: /secretariat@/ })
      .first()
      .waitFor();
    await context.close();
  });

  it('renews an expired access token without the user noticing', async () => {
    const { page, context } = await browser.newPage('desktop');
    await logIn(page, 'maria.santos@geomail.example', demoPassword());
    await page.waitForURL((url) => url.pathname === '/');
    await accountMenu(page, 'Maria Lourdes Santos').waitFor();

    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
    });
    await page.waitForTimeout((inject('accessTokenTtlSeconds') + 1) * 1000);
    // A fresh page load checks the session with the server: the expired token is renewed.
    await page.reload();
    await accountMenu(page, 'Maria Lourdes Santos').waitFor();
    await expect.poll(() => refreshes).toEqual([200]);
    const session = await page.evaluate(async () => (await fetch('/api/auth/session')).status);
    expect(session).toBe(200);
    await accountMenu(page, 'Maria Lourdes Santos').waitFor();
    await context.close();
  });
});

describe('forgotten password', () => {
  it('resets the password from the mailed link and signs in with the new one', async () => {
    const { page, context } = await browser.newPage('desktop');
    // An account of its own: other journeys sign in as the seeded members meanwhile.
    const { email, username } = await createConfirmedMember(browser.baseUrl, 'forgetful');
    await page.goto(paths.login);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The login page has an Email field too: wait until the page has changed.
    await page.waitForURL((url) => url.pathname === paths.forgotPassword);
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('alertdialog', { name: 'Check Your Email' }).waitFor();

    const link = await waitForMailLink(email, /http\S+\/reset-password\?token=\S+/);
    await page.goto(link);
    const newPassword = 'Magnetotelluric-2026!';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page
      .getByRole('alertdialog', { name: 'Password Updated' })
      .getByRole('button', { name: 'Okay' })
      .click();
    await page.waitForURL((url) => url.pathname === paths.login);

    await logIn(page, email, newPassword);
    // A new account has not applied yet: it is sent to the membership form (spec 000 §4).
    await page.waitForURL((url) => url.pathname === paths.userForms);
    await accountMenu(page, username).waitFor();
    await context.close();
  });
});
