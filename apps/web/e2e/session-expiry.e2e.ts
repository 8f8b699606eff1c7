import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser } from './browser';
import { signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
/** Seeded inactive, as a 'Member': only an admin's list shows him. */
const INACTIVE_MEMBER = 'Eduardo Villareal';

describe('an admin whose access token is gone', () => {
  it('filters the board list and sees the filtered admin result, after one refresh (spec 000 §8)', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(paths.adminBoard);
    const list = page.getByRole('region', { name: 'Board members' });
    // The table on a desktop, cards on a phone: whichever is shown.
    const shown = (name: string) => list.getByText(name).filter({ visible: true });
    await shown('Ramon Bautista').first().waitFor();

    // The access cookie is gone (expired, or removed); the refresh cookie and the marker remain.
    await context.clearCookies({ name: 'access_token' });
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/auth/refresh')) refreshes.push(response.status());
    });
    const filtered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/boards/get-board-members') &&
        response.url().includes('position=Member') &&
        response.status() === 200,
    );

    await page.getByLabel('Filter by position').selectOption('Member');
    await filtered;
    await shown(INACTIVE_MEMBER).first().waitFor();
    await expect.poll(() => shown('Ramon Bautista').count()).toBe(0);
    expect(refreshes).toEqual([200]);
    // Still an admin in this browser, with a new access cookie.
    expect((await context.cookies()).some((cookie) => cookie.name === 'access_token')).toBe(true);
    expect(new URL(page.url()).searchParams.get('position')).toBe('Member');
    await context.close();
  });
});
