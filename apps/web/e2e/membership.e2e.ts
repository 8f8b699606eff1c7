import { PRIVACY_MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage, type Viewport } from './browser';
import {
  checkPage,
  followApplicationCall,
  holdTimedRedirects,
  next,
  picture,
  registerAndConfirm,
  releaseTimedRedirects,
  sessionProfile,
  stepHeading,
  submitAndSeeBell,
  uniqueUsername,
} from './joining';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const JOURNEY = 'company';

/** The application's four steps as a Regular company with two representatives and a logo. */
async function fillCompanyForm(page: Page, viewport: Viewport, username: string) {
  await stepHeading(page, 'Membership Type');
  expect(await page.getByRole('radio', { name: 'A company' }).isChecked()).toBe(true);
  expect(await page.getByLabel('Membership category *').inputValue()).toBe('Regular');
  await checkPage(page, viewport, JOURNEY, 'form-type');
  await next(page);

  await stepHeading(page, 'Personal Info');
  expect(await page.getByLabel('Username').inputValue()).toBe(username);
  await page
    .getByLabel('Registered company name', { exact: true })
    .fill('Mindanao Copper-Gold Exploration, Inc.');
  await page.getByLabel('Trade name (optional)', { exact: true }).fill('MinCoGold');
  await page.getByLabel('Phone').fill('+63 2 8123 4567');
  await page.getByLabel('Facsimile').fill('+63 2 8123 4568');
  await page.getByLabel('House no.').fill('12F');
  await page.getByLabel('Street').fill('Ayala Avenue');
  await page.getByLabel('City').fill('Makati City');
  await page.getByLabel('Postal code').fill('1226');
  await page.getByLabel('About the company').fill('Copper-gold exploration in Mindanao since 2009.');
  await checkPage(page, viewport, JOURNEY, 'form-personal');
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
  await second.getByLabel('Position').fill('Chief Geologist');
  await second.getByLabel('Photo of representative 2').setInputFiles(picture('ben.png'));
  await second.getByText('New image: ben.png').waitFor();
  expect(await second.getByLabel('Type').inputValue()).toBe('non-voting');
  await checkPage(page, viewport, JOURNEY, 'form-representatives');
  await next(page);

  await stepHeading(page, 'Submit');
  await page.getByLabel('Company logo').setInputFiles(picture('logo.png'));
  await page.getByText('New image: logo.png').waitFor();
  await page.getByText('12F, Ayala Avenue, Makati City, 1226').waitFor();
  await checkPage(page, viewport, JOURNEY, 'form-submit');
}

/** /profile shows everything the form sent: logo, representatives, contact details, membership. */
async function expectProfileShowsApplication(page: Page, username: string) {
  const main = page.getByRole('main');
  await main.getByText(username, { exact: true }).first().waitFor();
  await main.getByText('Copper-gold exploration in Mindanao since 2009.').waitFor();
  // A member's picture comes from its checked route (docs/decisions/066), with the session's cookie.
  const logo = main.locator('img[src^="/api/users/"]').first();
  // Attached is not loaded: the picture arrives a moment after its element (one CI run in many).
  await logo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);

  const reps = page.getByRole('region', { name: 'Company Representatives' });
  const voting = reps.getByRole('list').first();
  await reps.getByRole('heading', { name: 'Voting' }).waitFor();
  await voting.getByText('Ana Cruz').waitFor();
  await reps.getByRole('heading', { name: 'Other' }).waitFor();
  const ben = reps.getByRole('listitem').filter({ hasText: 'Ben Reyes' });
  await ben.getByText('Chief Geologist').waitFor();
  expect(await ben.locator('img').getAttribute('src')).toMatch(
    /^\/api\/representatives\/[0-9a-f-]+\/photo\?v=/,
  );

  const contact = page.getByRole('region', { name: 'Contact Information' });
  await contact.getByText('+63 2 8123 4567').waitFor();
  await contact.getByText('+63 2 8123 4568').waitFor();
  await contact.getByText('12F, Ayala Avenue, Makati City, 1226').waitFor();
  const memberships = page.getByRole('region', { name: 'Membership Details' });
  await memberships.getByText('Regular membership').waitFor();
  await memberships.getByText('Pending', { exact: true }).waitFor();
}

