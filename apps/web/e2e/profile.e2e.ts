import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoSeriousAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// apps/api/src/db/seed-content.ts: a Regular company with an expired and a newer pending membership.
const COMPANY_EMAIL = 'info@mindanaonickel.example';

describe('the profile of a company member (issue 11)', () => {
  it('shows everything, and the representatives editor deletes, restores, adds and saves', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, COMPANY_EMAIL, inject('adminPassword'));
    await openPage(page, paths.profile);

    await page.getByRole('main').getByText('mindanaonickel', { exact: true }).first().waitFor();
    await page.getByText(/lateritic nickel and cobalt deposits/).waitFor();
    const reps = page.getByRole('region', { name: 'Company Representatives' });
    await reps.getByRole('heading', { name: 'Voting' }).waitFor();
    await reps.getByText('Fatima Abdulrahman').waitFor();
    await reps.getByRole('heading', { name: 'Other' }).waitFor();
    await reps.getByText('Victor Ongpauco').waitFor();
    const memberships = page.getByRole('region', { name: 'Membership Details' });
    await memberships.getByText('pending', { exact: true }).waitFor();
    await memberships.getByRole('button', { name: 'Show expired memberships (1)' }).click();
    await memberships.getByText('expired', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Contact Information' }).getByText('+63 82 224 5630').waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'profile-desktop');

    await page.getByRole('link', { name: 'Manage Company Representatives' }).click();
    await page.getByRole('heading', { level: 1, name: 'Company Representatives' }).waitFor();
    const saveAll = page.getByRole('button', { name: 'Save All' });
    expect(await saveAll.isDisabled()).toBe(true);

    // Delete Victor (asked first), then restore him.
    await page.getByRole('button', { name: 'Delete Victor Ongpauco' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Representative' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('button', { name: 'Restore Victor Ongpauco' }).click();
    expect(await saveAll.isDisabled()).toBe(true);

    // Add one with a photo.
    await page.getByRole('button', { name: 'Add Representative' }).click();
    const form = page.getByRole('form', { name: 'Edit New representative' });
    await form.getByLabel('First name *').fill('Grace');
    await form.getByLabel('Last name *').fill('Villanueva');
    await form.getByLabel('Position').fill('Environmental Manager');
    const photo = await sharp({
      create: { width: 320, height: 320, channels: 3, background: { r: 40, g: 120, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    await form
      .getByLabel('Photo')
      .setInputFiles({ name: 'grace.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByText(/New image: grace.jpg/).waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'representatives-editor-desktop');
    await form.getByRole('button', { name: 'Done' }).click();
    await page.locator('[data-representative-name]', { hasText: 'Grace Villanueva' }).waitFor();

    // Leaving now asks first.
    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await page
      .getByRole('alertdialog', { name: 'Unsaved Changes' })
      .getByRole('button', { name: 'Stay' })
      .click();

    await saveAll.click();
    // Access tokens live 5 s here: the first try may be refused and repeated after a refresh.
    const saved = page.waitForResponse(
      (answer) => answer.url().includes('/api/reps/update-reps') && answer.status() === 200,
    );
    await page
      .getByRole('alertdialog', { name: 'Save All Changes' })
      .getByRole('button', { name: 'Save All' })
      .click();
    await saved;
    await page.getByText('Company representatives updated').waitFor();
    await page.getByRole('button', { name: 'Okay' }).click();
    await page.waitForURL((url) => url.pathname === paths.profile);

    const updated = page.getByRole('region', { name: 'Company Representatives' });
    await updated.getByText('Grace Villanueva').waitFor();
    await updated.getByText('Victor Ongpauco').waitFor();
    // Grace's photo is the stored, re-encoded one.
    const graceCard = updated.getByRole('listitem').filter({ hasText: 'Grace Villanueva' });
    expect(await graceCard.locator('img').getAttribute('src')).toMatch(/^\/uploads\/.+\.webp$/);
    await context.close();
  });

  it('fits a phone', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, COMPANY_EMAIL, inject('adminPassword'));
    await openPage(page, paths.profile);
    await page.getByRole('region', { name: 'Membership Details' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'profile-phone');
    await openPage(page, paths.profileRepresentatives);
    await page.getByRole('button', { name: 'Add Representative' }).click();
    await page.getByRole('form', { name: 'Edit New representative' }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'representatives-editor-phone');
    await context.close();
  });

  it("tells the pending member on Member's News why the files are closed", async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, COMPANY_EMAIL, inject('adminPassword'));
    await openPage(page, paths.membersNews);
    await page.getByRole('heading', { name: 'Your membership is pending' }).waitFor();
    await page
      .getByRole('link', { name: /^Download/ })
      .first()
      .click();
    await page.getByRole('alertdialog', { name: 'Download Unavailable' }).waitFor();
    await saveScreenshot(page, 'members-news-pending');
    await context.close();
  });

  it('sends a guest who opens /profile to /unauthorized', async () => {
    const { page, context } = await browser.newPage('desktop');
    await openPage(page, paths.profile);
    await page.getByRole('heading', { name: /401 Unauthorized Access/ }).waitFor();
    await context.close();
  });
});
