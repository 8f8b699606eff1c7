import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navGroups } from '../src/config/navigation';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage, type Viewport } from './browser';
import {
  checkPage,
  followApplicationCall,
  holdTimedRedirects,
  next,
  picture,
  registerAndConfirm,
  saveScreenInView,
  sessionProfile,
  stepHeading,
  submitAndSeeBell,
  uniqueUsername,
} from './joining';
import { applyAsIndividual, createConfirmedMember, signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const JOURNEY = 'individual';

/**
 * A picture on the page that the server stored and the browser could draw: a member's picture
 * comes from its checked route (docs/decisions/066), with the session's cookie.
 */
async function expectStoredImageShown(page: Page) {
  const image = page.getByRole('main').locator('img[src^="/api/users/"]').first();
  await image.waitFor();
  await page.waitForFunction(
    (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
    await image.elementHandle(),
  );
}

// One journey with a dozen pages, each checked by axe: longer than the default minute.
describe.each<Viewport>(['phone', 'desktop'])(
  'joining as an individual on %s',
  { timeout: 240_000 },
  (viewport) => {
    it('register → confirm → /user-forms with a photo → the pending bell → /profile shows the photo → Update Profile changes About and phone → shown', async () => {
      const { page, context } = await browser.newPage(viewport);
      await holdTimedRedirects(page);
      const username = uniqueUsername('in');

      await openPage(page, paths.register);
      await registerAndConfirm(page, viewport, JOURNEY, username);
      await followApplicationCall(page, viewport, JOURNEY);

      await stepHeading(page, 'Membership Type');
      await page.getByText('An individual').click();
      await page.getByText('Individual', { exact: true }).waitFor();
      await checkPage(page, viewport, JOURNEY, 'form-type');
      await next(page);

      await stepHeading(page, 'Personal Info');
      await page.getByLabel('First name', { exact: true }).fill('Rosario');
      await page.getByLabel('Middle name (optional)', { exact: true }).fill('Dimaculangan');
      await page.getByLabel('Last name', { exact: true }).fill('Bautista');
      await page.getByLabel('Phone').fill('0917 555 0101');
      await page.getByLabel('City').fill('Baguio City');
      await page.getByLabel('About you').fill('Exploration geologist, porphyry copper systems.');
      await checkPage(page, viewport, JOURNEY, 'form-personal');
      await next(page);

      await stepHeading(page, 'Submit');
      await page.getByLabel('Profile photo').setInputFiles(picture('me.png'));
      await page.getByText('New image: me.png').waitFor();
      await checkPage(page, viewport, JOURNEY, 'form-submit');
      await submitAndSeeBell(page, viewport, JOURNEY);

      const profile = await sessionProfile(page);
      expect(profile).toMatchObject({
        type: 'individual',
        isNew: false,
        address: 'Baguio City',
        memberships: [{ category: 'Individual', status: 'pending' }],
      });
      expect(profile.avatarUrl).toMatch(/^\/api\/users\/[0-9a-f-]+\/avatar\?v=/);

      await openPage(page, paths.profile);
      const main = page.getByRole('main');
      await main.getByText(username, { exact: true }).first().waitFor();
      await main.getByText('Exploration geologist, porphyry copper systems.').waitFor();
      await expectStoredImageShown(page);
      const contact = page.getByRole('region', { name: 'Contact Information' });
      await contact.getByText('0917 555 0101').waitFor();
      await contact.getByText('Baguio City').waitFor();
      const memberships = page.getByRole('region', { name: 'Membership Details' });
      await memberships.getByText('Individual membership').waitFor();
      await memberships.getByText('Pending', { exact: true }).waitFor();
      await checkPage(page, viewport, JOURNEY, 'profile');

      await page.getByRole('button', { name: 'Update Profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Profile' });
      await dialog.getByLabel('Phone').fill('0917 555 0202');
      await dialog.getByLabel('About').fill('Exploration geologist, now also epithermal gold.');
      await dialog.getByText('Current image').waitFor();
      await checkPage(page, viewport, JOURNEY, 'update-profile');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await main.getByText('Exploration geologist, now also epithermal gold.').waitFor();
      await contact.getByText('0917 555 0202').waitFor();
      await expectStoredImageShown(page);
      await checkPage(page, viewport, JOURNEY, 'profile-updated');
      await context.close();
    });
  },
);

describe("Member's News for a guest", () => {
  it("offers 'Log in' on a members-only download and comes back to the page after signing in", async () => {
    const { page, context } = await browser.newPage('desktop');
    await openPage(page, paths.membersNews);
    await page
      .getByRole('link', { name: /^Download/ })
      .first()
      .click();
    const refusal = page.getByRole('alertdialog', { name: 'Download Unavailable' });
    await refusal.getByText(/Log in with your member account/).waitFor();
    await checkPage(page, 'desktop', 'members-news', 'guest-refused');
    await refusal.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === paths.login);

    // A member who has applied (a new account would be sent on to its application instead).
    const member = await createConfirmedMember(browser.baseUrl, 'news');
    await applyAsIndividual(browser.baseUrl, member);

    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === paths.membersNews, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Your membership is pending' }).waitFor();
    await page
      .getByRole('link', { name: /^Download/ })
      .first()
      .click();
    const pending = page.getByRole('alertdialog', { name: 'Download Unavailable' });
    await pending.getByText(/Your membership application is still pending/).waitFor();
    expect(await pending.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    await checkPage(page, 'desktop', 'members-news', 'pending-refused');
    await context.close();
  });

  it("sends a signed-out member who follows an e-mail's link to the login, then back to that section", async () => {
    const member = await createConfirmedMember(browser.baseUrl, 'anchor');
    await applyAsIndividual(browser.baseUrl, member);
    const { page, context } = await browser.newPage('desktop');
    await openPage(page, `${paths.profile}#privacy`);
    await page.waitForURL((url) => url.pathname === paths.login);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${paths.profile}#privacy`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === paths.profile && url.hash === '#privacy');
    // The section the link named is on screen once the profile has loaded.
    const section = page.locator('#privacy');
    await section.waitFor();
    await expect
      .poll(async () => section.evaluate((element) => element.getBoundingClientRect().top))
      .toBeLessThan(200);
    await context.close();
  });
});

/** The phone sizes the signed-in menu must fit: upright, and on its side. */
const phoneSizes = [
  { name: 'upright', width: 390, height: 844 },
  { name: 'on its side', width: 844, height: 390 },
] as const;

describe('the signed-in phone menu (the account block never covers a link)', () => {
  it.each(phoneSizes)(
    'keeps every link reachable and clickable on a phone $name',
    async ({ width, height }) => {
      const { page, context } = await browser.newPage('phone');
      await page.setViewportSize({ width, height });
      const member = await createConfirmedMember(browser.baseUrl, 'menu');
      await signInByApi(page, member.email, member.password);
      await openPage(page, paths.about);

      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByText(member.username, { exact: true }).waitFor();
      // Every link and button of the menu, the account block's too, is the topmost element at its
      // centre once scrolled to: nothing is drawn over it.
      const targets = menu.getByRole('link').or(menu.getByRole('button'));
      const count = await targets.count();
      expect(count).toBeGreaterThan(navGroups.flatMap((group) => group.links).length);
      for (let index = 0; index < count; index++) {
        const target = targets.nth(index);
        await target.scrollIntoViewIfNeeded();
        const uncovered = await target.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const topmost = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return (
            topmost !== null &&
            (element === topmost || element.contains(topmost)) &&
            box.bottom <= window.innerHeight &&
            box.top >= 0
          );
        });
        expect(uncovered, (await target.textContent()) ?? `target ${index}`).toBe(true);
      }
      await menu.evaluate((element) =>
        element.querySelector('nav')?.parentElement?.scrollTo({ top: 10_000 }),
      );
      await saveScreenInView(page, `phone-${width}x${height}-menu-signed-in`);

      // The last page link, the one nearest the account block, opens its page.
      const lastLink = navGroups.at(-1)?.links.at(-1);
      if (!lastLink) throw new Error('the menu has no links');
      await menu.getByRole('link', { name: lastLink.label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === lastLink.to);
      await context.close();
    },
  );
});
