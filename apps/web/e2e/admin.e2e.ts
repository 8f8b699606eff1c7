import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoSeriousAxeViolations, launchBrowser, saveScreenshot } from './browser';
import { signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const MEMBER_EMAIL = 'maria.santos@geomail.example';

describe('admin area', () => {
  it('sends a member who opens /admin to /unauthorized', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, MEMBER_EMAIL, inject('adminPassword'));
    const dashboardCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/dashboard')) dashboardCalls.push(request.url());
    });
    await page.goto(paths.admin);
    await page.getByRole('heading', { name: /401 Unauthorized Access/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe(paths.unauthorized);
    expect(dashboardCalls).toEqual([]);
    await context.close();
  });

  it('shows an admin the dashboard with figures from the server, on desktop and phone', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
      const summary = page.waitForResponse((response) =>
        response.url().includes('/api/dashboard/admin/summary'),
      );
      await page.goto(paths.admin);
      const { data } = await (await summary).json();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      const pending = page.getByText('Pending Memberships').locator('xpath=../..');
      await expect.poll(() => pending.textContent()).toContain(String(data.memberships.byStatus.pending));
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Open admin menu' }).click();
        await page
          .getByRole('dialog', { name: 'Admin menu' })
          .getByRole('link', { name: 'Meet Our Board' })
          .waitFor();
        await page.keyboard.press('Escape');
      }
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `admin-dashboard-${viewport}`);
      await context.close();
    }
  });
});
