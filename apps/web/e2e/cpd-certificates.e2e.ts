import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CPD_MESSAGES } from '@portal/shared';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage } from './browser';
import { checkPage } from './joining';
import { adminCookie, signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let folder: string;
beforeAll(async () => {
  browser = await launchBrowser();
  folder = await mkdtemp(join(tmpdir(), 'e2e-cpd-'));
});
afterAll(async () => {
  await browser.close();
  await rm(folder, { recursive: true, force: true });
});

// apps/api/src/db/seed-content.ts `demoCpd`: Maria Santos was checked in for both sessions of the
// past seminar and has not answered its evaluation yet.
const ADMIN_EMAIL = 'admin@meap.org.ph';
const MEMBER_EMAIL = 'maria.santos@geomail.example';
const SEMINAR = 'CPD Seminar: Structural Controls on Epithermal Gold Veins';
const JOURNEY = 'cpd';

/** The admin issues the seminar's certificates through the API (the admin page is another journey's). */
async function issueAsAdmin() {
  const baseUrl = browser.baseUrl;
  const cookie = await adminCookie(baseUrl);
  const events = await (
    await fetch(`${baseUrl}/api/events/admin/get-all?search=${encodeURIComponent('Epithermal Gold')}`, {
      headers: { cookie },
    })
  ).json();
  const seminar = events.data.events.find((event: { title: string }) => event.title === SEMINAR);
  const issued = await fetch(`${baseUrl}/api/cpd/events/${seminar.id}/certificates`, {
    method: 'POST',
    headers: { cookie },
  });
  expect(issued.status).toBe(200);
  return (await issued.json()).data as { issued: { name: string; number: string }[] };
}

/** The seminar's attendees as the admin's CPD page lists them, with each certificate's code. */
async function attendeesAsAdmin(seminarId: string) {
  const cookie = await adminCookie(browser.baseUrl);
  const answer = await fetch(`${browser.baseUrl}/api/cpd/events/${seminarId}`, { headers: { cookie } });
  return (await answer.json()).data.attendees as {
    name: string;
    certificate: {
      number: string;
      verify_code: string;
      revoked: boolean;
      revoked_reason: string | null;
    } | null;
  }[];
}

describe('CPD certificates (docs/product-rules.md "CPD certificates")', () => {
  it('an attendee answers the evaluation, downloads the certificate, and its QR code opens the verify page', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, MEMBER_EMAIL, inject('adminPassword'));
    await openPage(page, `${paths.profile}#cpd`);
    const section = page.getByRole('region', { name: CPD_MESSAGES.sectionTitle });
    await section.getByText(SEMINAR).waitFor();
    await checkPage(page, 'phone', JOURNEY, 'profile');

    await section.getByRole('button', { name: CPD_MESSAGES.answerEvaluation }).click();
    const dialog = page.getByRole('dialog', { name: 'Evaluation' });
    await dialog.getByText('Comments and suggestions').waitFor();
    await checkPage(page, 'phone', JOURNEY, 'evaluation');
    for (const group of await dialog.getByRole('group').all()) {
      await group.getByText('5', { exact: true }).click();
    }
    await dialog.getByLabel('Comments and suggestions').fill('Clear kinematic examples.');
    await dialog.getByRole('button', { name: 'Send evaluation' }).click();
    await page.getByText(CPD_MESSAGES.evaluationSubmitted).waitFor();
    await page.getByRole('button', { name: 'Okay' }).click();
    await section.getByText(/Evaluation received/).waitFor();

    // Jose Mendoza's revoked certificate, listed until he is issued a new one.
    const events = await (
      await fetch(
        `${browser.baseUrl}/api/events/admin/get-all?search=${encodeURIComponent('Epithermal Gold')}`,
        {
          headers: { cookie: await adminCookie(browser.baseUrl) },
        },
      )
    ).json();
    const seminarId: string = events.data.events.find(
      (event: { title: string }) => event.title === SEMINAR,
    ).id;
    const revoked = (await attendeesAsAdmin(seminarId)).find(
      (attendee) => attendee.certificate?.revoked,
    )?.certificate;
    expect(revoked?.revoked_reason).toBeTruthy();

    // Hers, and Jose Mendoza's again after his first was revoked.
    const { issued } = await issueAsAdmin();
    const hers = issued.find((certificate) => certificate.name === 'Maria Lourdes Santos');
    expect(hers?.number).toMatch(/^CPD-\d{4}-\d{5}$/);
    await page.reload();
    const download = section.getByRole('button', { name: CPD_MESSAGES.downloadCertificate });
    await download.waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const pdf = join(folder, 'certificate.pdf');
    await file.saveAs(pdf);
    expect((await readFile(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', pdf, join(folder, 'certificate')]);
    const { data, info } = await sharp(await readFile(join(folder, 'certificate.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const verifyUrl = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? '';
    // The QR code carries the certificate's random code, not its printed number (decision 066).
    expect(verifyUrl).toMatch(/\/certificates\/verify\/[A-Za-z0-9_-]{22}$/);
    expect(verifyUrl).not.toContain(hers?.number ?? 'none');
    await context.close();

    // Anyone who scans it, signed in or not.
    const stranger = await browser.newPage('phone');
    const answer = await stranger.page.goto(new URL(new URL(verifyUrl).pathname, browser.baseUrl).href);
    expect(answer?.status()).toBe(200);
    await stranger.page.getByText(CPD_MESSAGES.valid).waitFor();
    await stranger.page.getByText('Maria Lourdes D. Santos').waitFor();
    expect(await stranger.page.getByText('0018853').count()).toBe(0);
    await stranger.page.getByText(hers?.number ?? 'none').waitFor();
    await checkPage(stranger.page, 'phone', JOURNEY, 'verify');
    // The printed number, and any other, is not an address: the register cannot be walked.
    for (const number of [hers?.number ?? 'none', 'CPD-1999-00001']) {
      const unknown = await stranger.page.goto(
        new URL(`/certificates/verify/${number}`, browser.baseUrl).href,
      );
      expect(unknown?.status()).toBe(404);
      await stranger.page.getByText(CPD_MESSAGES.notFound, { exact: true }).waitFor();
    }
    await checkPage(stranger.page, 'phone', JOURNEY, 'verify-not-found');
    await stranger.context.close();

    // On a desktop, and a revoked one (Jose Mendoza's first): it says so, never the admin's reason.
    const desk = await browser.newPage('laptop');
    expect((await desk.page.goto(new URL(verifyUrl).pathname))?.status()).toBe(200);
    await desk.page.getByText(CPD_MESSAGES.valid).waitFor();
    await checkPage(desk.page, 'laptop', JOURNEY, 'verify');
    expect((await desk.page.goto(`/certificates/verify/${revoked?.verify_code}`))?.status()).toBe(200);
    await desk.page.getByText(CPD_MESSAGES.revokedDetail).waitFor();
    expect(await desk.page.getByText(revoked?.revoked_reason ?? 'none').count()).toBe(0);
    await checkPage(desk.page, 'laptop', JOURNEY, 'verify-revoked');
    await desk.context.close();
  }, 120_000);

  it('the admin’s CPD page is clean for axe and fits a laptop', async () => {
    const { page, context } = await browser.newPage('laptop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    const events = await (await page.request.get('/api/events/admin/get-all?search=Epithermal')).json();
    await openPage(page, paths.adminEventCpd(events.data.events[0].id));
    await page.getByRole('heading', { name: CPD_MESSAGES.settingsTitle }).waitFor();
    await page.getByRole('heading', { name: 'Attendees and certificates' }).waitFor();
    await page.getByText(/^\d+ responses?$/).waitFor();
    await checkPage(page, 'laptop', JOURNEY, 'admin');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  }, 60_000);
});
