import { ADMIN_USER_MESSAGES, STAFF_ROLE_MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot, type Viewport } from './browser';
import { applyAsIndividual, createConfirmedMember, signInByApi, type TestMember } from './session';

// docs/product-rules.md "Staff roles", decision 060: an administrator grants a role in the user
// dialog; the staff member then opens only their screens. Every account signs in by API
// (signInByApi), so when staff sign-in asks for a second step it is added there, in one place.
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// apps/api/src/db/seed.ts: the demo staff sign in with the demo admin's password.
const ADMIN_EMAIL = 'admin@meap.org.ph';
const SECRETARIAT_EMAIL = 'secretariat@meap.org.ph';
const FORBIDDEN_HEADING = /403 Access Denied/;

const adminSidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin' }).first();
const sidebarLinks = (page: Page) => adminSidebar(page).getByRole('link').allTextContents();

describe('staff roles', () => {
  let treasurer: TestMember;
  beforeAll(async () => {
    treasurer = await createConfirmedMember(browser.baseUrl, 'treasurer');
    // With a name, as every account the dialog saves has (docs/product-rules.md "Names").
    await applyAsIndividual(browser.baseUrl, treasurer);
  });

  it('an administrator grants the treasurer role in the user dialog; the treasurer lands on dues and opens only their screens', async () => {
    const { page, context } = await browser.newPage('laptop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(page, `${paths.adminUsers}?search=${treasurer.username}`);
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByRole('button', { name: `Edit ${treasurer.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    const roles = dialog.getByRole('group', { name: 'Staff roles' });
    const treasurerBox = roles.getByRole('checkbox', {
      name: 'Treasurer — dues, payments, receipts and reminders',
    });
    expect(await treasurerBox.isChecked()).toBe(false);
    await treasurerBox.check();
    await roles.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'staff-roles-dialog-desktop');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(ADMIN_USER_MESSAGES.updated).waitFor();
    // The row says the account is staff now, and which role it holds.
    await table.getByText('Treasurer', { exact: true }).waitFor();
    await context.close();

    // The treasurer signs in: the header's Admin link and /admin both open the dues screen.
    const staff = await browser.newPage('laptop');
    const profile = await signInByApi(staff.page, treasurer.email, treasurer.password);
    expect(profile.roles).toEqual(['treasurer']);
    await openPage(staff.page, paths.home);
    await staff.page.getByRole('button', { name: /^Account menu for / }).click();
    await staff.page.getByRole('link', { name: 'Admin', exact: true }).click();
    await staff.page.waitForURL((url) => url.pathname === paths.adminDues);
    await staff.page.getByRole('heading', { level: 1, name: 'Dues' }).waitFor();
    expect(await sidebarLinks(staff.page)).toEqual(['Users', 'Dues']);
    await openPage(staff.page, paths.admin);
    await staff.page.waitForURL((url) => url.pathname === paths.adminDues);
    await staff.page.getByRole('heading', { level: 1, name: 'Dues' }).waitFor();
    await expectNoAxeViolations(staff.page);
    await saveScreenshot(staff.page, 'staff-roles-treasurer-landing-desktop');

    // A direct link to a screen of another role: the 403 page, in the admin frame.
    await openPage(staff.page, paths.adminEvents);
    await staff.page.getByRole('heading', { level: 1, name: FORBIDDEN_HEADING }).waitFor();
    expect(await sidebarLinks(staff.page)).toEqual(['Users', 'Dues']);
    await expectNoAxeViolations(staff.page);
    await saveScreenshot(staff.page, 'staff-roles-forbidden-desktop');
    await staff.page.getByRole('link', { name: 'Go to Dues' }).click();
    await staff.page.waitForURL((url) => url.pathname === paths.adminDues);
    await staff.context.close();
  });

  it.each<Viewport>(['phone'])('shows the treasurer the same on a %s', async (viewport) => {
    const { page, context } = await browser.newPage(viewport);
    await signInByApi(page, treasurer.email, treasurer.password);
    await openPage(page, paths.admin);
    await page.waitForURL((url) => url.pathname === paths.adminDues);
    await page.getByRole('heading', { level: 1, name: 'Dues' }).waitFor();
    await saveScreenshot(page, `staff-roles-treasurer-landing-${viewport}`);
    await openPage(page, paths.adminEvents);
    await page.getByRole('heading', { level: 1, name: FORBIDDEN_HEADING }).waitFor();
    await saveScreenshot(page, `staff-roles-forbidden-${viewport}`);
    await context.close();

    const admin = await browser.newPage(viewport);
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(admin.page, `${paths.adminUsers}?search=${treasurer.username}`);
    await admin.page
      .getByRole('button', { name: `Edit ${treasurer.username}` })
      .first()
      .click();
    const roles = admin.page
      .getByRole('dialog', { name: 'Edit User' })
      .getByRole('group', { name: 'Staff roles' });
    await roles.getByRole('checkbox', { name: /^Treasurer/ }).waitFor();
    expect(await roles.getByRole('checkbox', { name: /^Treasurer/ }).isChecked()).toBe(true);
    await roles.scrollIntoViewIfNeeded();
    await saveScreenshot(admin.page, `staff-roles-dialog-${viewport}`);
    await admin.context.close();
  });

  it('refuses the secretariat the dues screen and its settings: the 403 page, and 403 from the server', async () => {
    const { page, context } = await browser.newPage('laptop');
    await signInByApi(page, SECRETARIAT_EMAIL, inject('adminPassword'));
    await openPage(page, paths.adminDues);
    await page.getByRole('heading', { level: 1, name: FORBIDDEN_HEADING }).waitFor();
    expect(await sidebarLinks(page)).not.toContain('Dues');
    // The dues settings themselves, asked of the server as the dues screen asks for them.
    const settings = await page.request.get('/api/dues/settings');
    expect(settings.status()).toBe(403);
    expect((await settings.json()).error).toBe(STAFF_ROLE_MESSAGES.accessRequired);
    const change = await page.request.put('/api/dues/settings', {
      multipart: { regularFee: '1' },
      headers: { origin: browser.baseUrl },
    });
    expect(change.status()).toBe(403);
    expect((await change.json()).error).toBe(STAFF_ROLE_MESSAGES.accessRequired);
    await context.close();
  });
});
