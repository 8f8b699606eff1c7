import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, saveScreenshot } from './browser';
import { DEMO_ADMIN_EMAIL, memberInGoodStanding, signInByApi, type TestMember } from './session';

// After the annual meeting (docs/decisions/078): the demo's certified June election is applied to
// the board with its four officers (apps/api/src/db/seed-meetings.ts), so the board page offers
// nothing for it; its page shows who was elected and the officers; the secretariat publishes the
// minutes; a member downloads them. Nothing here changes the demo board, which journeys share.

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let member: TestMember;
const folder = mkdtempSync(join(tmpdir(), 'meet-after-e2e-'));
beforeAll(async () => {
  browser = await launchBrowser();
  member = await memberInGoodStanding(browser.baseUrl, 'minutes');
});
afterAll(async () => {
  await browser.close();
  rmSync(folder, { recursive: true, force: true });
});

const stamp = Date.now().toString(36);

describe('after the annual meeting', () => {
  it('the board admin finds the demo election applied with its officers; the secretariat publishes minutes; a member downloads them', {
    timeout: 120_000,
  }, async () => {
    for (const viewport of ['laptop', 'phone'] as const) {
      const { page } = await browser.newPage(viewport);
      await signInByApi(page, DEMO_ADMIN_EMAIL, inject('adminPassword'));
      // The demo's certified June election; other journeys on the same server certify their own.
      const { data: list } = (await (await page.request.get('/api/meetings')).json()) as {
        data: { id: string; title: string; status: string }[];
      };
      const demo = list.find(
        (meeting) =>
          meeting.status === 'certified' && /^\d{4} Annual Meeting of Members$/.test(meeting.title),
      );
      if (!demo) throw new Error('the demo’s certified meeting is missing');
      await page.goto(paths.adminBoard);
      await page.getByRole('heading', { level: 1, name: 'Meet Our Board' }).waitFor();
      await page.waitForLoadState('networkidle');
      // Applied, with its officers: no notice for it above the board table.
      expect(await page.getByText(demo.title, { exact: true }).count()).toBe(0);
      await page.goto(paths.adminMeetingAfter(demo.id));
      await page
        .getByRole('heading', { level: 1, name: /^After the meeting: \d{4} Annual Meeting of Members$/ })
        .waitFor();
      await page.getByRole('heading', { name: 'Elected trustees' }).waitFor();
      for (const name of ['Ramon Bautista', 'Atty. Miguel Navarro', 'Dr. Teresa Gomez'])
        await page.getByRole('listitem').filter({ hasText: name }).first().waitFor();
      await page.getByText(/^Applied to the board of trustees on /).waitFor();
      expect(await page.getByRole('button', { name: 'Apply to the board of trustees' }).count()).toBe(0);
      await expect
        .poll(() => page.getByRole('combobox', { name: 'President', exact: true }).inputValue())
        .not.toBe('');
      expect(
        await page
          .getByRole('combobox', { name: 'President', exact: true })
          .locator('option:checked')
          .textContent(),
      ).toBe('Ramon Bautista');
      if (viewport === 'laptop') {
        // The certificate the link downloads: a PDF naming the meeting and the elected.
        const href = await page
          .getByRole('link', { name: 'Download the certificate (PDF)' })
          .getAttribute('href');
        const response = await page.request.get(href ?? '');
        expect(response.status()).toBe(200);
        const file = join(folder, 'certificate.pdf');
        writeFileSync(file, await response.body());
        const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
        expect(text).toContain("Secretary's Certificate");
        expect(text).toContain('Ramon Bautista');

        // The secretariat's part: publish a resolution.
        await page.getByLabel('Kind').selectOption('resolution');
        await page.getByLabel('Title').fill(`Resolution No. 2 (${stamp})`);
        await page.getByLabel('PDF').setInputFiles({
          name: 'resolution.pdf',
          mimeType: 'application/pdf',
          buffer: await response.body(),
        });
        await page.getByRole('button', { name: 'Publish to the members' }).click();
        await page.getByText(`Resolution No. 2 (${stamp})`).waitFor();
        await expectNoAxeViolations(page);
      }
      await saveScreenshot(page, `meet-after-panel-${viewport === 'laptop' ? 1280 : 390}`);
      await page.context().close();
    }

    for (const viewport of ['laptop', 'phone'] as const) {
      const { page } = await browser.newPage(viewport);
      await signInByApi(page, member.email, member.password);
      await page.goto(paths.meetingDocuments);
      await page.getByRole('heading', { level: 1, name: 'Minutes and resolutions' }).waitFor();
      const link = page.getByRole('link', { name: new RegExp(`Resolution No. 2 \\(${stamp}\\)`) });
      await link.waitFor();
      await page.getByRole('link', { name: /^Minutes of the \d{4} Annual Meeting of Members/ }).waitFor();
      const download = await page.request.get((await link.getAttribute('href')) ?? '');
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      if (viewport === 'laptop') await expectNoAxeViolations(page);
      await saveScreenshot(page, `meet-after-member-documents-${viewport === 'laptop' ? 1280 : 390}`);
      await page.context().close();
    }
  });
});
