import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addMonths, manilaDateString, TRANSCRIPT_MESSAGES } from '@portal/shared';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage } from './browser';
import { checkPage } from './joining';
import { createConfirmedMember, DEMO_ADMIN_EMAIL, signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let folder: string;
beforeAll(async () => {
  browser = await launchBrowser();
  folder = await mkdtemp(join(tmpdir(), 'e2e-transcript-'));
});
afterAll(async () => {
  await browser.close();
  await rm(folder, { recursive: true, force: true });
});

const JOURNEY = 'cpd-transcript';
const PROGRAMME = `Ore Deposit Models Short Course ${Date.now()}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('CPD transcript (docs/product-rules.md "CPD transcript")', () => {
  it('a member adds a licence, records external units, the secretariat approves, the PDF shows them', async () => {
    const member = await createConfirmedMember(browser.baseUrl, 'transcript');
    const { page } = await browser.newPage('desktop');
    await signInByApi(page, member.email, member.password);
    await openPage(page, `${paths.profile}#cpd-transcript`);
    const section = page.getByRole('region', { name: TRANSCRIPT_MESSAGES.sectionTitle });
    await section.getByText(TRANSCRIPT_MESSAGES.noLicences).waitFor();

    // Profession and licence: the renewal follows from the expiry, eight months away.
    const expiry = addMonths(manilaDateString(), 8);
    await section.getByRole('button', { name: 'Add a licence' }).click();
    const licences = section.getByRole('form', { name: TRANSCRIPT_MESSAGES.licencesTitle });
    await licences.getByLabel('Profession *').selectOption('geologist');
    await licences.getByLabel('PRC licence number *').fill('0054321');
    await licences.getByLabel('Registration date *').fill('2014-06-20');
    await licences.getByLabel('Licence expiry *').fill(expiry);
    await licences.getByRole('button', { name: 'Save licences' }).click();
    await page.getByText(TRANSCRIPT_MESSAGES.licencesSaved).waitFor();
    await page.getByRole('button', { name: 'Okay' }).click();
    await section.getByText('Current period', { exact: false }).first().waitFor();
    const required = section.getByText(TRANSCRIPT_MESSAGES.remaining).first();
    await required.waitFor();
    await section.scrollIntoViewIfNeeded();
    await checkPage(page, 'desktop', JOURNEY, 'transcript');

    // External units with the certificate.
    await section.getByRole('button', { name: TRANSCRIPT_MESSAGES.recordExternal }).click();
    const dialog = page.getByRole('dialog', { name: TRANSCRIPT_MESSAGES.recordExternal });
    await dialog.getByLabel('Provider *').fill('Geological Society of the Philippines');
    await dialog.getByLabel('Programme *').fill(PROGRAMME);
    await dialog.getByLabel('Accreditation number *').fill('GSP-2026-0999');
    await dialog.getByLabel('Date *').fill(manilaDateString());
    await dialog.getByLabel('Units *').fill('2.5');
    await dialog
      .getByLabel('Certificate *')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
    await checkPage(page, 'desktop', JOURNEY, 'record-external');
    await dialog.getByRole('button', { name: 'Send for review' }).click();
    await page.getByText(TRANSCRIPT_MESSAGES.externalSubmitted).waitFor();
    await page.getByRole('button', { name: 'Okay' }).click();
    await section.getByText(PROGRAMME).waitFor();
    await section.getByText(TRANSCRIPT_MESSAGES.externalPending).first().waitFor();

    // The secretariat approves it on /admin/cpd.
    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, DEMO_ADMIN_EMAIL, inject('adminPassword'));
    await openPage(admin.page, paths.adminCpd);
    const row = admin.page.getByRole('row').filter({ hasText: PROGRAMME });
    await row.waitFor();
    await checkPage(admin.page, 'desktop', JOURNEY, 'admin-cpd');
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.getByText('Approved').waitFor();

    // The transcript counts it, and its PDF shows it with a QR code that verifies it.
    await page.reload();
    await section.getByText(TRANSCRIPT_MESSAGES.externalApproved).first().waitFor();
    const approved = section.getByRole('definition').filter({ hasText: '2.5' });
    expect(await approved.count()).toBeGreaterThan(0);
    const download = section.getByRole('button', { name: TRANSCRIPT_MESSAGES.downloadPdf });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const pdf = join(folder, 'transcript.pdf');
    await file.saveAs(pdf);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain(PROGRAMME.slice(0, 20));
    expect(text).toContain('Board of Geology');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '110',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      'artifacts/screenshots/desktop-cpd-transcript-pdf',
    ]);
    const { data, info } = await sharp(await readFile('artifacts/screenshots/desktop-cpd-transcript-pdf.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const verifyUrl = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? '';
    expect(verifyUrl).toMatch(/\/cpd\/transcripts\/verify\/[A-Za-z0-9_-]{22}$/);
    const verify = await browser.newPage('phone');
    await openPage(verify.page, new URL(verifyUrl).pathname);
    await verify.page.getByText('Transcript issued by us').waitFor();
    await checkPage(verify.page, 'phone', JOURNEY, 'verify');

    // The same section on a phone.
    const phone = await browser.newPage('phone');
    await signInByApi(phone.page, member.email, member.password);
    await openPage(phone.page, `${paths.profile}#cpd-transcript`);
    await phone.page.getByText(PROGRAMME).waitFor();
    await checkPage(phone.page, 'phone', JOURNEY, 'transcript');
  });
});
