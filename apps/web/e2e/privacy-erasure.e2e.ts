import { spawnSync } from 'node:child_process';
import { PRIVACY_REQUEST_MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { waitForMail } from './mail';
import { adminCookie, individualNameOf, memberInGoodStanding, signInByApi, type TestMember } from './session';

// docs/product-rules.md "Privacy", docs/decisions/068: a member asks for erasure on the profile,
// the secretariat approves it in the requests list, and the account is gone while the receipt
// stays, with its number and the placeholder name.
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// apps/api/src/db/seed.ts: the demo staff sign in with the demo admin's password.
const SECRETARIAT_EMAIL = 'secretariat@meap.org.ph';
const M = PRIVACY_REQUEST_MESSAGES;

describe('erasure on request', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await memberInGoodStanding(browser.baseUrl, 'erasure');
  });

  it('a member with a paid receipt asks; the secretariat approves; sign-in is refused and the receipt keeps its number', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, member.email, member.password);
    const statements = await (await page.request.get('/api/dues/statements')).json();
    const payment = statements.data.statements[0].payments[0] as { id: string; receiptNumber: string };
    expect(payment.receiptNumber).toMatch(/^AR-\d{4}-\d{6}$/);

    await openPage(page, `${paths.profile}#correct-or-delete`);
    const section = page.getByRole('region', { name: 'Correct or delete your data' });
    await section.getByRole('button', { name: M.closeTitle }).click();
    const dialog = page.getByRole('dialog', { name: M.closeTitle });
    await dialog.getByText(M.keptHeading).waitFor();
    // Without a reason nothing is sent.
    await dialog.getByRole('button', { name: M.askErasure }).click();
    await dialog.getByText(M.reasonRequired).waitFor();
    await dialog.getByLabel(`${M.reasonLabel} *`).fill('I have retired from exploration work.');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'privacy-erasure-dialog-desktop');
    await dialog.getByRole('button', { name: M.askErasure }).click();
    await page.getByText(M.sent).waitFor();
    await page.keyboard.press('Escape');
    await section.getByText(/^Requested on .+; the secretariat answers by .+\.$/).waitFor();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'artifacts/screenshots/privacy-erasure-requested-desktop.png' });
    const received = await waitForMail(member.email, /privacy request/);
    expect(received.text).toContain('will answer it by');

    // The same area on a phone.
    const phone = await browser.newPage('phone');
    await signInByApi(phone.page, member.email, member.password);
    await openPage(phone.page, `${paths.profile}#correct-or-delete`);
    const phoneSection = phone.page.getByRole('region', { name: 'Correct or delete your data' });
    await phoneSection.getByText(/^Requested on /).waitFor();
    await phoneSection.scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: 'artifacts/screenshots/privacy-erasure-requested-phone.png' });
    await phoneSection.getByRole('button', { name: M.correctTitle }).click();
    await phone.page.getByRole('dialog', { name: M.correctTitle }).waitFor();
    await phone.page.screenshot({ path: 'artifacts/screenshots/privacy-correction-dialog-phone.png' });
    await phone.context.close();

    // The secretariat answers in the requests list.
    const staff = await browser.newPage('laptop');
    await signInByApi(staff.page, SECRETARIAT_EMAIL, inject('adminPassword'));
    await openPage(staff.page, paths.adminPrivacyRequests);
    await staff.page.getByRole('heading', { level: 1, name: M.listTitle }).waitFor();
    const name = individualNameOf(member);
    const table = staff.page.getByRole('table', { name: M.listTitle });
    await table.getByText(name).waitFor();
    await expectNoAxeViolations(staff.page);
    await saveScreenshot(staff.page, 'privacy-requests-list-desktop');
    await table.getByRole('button', { name: `${M.approveErasure}: ${name}` }).click();
    const confirm = staff.page.getByRole('alertdialog', { name: M.approveErasure });
    await confirm.getByRole('button', { name: M.approveErasure }).click();
    await staff.page.getByText(M.answered).waitFor();
    await staff.context.close();

    // The member can no longer sign in: the answer any wrong credentials get.
    const login = await fetch(`${browser.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(401);
    const answer = await waitForMail(member.email, /has been erased/);
    expect(answer.text).toContain('Payments and official receipts');

    // The receipt: same number, the placeholder in place of the name (read by poppler's pdftotext).
    const cookie = await adminCookie(browser.baseUrl);
    const receipt = await fetch(`${browser.baseUrl}/api/dues/payments/${payment.id}/receipt`, {
      headers: { cookie },
    });
    expect(receipt.status).toBe(200);
    const pdf = Buffer.from(await receipt.arrayBuffer());
    const text = spawnSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' }).stdout;
    expect(text).toContain(payment.receiptNumber);
    expect(text).toMatch(/Former member \d{4}-\d{4}/);
    expect(text).not.toContain(name);
    await context.close();
  });

  it('the requests list on a phone, with answered requests', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, SECRETARIAT_EMAIL, inject('adminPassword'));
    await openPage(page, `${paths.adminPrivacyRequests}?status=all`);
    await page.getByRole('heading', { level: 1, name: M.listTitle }).waitFor();
    await saveScreenshot(page, 'privacy-requests-list-phone');
    await context.close();
  });
});
