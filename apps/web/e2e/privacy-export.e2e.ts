import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_EXPORT_MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { waitForMail } from './mail';
import { individualNameOf, memberInGoodStanding, signInByApi, type TestMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let member: TestMember;
let folder: string;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await memberInGoodStanding(browser.baseUrl, 'exporter');
  folder = await mkdtemp(join(tmpdir(), 'data-export-'));
});
afterAll(async () => {
  await browser.close();
  await rm(folder, { recursive: true, force: true });
});

describe('"Download my data" (docs/decisions/067)', () => {
  it('a member asks for their data on the profile, the e-mail links to a page that downloads the ZIP, and its data.json holds their name', {
    timeout: 120_000,
  }, async () => {
    const { page, context } = await browser.newPage('laptop');
    await signInByApi(page, member.email, member.password);
    await openPage(page, paths.profile);
    const section = page.getByRole('region', { name: DATA_EXPORT_MESSAGES.sectionTitle, exact: true });
    await section.getByRole('button', { name: DATA_EXPORT_MESSAGES.button }).click();
    await section.getByText(DATA_EXPORT_MESSAGES.requested).waitFor();

    const mail = await waitForMail(member.email, DATA_EXPORT_MESSAGES.mailSubject, 60_000);
    const link = mail.text.match(/https?:\/\/\S+\/profile\/data-export\/[0-9a-f-]{36}/)?.[0];
    expect(link).toBeDefined();
    const path = new URL(link ?? '').pathname;

    // Signed out, the link asks the reader to sign in first: no file is given away.
    const guest = await browser.newPage('laptop');
    await openPage(guest.page, path);
    await guest.page.waitForURL((url) => url.pathname === paths.unauthorized || url.pathname === paths.login);
    await guest.context.close();

    // Signed in, the page downloads the ZIP by itself.
    const [download] = await Promise.all([page.waitForEvent('download'), openPage(page, path)]);
    const zip = join(folder, 'export.zip');
    await download.saveAs(zip);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const listing = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain('data.json');
    // The first dues' statement and its receipt, as issued, and the card.
    expect(listing.some((name) => name.startsWith('statements/') && name.endsWith('.pdf'))).toBe(true);
    expect(listing.some((name) => name.startsWith('receipts/') && name.endsWith('.pdf'))).toBe(true);
    expect(listing).toContain('membership-card.png');
    const data = JSON.parse(execFileSync('unzip', ['-p', zip, 'data.json'], { encoding: 'utf8' }));
    expect(data.profile.name).toBe(individualNameOf(member));
    expect(data.profile.email).toBe(member.email);
    expect(data.statements.length).toBeGreaterThan(0);
    expect(data.consents.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: DATA_EXPORT_MESSAGES.pageDownloadAgain }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'data-export-page-laptop');

    // Back on the profile: ready, with the date the link works until.
    await openPage(page, `${paths.profile}#your-data`);
    await section.getByRole('button', { name: DATA_EXPORT_MESSAGES.downloadLink }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await section.screenshot({ path: 'artifacts/screenshots/profile-your-data-laptop.png' });
    await context.close();

    const phone = await browser.newPage('phone');
    await signInByApi(phone.page, member.email, member.password);
    await openPage(phone.page, `${paths.profile}#your-data`);
    const phoneSection = phone.page.getByRole('region', {
      name: DATA_EXPORT_MESSAGES.sectionTitle,
      exact: true,
    });
    await phoneSection.getByRole('button', { name: DATA_EXPORT_MESSAGES.downloadLink }).waitFor();
    await phoneSection.scrollIntoViewIfNeeded();
    await phoneSection.screenshot({ path: 'artifacts/screenshots/profile-your-data-phone.png' });
    await openPage(phone.page, path);
    await phone.page.getByRole('button', { name: DATA_EXPORT_MESSAGES.pageDownloadAgain }).waitFor();
    await saveScreenshot(phone.page, 'data-export-page-phone');
    await phone.context.close();
  });
});
