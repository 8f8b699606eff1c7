import { copyFile, mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { type ClockServer, startClockServer } from './clock-server';
import { E2E_ADMIN_PASSWORD } from './server';
import { useServer } from './server-under-test';
import { DEMO_ADMIN_EMAIL, type TestMember } from './session';

/**
 * Passkeys (decision 061, "Passkeys"), as an administrator meets them: sent to set up two-step
 * sign-in, they add a passkey through the browser's prompt (Chromium's virtual authenticator over
 * CDP, standing in for a laptop's fingerprint reader), sign in with it, and confirm a sensitive
 * action with it once the last check is over fifteen minutes old. The site runs on `localhost`:
 * a passkey's relying party is a domain, never an IP address.
 */

let server: ClockServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const admin: TestMember = { username: 'admin', email: DEMO_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD };
let recoveryCodes: string[] = [];
const SHOTS = '/work/shots/passkeys';

beforeAll(async () => {
  server = await startClockServer({ publicHost: 'localhost' });
  useServer(server);
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A screenshot for people to look at, kept with the others of this work as well. */
async function shoot(page: Page, name: string) {
  // From the top, so the sticky header is not drawn over the middle of a full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
  await copyFile(`artifacts/screenshots/${name}.png`, `${SHOTS}/${name}.png`).catch(() => undefined);
}

/** The profile's "Two-step sign-in" section alone, to look at closely. */
async function shootSection(page: Page, name: string) {
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys' }) }).first();
  await section.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A platform authenticator with user verification, as a laptop with a fingerprint reader has. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function logInWithPassword(page: Page, member: TestMember) {
  await openPage(page, paths.login);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe('passkeys', () => {
  let page: Page;
  let context: BrowserContext;
  let authenticator: Awaited<ReturnType<typeof addVirtualAuthenticator>>;

  it('an administrator sent to set up two-step sign-in adds a passkey and gets the recovery codes', async () => {
    ({ page, context } = await browser.newPage('laptop'));
    authenticator = await addVirtualAuthenticator(context, page);
    await logInWithPassword(page, admin);
    await page.waitForURL((url) => url.pathname !== paths.login);
    await page.goto(paths.adminUsers);
    await page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' }).waitFor();
    await page.getByRole('heading', { name: 'Or use a passkey instead' }).waitFor();
    await page.getByRole('button', { name: 'Add a Passkey' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel('Passkey name').fill('Work laptop');
    await shoot(page, 'passkey-setup-laptop');
    await page.getByRole('button', { name: 'Add a Passkey' }).click();

    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: authenticator.authenticatorId,
    });
    expect(credentials).toHaveLength(1);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.waitForURL((url) => url.pathname === paths.adminUsers);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();

    await openPage(page, paths.profile);
    const passkeys = page.getByRole('list', { name: 'Passkeys' });
    await passkeys.getByText('Work laptop').waitFor();
    await passkeys.getByText(/Not used yet/).waitFor();
    await page.getByText('You sign in with a passkey.').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'passkey-list-laptop');
    await shootSection(page, 'passkey-list-laptop-section');
  }, 120_000);

  it('signs in with the passkey at the second step', async () => {
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logInWithPassword(page, admin);
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await usePasskey.waitFor();
    await page.getByText('Use your passkey to finish signing in').waitFor();
    // The account has no authenticator app: its other way in is a recovery code.
    await page.getByLabel('Recovery code').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'passkey-second-step-laptop');
    await usePasskey.click();
    await page.waitForURL((url) => url.pathname !== paths.login);
    await openPage(page, paths.admin);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await openPage(page, paths.profile);
    await page
      .getByRole('list', { name: 'Passkeys' })
      .getByText(/Last used/)
      .waitFor();
  }, 90_000);

  it('confirms a sensitive action with the passkey once the last check is over 15 minutes old', async () => {
    await server.jumpClock(16 * 60_000);
    await openPage(page, paths.profile);
    await page.getByRole('button', { name: 'New recovery codes' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await dialog.waitFor();
    await dialog.getByText('Use your passkey.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'passkey-step-up-laptop');
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    const codes = page.getByRole('dialog', { name: 'Your new recovery codes' });
    await codes.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await codes.getByRole('button', { name: 'I have saved them' }).click();

    // The same screens at a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, paths.profile);
    await page.getByRole('list', { name: 'Passkeys' }).getByText('Work laptop').waitFor();
    await shoot(page, 'passkey-list-phone');
    await shootSection(page, 'passkey-list-phone-section');
    await context.close();
  }, 90_000);

  it('offers the passkey at the second step on a phone too', async () => {
    const phone = await browser.newPage('phone');
    await logInWithPassword(phone.page, admin);
    await phone.page.getByRole('button', { name: 'Use a passkey' }).waitFor();
    await expectNoAxeViolations(phone.page);
    await shoot(phone.page, 'passkey-second-step-phone');
    await phone.context.close();
  }, 60_000);
});