/** The editor: delete Ben, restore him, add Grace, Save All; the profile then lists all three. */
async function editRepresentatives(page: Page, viewport: Viewport) {
  await page.getByRole('link', { name: 'Manage Company Representatives' }).click();
  await page.getByRole('heading', { level: 1, name: 'Company Representatives' }).waitFor();
  const saveAll = page.getByRole('button', { name: 'Save All' });
  await page.getByRole('button', { name: 'Delete Ben Reyes' }).waitFor();
  expect(await saveAll.isDisabled()).toBe(true);
  await checkPage(page, viewport, JOURNEY, 'editor');

  await page.getByRole('button', { name: 'Delete Ben Reyes' }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Representative' });
  await confirmDelete.waitFor();
  await checkPage(page, viewport, JOURNEY, 'editor-delete');
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  const deleted = page.locator('[data-representative-name]', { hasText: 'Ben Reyes' });
  expect(await deleted.evaluate((name) => getComputedStyle(name).textDecorationLine)).toBe('line-through');
  expect(await saveAll.isDisabled()).toBe(false);
  await checkPage(page, viewport, JOURNEY, 'editor-deleted');
  await page.getByRole('button', { name: 'Restore Ben Reyes' }).click();
  expect(await saveAll.isDisabled()).toBe(true);

  await page.getByRole('button', { name: 'Add Representative' }).click();
  const form = page.getByRole('form', { name: 'Edit New representative' });
  await form.getByLabel('First name *').fill('Grace');
  await form.getByLabel('Last name *').fill('Villanueva');
  await form.getByLabel('Position').fill('Environmental Manager');
  await form.getByLabel('Photo').setInputFiles(picture('grace.png'));
  await form.getByText(/New image: grace.png/).waitFor();
  // Save All waits until no representative form is open.
  expect(await saveAll.isDisabled()).toBe(true);
  await checkPage(page, viewport, JOURNEY, 'editor-add');
  await form.getByRole('button', { name: 'Done' }).click();
  await page.locator('[data-representative-name]', { hasText: 'Grace Villanueva' }).waitFor();

  await saveAll.click();
  const confirmSave = page.getByRole('alertdialog', { name: 'Save All Changes' });
  await confirmSave.waitFor();
  await checkPage(page, viewport, JOURNEY, 'editor-save');
  // Access tokens live 5 s here: the first try may be refused and repeated after a refresh.
  const saved = page.waitForResponse(
    (answer) => answer.url().includes('/api/reps/update-reps') && answer.status() === 200,
  );
  await confirmSave.getByRole('button', { name: 'Save All' }).click();
  await saved;
  const done = page.getByRole('alertdialog', { name: 'Changes Saved' });
  await done.getByText('Company representatives updated').waitFor();
  await checkPage(page, viewport, JOURNEY, 'editor-saved');
  await done.getByRole('button', { name: 'Okay' }).click();
  await page.waitForURL((url) => url.pathname === paths.profile);
}

// One journey with a dozen pages, each checked by axe: longer than the default minute.
describe.each<Viewport>(['desktop', 'phone'])(
  'joining as a company on %s',
  { timeout: 240_000 },
  (viewport) => {
    it('Select Plan → register → confirm → /user-forms with two representatives and a logo → the pending bell → /profile shows it all → the editor deletes, restores, adds and saves → the profile shows it', async () => {
      const { page, context } = await browser.newPage(viewport);
      await holdTimedRedirects(page);
      const username = uniqueUsername('co');

      await openPage(page, paths.membership);
      await page.getByRole('button', { name: 'Select Plan Regular' }).click();
      await page.waitForURL((url) => url.pathname === paths.register);
      await page.getByText('Regular membership').waitFor();
      await registerAndConfirm(page, viewport, JOURNEY, username);
      await followApplicationCall(page, viewport, JOURNEY);
      await fillCompanyForm(page, viewport, username);
      await submitAndSeeBell(page, viewport, JOURNEY);

      // What the server now holds.
      const profile = await sessionProfile(page);
      expect(profile).toMatchObject({
        type: 'company',
        isNew: false,
        facsimile: '+63 2 8123 4568',
        address: '12F, Ayala Avenue, Makati City, 1226',
        memberships: [{ category: 'Regular', status: 'pending' }],
      });

      await openPage(page, paths.profile);
      await expectProfileShowsApplication(page, username);
      await checkPage(page, viewport, JOURNEY, 'profile');

      await editRepresentatives(page, viewport);
      const reps = page.getByRole('region', { name: 'Company Representatives' });
      await reps.getByText('Grace Villanueva').waitFor();
      await reps.getByText('Ben Reyes').waitFor();
      await reps.getByText('Ana Cruz').waitFor();
      const grace = reps.getByRole('listitem').filter({ hasText: 'Grace Villanueva' });
      await grace.getByText('Environmental Manager').waitFor();
      expect(await grace.locator('img').getAttribute('src')).toMatch(
        /^\/api\/representatives\/[0-9a-f-]+\/photo\?v=/,
      );
      await checkPage(page, viewport, JOURNEY, 'profile-updated');

      // The form sent again (a renewal, or an update of the pending application) starts from what
      // the company holds; sent unchanged, it keeps every photo (docs/decisions/023).
      const photos = () =>
        reps.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src')));
      const photosBefore = await photos();
      expect(photosBefore).toHaveLength(2);
      await openPage(page, paths.userForms);
      await stepHeading(page, 'Membership Type');
      expect(await page.getByRole('radio', { name: 'A company' }).isChecked()).toBe(true);
      expect(await page.getByLabel('Membership category *').inputValue()).toBe('Regular');
      await next(page);
      await stepHeading(page, 'Personal Info');
      expect(await page.getByLabel('Facsimile').inputValue()).toBe('+63 2 8123 4568');
      await page.getByText('12F, Ayala Avenue, Makati City, 1226').waitFor();
      await checkPage(page, viewport, JOURNEY, 'renewal-personal');
      await next(page);
      await stepHeading(page, 'Representatives');
      const third = page.getByRole('group', { name: 'Representative 3' });
      expect(await third.getByLabel('First name *').inputValue()).toBe('Grace');
      await third.getByText('Current image').waitFor();
      await checkPage(page, viewport, JOURNEY, 'renewal-representatives');
      await next(page);
      await stepHeading(page, 'Submit');
      await page.getByText('Current image').waitFor();
      await page.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }).check();
      await page.getByRole('button', { name: 'Submit Application' }).click();
      await page.getByRole('alertdialog', { name: 'Update Successful!' }).waitFor();
      await releaseTimedRedirects(page);
      await page.waitForURL((url) => url.pathname === paths.home, { timeout: 10_000 });
      await openPage(page, paths.profile);
      await reps.getByText('Grace Villanueva').waitFor();
      expect(await photos()).toEqual(photosBefore);
      await page
        .getByRole('region', { name: 'Membership Details' })
        .getByText('Pending', { exact: true })
        .waitFor();
      await context.close();
    });
  },
);
