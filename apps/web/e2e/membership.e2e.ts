import { randomUUID } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import {
  expectNoSeriousAxeViolations,
  launchBrowser,
  openPage,
  saveScreenshot,
  type Viewport,
} from './browser';
import { waitForMailLink } from './mail';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A real 64 × 64 PNG: the server decodes and re-encodes every upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAoElEQVRoge2SQQkAQRDDaiSG+lz/Yk7EPcJAIQLS0PB6mugGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr8gu1LtEN2ADqldkF+pdohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/4hw+5MZCmDFRy9QAAAABJRU5ErkJggg==',
  'base64',
);
const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const PASSWORD = 'Field-Geologist-2026';

/** Saved for the lead beside the other journeys' screenshots, and under /work/shots/apply. */
async function shoot(page: Page, viewport: Viewport, name: string) {
  await saveScreenshot(page, `${viewport}-membership-${name}`);
  await mkdir('/work/shots/apply', { recursive: true }).catch(() => {});
  await copyFile(
    `artifacts/screenshots/${viewport}-membership-${name}.png`,
    `/work/shots/apply/${viewport}-${name}.png`,
  ).catch(() => {});
}

/** Registers through the form; the confirmation link from the outbox signs the new account in. */
async function registerAndConfirm(page: Page, username: string) {
  const email = `${username}@example.com`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Registration Successful!' });
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await page.waitForURL((url) => url.pathname === paths.login);
  const link = await waitForMailLink(email, /http\S+\/api\/auth\/confirm-email\?token=\S+/);
  await page.goto(link);
  await page.getByText('Authentication successful!').waitFor();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
}

/**
 * The signed-in user's profile as the server has it, asked from the page (same-origin, with its
 * cookies) after a refresh: the journeys run with a short access-token lifetime.
 */
async function sessionProfile(page: Page) {
  return page.evaluate(async () => {
    await fetch('/api/auth/refresh');
    const response = await fetch('/api/auth/session');
    return (await response.json()).data.profile;
  });
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).waitFor();

// Each journey takes a dozen screenshots and axe runs: longer than the default minute on a busy machine.
describe('joining as a newcomer', { timeout: 180_000 }, () => {
  it('a company: Select Plan → register → confirm → /user-forms with two representatives and a logo → home with the pending bell', async () => {
    const { page, context } = await browser.newPage('desktop');
    const username = `co${randomUUID().slice(0, 8)}`;

    await openPage(page, paths.membership);
    await page.getByRole('button', { name: 'Select Plan Regular' }).click();
    await page.waitForURL((url) => url.pathname === paths.register);
    await page.getByText('Regular membership').waitFor();
    await registerAndConfirm(page, username);

    // The new account is called to its next step, in the header and on the home page.
    const call = page.getByRole('link', { name: 'Complete your membership application' });
    await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
    await call.nth(1).waitFor();
    await shoot(page, 'desktop', 'home-new-account');
    await call.first().click();
    await page.waitForURL((url) => url.pathname === paths.userForms);

    await stepHeading(page, 'Membership Type');
    expect(await page.getByRole('radio', { name: 'A company' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Membership category *').inputValue()).toBe('Regular');
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'desktop', 'form-type');
    await next(page);

    await stepHeading(page, 'Personal Info');
    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    await page.getByLabel('Phone').fill('+63 2 8123 4567');
    await page.getByLabel('Facsimile').fill('+63 2 8123 4568');
    await page.getByLabel('House no.').fill('12F');
    await page.getByLabel('Street').fill('Ayala Avenue');
    await page.getByLabel('City').fill('Makati City');
    await page.getByLabel('Postal code').fill('1226');
    await page.getByLabel('About the company').fill('Copper-gold exploration in Mindanao since 2009.');
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'desktop', 'form-personal');
    await next(page);

    await stepHeading(page, 'Representatives');
    const first = page.getByRole('group', { name: 'Representative 1' });
    await first.getByLabel('First name *').fill('Ana');
    await first.getByLabel('Last name *').fill('Cruz');
    await first.getByLabel('Position').fill('President');
    await page.getByRole('button', { name: 'Add Representative' }).click();
    const second = page.getByRole('group', { name: 'Representative 2' });
    await second.getByLabel('First name *').fill('Ben');
    await second.getByLabel('Last name *').fill('Reyes');
    await second.getByLabel('Photo of representative 2').setInputFiles(picture('ben.png'));
    await second.getByText('New image: ben.png').waitFor();
    expect(await second.getByLabel('Type').inputValue()).toBe('non-voting');
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'desktop', 'form-representatives');
    await next(page);

    await stepHeading(page, 'Submit');
    await page.getByLabel('Company logo').setInputFiles(picture('logo.png'));
    await page.getByText('New image: logo.png').waitFor();
    await page.getByText('12F, Ayala Avenue, Makati City, 1226').waitFor();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'desktop', 'form-submit');
    await page.getByRole('button', { name: 'Submit Application' }).click();

    const success = page.getByRole('alertdialog', { name: 'Update Successful!' });
    await success.getByText('You will be redirected to the homepage shortly...').waitFor();
    await shoot(page, 'desktop', 'form-success');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Notifications: membership pending' }).click();
    await page.getByRole('heading', { name: 'Membership Pending' }).waitFor();
    expect(await page.getByRole('link', { name: 'Complete your membership application' }).count()).toBe(0);

    // What the server now holds.
    const profile = await sessionProfile(page);
    expect(profile).toMatchObject({
      type: 'company',
      isNew: false,
      facsimile: '+63 2 8123 4568',
      address: '12F, Ayala Avenue, Makati City, 1226',
      memberships: [{ category: 'Regular', status: 'pending' }],
    });
    expect((await page.request.get(profile.logoUrl)).status()).toBe(200);
    await context.close();
  });

  it('an individual with a photo, on a phone', async () => {
    const { page, context } = await browser.newPage('phone');
    const username = `in${randomUUID().slice(0, 8)}`;
    await openPage(page, paths.register);
    await registerAndConfirm(page, username);

    await openPage(page, paths.userForms);
    await stepHeading(page, 'Membership Type');
    await page.getByText('An individual').click();
    await page.getByText('Individual', { exact: true }).waitFor();
    await shoot(page, 'phone', 'form-type');
    await next(page);

    await stepHeading(page, 'Personal Info');
    await page.getByLabel('Phone').fill('0917 555 0101');
    await page.getByLabel('City').fill('Baguio City');
    await page.getByLabel('About you').fill('Exploration geologist, porphyry copper systems.');
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'phone', 'form-personal');
    await next(page);

    await stepHeading(page, 'Submit');
    await page.getByLabel('Profile photo').setInputFiles(picture('me.png'));
    await page.getByText('New image: me.png').waitFor();
    await expectNoSeriousAxeViolations(page);
    await shoot(page, 'phone', 'form-submit');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page
      .getByRole('alertdialog', { name: 'Update Successful!' })
      .getByText('You will be redirected to the homepage shortly...')
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Notifications: membership pending' }).waitFor();
    await shoot(page, 'phone', 'home-pending');

    const profile = await sessionProfile(page);
    expect(profile).toMatchObject({
      type: 'individual',
      isNew: false,
      memberships: [{ category: 'Individual', status: 'pending' }],
    });
    expect(profile.avatarUrl).toMatch(/^\/uploads\//);
    await context.close();
  });
});
