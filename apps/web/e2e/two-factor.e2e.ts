import { TOTP_PERIOD_SECONDS, TWO_FACTOR_MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { type ClockServer, startClockServer } from './clock-server';
import { totpCode } from './second-factor';
import { E2E_ADMIN_PASSWORD } from './server';
import { useServer } from './server-under-test';
import { createConfirmedMember, DEMO_ADMIN_EMAIL, signInByApi, type TestMember } from './session';

/**
 * Two-step sign-in (decision 061), as its people meet it: the administrator is sent to set it up
 * before the admin area opens (QR code, the secret copied, the first code, ten recovery codes),
 * then signs in with a code, is told when a code is wrong, and gets in once with a recovery code;
 * a member turns it on from the profile.
 */

let server: ClockServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
/** The demo administrator of this file's own server: nobody else signs it in, so it sets up here. */
const admin: TestMember = { username: 'admin', email: DEMO_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD };
let adminSecret = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  // A server of this file's own (clock-server.ts): its demo admin has not set up two-step sign-in,
  // and moving its clock on by a step gives a new code at once instead of half a minute's wait.
  server = await startClockServer();
  useServer(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The code of a step no code was sent for yet: the server's clock moves on to the next step. */
async function nextCode(secret: string) {
  await server.jumpClock(TOTP_PERIOD_SECONDS * 1000);
  return totpCode(secret, await server.readClock());
}

async function logInWithPassword(page: Page, member: TestMember) {
  await openPage(page, paths.login);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Reads the secret the set-up page shows, as someone typing it into their app would. */
const shownSecret = async (page: Page) =>
  ((await page.getByTestId('two-step-secret').textContent()) ?? '').replace(/\s+/g, '');

describe('two-step sign-in', () => {
  it('sends a new administrator to set it up before the admin area, then shows the recovery codes once', async () => {
    const { page, context } = await browser.newPage('laptop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logInWithPassword(page, admin);
    await page.waitForURL((url) => url.pathname !== paths.login);
    await page.goto(paths.adminUsers);
    await page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe(paths.adminUsers);
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = await shownSecret(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'two-step-setup-laptop');

    adminSecret = secret;
    await page.getByLabel('6-digit code').fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/recovery-codes\.txt$/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'two-step-recovery-codes-laptop');

    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.waitForURL((url) => url.pathname === paths.adminUsers);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await context.close();
  }, 90_000);

  it('asks for the code after the password: a wrong one is refused on the field, the right one signs in', async () => {
    const { page, context } = await browser.newPage('laptop');
    await openPage(page, `${paths.login}?redirect=${encodeURIComponent(paths.admin)}`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    const field = page.getByLabel('6-digit code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'two-step-sign-in-laptop');

    const right = await nextCode(adminSecret);
    await field.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText(TWO_FACTOR_MESSAGES.wrongCode).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill(right);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === paths.admin);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === paths.login);
    await context.close();
  }, 90_000);

  it('takes a recovery code instead, once', async () => {
    const [code] = recoveryCodes;
    if (!code) throw new Error('No recovery codes from the set-up');
    for (const attempt of ['first', 'second'] as const) {
      const { page, context } = await browser.newPage('laptop');
      await logInWithPassword(page, admin);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(code.toUpperCase());
      await page.getByRole('button', { name: 'Log In' }).click();
      if (attempt === 'first') {
        await page.waitForURL((url) => url.pathname !== paths.login);
      } else {
        await page.getByText(TWO_FACTOR_MESSAGES.wrongCode).waitFor();
      }
      await context.close();
    }
  });

  it('lets a member turn it on from the profile', async () => {
    for (const viewport of ['laptop', 'phone'] as const) {
      const member = await createConfirmedMember(browser.baseUrl, 'member2fa');
      const { page, context } = await browser.newPage(viewport);
      await signInByApi(page, member.email, member.password);
      await openPage(page, paths.profile);
      const section = page.getByRole('region', { name: 'Two-step sign-in' });
      await section.getByText('Off', { exact: true }).waitFor();
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `two-step-profile-off-${viewport}`);
      await section.getByRole('link', { name: 'Set up' }).click();
      await page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }).waitFor();
      await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
      if (viewport === 'phone') await saveScreenshot(page, 'two-step-setup-phone');
      await page.getByLabel('6-digit code').fill(await nextCode(await shownSecret(page)));
      await page.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.waitForURL((url) => url.pathname === paths.profile);
      await section.getByText('On', { exact: true }).waitFor();
      await expect.poll(() => section.textContent()).toContain('Recovery codes left:10');
      await expect.poll(() => section.getByRole('button', { name: 'Turn off' }).count()).toBe(1);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `two-step-profile-on-${viewport}`);
      if (viewport === 'phone') {
        // The second step on a phone, for people to look at.
        await context.clearCookies();
        const fresh = await browser.newPage('phone');
        await logInWithPassword(fresh.page, member);
        await fresh.page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
        await saveScreenshot(fresh.page, 'two-step-sign-in-phone');
        await fresh.context.close();
      }
      await context.close();
    }
  }, 120_000);
});
