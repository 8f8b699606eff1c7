import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { addToDate, manilaDateString } from '@portal/shared';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage } from './browser';
import { checkPage, picture } from './joining';
import { waitForMail } from './mail';
import {
  adminCookie,
  applyAsIndividual,
  createConfirmedMember,
  individualNameOf,
  signInByApi,
  type TestMember,
} from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const JOURNEY = 'dues';

/** A new member whose application the secretariat approves (through the API): they are billed. */
async function approvedMember(prefix: string): Promise<TestMember> {
  const baseUrl = browser.baseUrl;
  const member = await createConfirmedMember(baseUrl, prefix);
  const { userId } = await applyAsIndividual(baseUrl, member);
  const cookie = await adminCookie(baseUrl);
  const memberships = await (
    await fetch(`${baseUrl}/api/memberships/${userId}`, { headers: { cookie } })
  ).json();
  const approved = await fetch(`${baseUrl}/api/memberships/update/${memberships.data.memberships[0].id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'approved' }),
  });
  expect(approved.status).toBe(200);
  return member;
}

/** The member's Dues section on their profile, once its statements have loaded. */
async function openDues(page: Page, search = '') {
  await openPage(page, `${paths.profile}${search}`);
  const dues = page.getByRole('region', { name: 'Dues' });
  await dues
    .getByText(/SOA-\d{4}-\d{6}/)
    .first()
    .waitFor();
  return dues;
}

describe('dues', () => {
  it('an approved member sees what to pay, sends proof; the admin verifies it; the receipt and the members area follow', async () => {
    const member = await approvedMember('dues');
    const approval = await waitForMail(member.email, /membership is approved/);
    expect(approval.text).toContain('₱3,000.00');

    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, member.email, member.password);
    await openPage(page, paths.membership);
    await page.getByText('Pay the annual fee').waitFor();
    await page.getByRole('link', { name: 'See what to pay' }).click();
    const dues = page.getByRole('region', { name: 'Dues' });
    await dues.getByText('How to pay').waitFor();
    expect(await dues.getByText('₱3,000.00').count()).toBeGreaterThan(0);
    await checkPage(page, 'desktop', JOURNEY, 'awaiting-payment');

    await dues.getByRole('button', { name: 'Upload proof of payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload proof of payment' });
    await dialog.getByLabel('Payment method *').selectOption('GCash');
    await dialog.getByLabel('Reference').fill('GC 7012 345 678');
    await dialog.getByLabel('Proof of payment *').setInputFiles(picture('gcash-receipt.png'));
    await checkPage(page, 'desktop', JOURNEY, 'proof-dialog');
    await dialog.getByRole('button', { name: 'Send proof' }).click();
    await page.getByText('Proof sent').waitFor();
    await page.getByRole('button', { name: 'Okay' }).click();
    await dues.getByText('Proof to verify').waitFor();

    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(admin.page, `${paths.adminDues}?status=proof_to_verify&search=${member.username}`);
    const details = admin.page.getByRole('button', { name: /^Details of SOA-/ });
    await details.waitFor();
    await details.click();
    await admin.page.getByRole('button', { name: 'Verify and record' }).waitFor();
    await checkPage(admin.page, 'desktop', JOURNEY, 'admin-verify');
    await admin.page.getByRole('button', { name: 'Verify and record' }).click();
    await admin.page.getByText('The payment is recorded and the receipt e-mailed.').waitFor();
    await admin.context.close();

    const receiptMail = await waitForMail(member.email, /payment received/);
    expect(receiptMail.text).toMatch(/AR-\d{4}-\d{6}/);
    const paid = await openDues(page);
    const receipt = paid.getByRole('button', { name: /^Receipt AR-/ });
    await receipt.waitFor();
    await checkPage(page, 'desktop', JOURNEY, 'paid');
    const [download] = await Promise.all([page.waitForEvent('download'), receipt.click()]);
    const pdf = await readFile((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The receipt is made out to the name given in the application, not the username
    // (docs/decisions/056); read by poppler's pdftotext, as the API's PDF tests read them.
    const receiptText = spawnSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' }).stdout;
    expect(receiptText).toContain(individualNameOf(member));

    await openPage(page, paths.membersNews);
    await page.getByText('Your membership is active').waitFor();

    // Paid in full: the card appears on the profile, and its QR code opens the verification page
    // (docs/product-rules.md "Membership card").
    await openPage(page, paths.profile);
    const card = page.getByRole('region', { name: 'Membership card' });
    await card
      .getByRole('img', { name: `Membership card of ${individualNameOf(member)}`, exact: false })
      .waitFor();
    await card.getByText(/^MEAP-\d{4}-\d{4}$/).waitFor();
    await checkPage(page, 'desktop', JOURNEY, 'card');
    const [cardDownload] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    const png = await readFile((await cardDownload.path()) as string);
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const verifyUrl = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? '';
    expect(verifyUrl).toMatch(/\/verify\/[A-Za-z0-9_-]{43}$/);

    const door = await browser.newPage('phone');
    const answer = await door.page.goto(new URL(new URL(verifyUrl).pathname, browser.baseUrl).href);
    expect(answer?.status()).toBe(200);
    await door.page.getByText(/^Active until /).waitFor();
    await checkPage(door.page, 'phone', JOURNEY, 'verify');
    await door.context.close();
    await context.close();
  }, 120_000);

  it('pays online through the gateway and comes back to the receipt, on a phone', async () => {
    const member = await approvedMember('online');
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, member.email, member.password);
    const dues = await openDues(page);
    await checkPage(page, 'phone', JOURNEY, 'pay-online');
    await dues.getByRole('button', { name: 'Pay ₱3,000.00 online' }).click();
    await page.getByRole('heading', { name: 'Test payment gateway' }).waitFor();
    expect(await page.getByText('Amount due: PHP 3000.00').count()).toBe(1);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(
      (url) => url.pathname === paths.profile && url.searchParams.get('payment') === 'done',
    );
    const back = page.getByRole('region', { name: 'Dues' });
    await back.getByRole('button', { name: /^Receipt AR-/ }).waitFor();
    expect(await back.getByText('Paid', { exact: true }).count()).toBeGreaterThan(0);
    await checkPage(page, 'phone', JOURNEY, 'paid-online');
    // Paid in full online too: the card, with the member's name, on a phone.
    await openPage(page, paths.profile);
    await page
      .getByRole('region', { name: 'Membership card' })
      .getByRole('img', { name: `Membership card of ${individualNameOf(member)}`, exact: false })
      .waitFor();
    await checkPage(page, 'phone', JOURNEY, 'card');
    await context.close();
  }, 120_000);

  it('the admin previews a day of reminders, runs it, and the member receives the reminder', async () => {
    const member = await approvedMember('remind');
    await waitForMail(member.email, /membership is approved/);
    // The statement is due in 30 days: 16 days from now is the reminder 14 days before.
    const day = addToDate(manilaDateString(), { days: 16 });
    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(admin.page, paths.adminDuesReminders);
    await admin.page.getByLabel('Day').fill(day);
    const preview = admin.page.getByRole('table', { name: 'Reminders to send' });
    const row = preview.getByRole('row').filter({ hasText: member.email });
    await row.getByText('14 days before').waitFor();
    await checkPage(admin.page, 'desktop', JOURNEY, 'reminders-preview');
    await admin.page.getByRole('button', { name: 'Run this day now' }).click();
    await admin.page.getByText(/reminders? queued/).waitFor();
    const reminder = await waitForMail(member.email, /^Reminder:/);
    expect(reminder.text).toContain('₱3,000.00');
    expect(reminder.text).toContain('/profile#dues');
    await admin.page.getByRole('table', { name: 'Reminders sent' }).getByText(member.email).waitFor();
    await admin.context.close();
  }, 120_000);
});
