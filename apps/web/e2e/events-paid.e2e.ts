import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage } from './browser';
import { checkPage, picture } from './joining';
import { waitForMail } from './mail';
import { applyAsIndividual, createConfirmedMember, signInByApi, type TestMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const JOURNEY = 'events-paid';
const EVENT_TITLE = 'Drone and LiDAR Mapping for Exploration'; // a paid demo event: the specification's tiers

async function adminCookie(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: inject('adminPassword') }),
  });
  return login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

/** A new member in good standing: approved, and their first dues recorded by the secretariat (API). */
async function memberInGoodStanding(): Promise<TestMember> {
  const baseUrl = browser.baseUrl;
  const member = await createConfirmedMember(baseUrl, 'paidevent');
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
  const statements = await (
    await fetch(`${baseUrl}/api/dues/statements?userId=${userId}`, { headers: { cookie } })
  ).json();
  const dues = statements.data.statements[0];
  const paid = await fetch(`${baseUrl}/api/dues/statements/${dues.id}/payments`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      method: 'Bank transfer',
      amount: dues.balance,
      paid_on: new Date().toISOString().slice(0, 10),
    }),
  });
  expect(paid.status).toBe(201);
  return member;
}

async function eventId(baseUrl: string) {
  const list = await (
    await fetch(`${baseUrl}/api/events/retrieve-events?search=${encodeURIComponent(EVENT_TITLE)}`)
  ).json();
  return list.data.events[0].id as string;
}

describe('paid event registration', () => {
  it('a member registers at the member rate, pays by proof, the admin verifies, the registration is approved', async () => {
    const member = await memberInGoodStanding();
    const id = await eventId(browser.baseUrl);
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, member.email, member.password);
    await openPage(page, paths.eventDetail(id));
    const panel = page.getByRole('region', { name: 'Registration' });
    const memberRate = panel.getByRole('radio', { name: /Member representative with card/ });
    // The page's first paint is the guest's (every tier closed) until the member's own answer arrives.
    await expect.poll(() => memberRate.isEnabled(), { timeout: 15_000 }).toBe(true);
    await memberRate.check();
    await checkPage(page, 'desktop', JOURNEY, 'tier-picker');
    await panel.getByRole('button', { name: 'Register · ₱200.00' }).click();
    await panel.getByText(/^Seat held until /).waitFor();
    await checkPage(page, 'desktop', JOURNEY, 'seat-held');
    const statementMail = await waitForMail(member.email, /statement/i);
    expect(statementMail.text).toContain('₱200.00');

    await panel.getByRole('link', { name: 'Pay ₱200.00' }).click();
    const dues = page.getByRole('region', { name: 'Dues' });
    await dues.getByText('Event registration fee').waitFor();
    const feeItem = dues.getByRole('listitem').filter({ hasText: 'Event registration fee' });
    await feeItem.getByRole('button', { name: 'Upload proof of payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload proof of payment' });
    await dialog.getByLabel('Payment method *').selectOption('GCash');
    await dialog.getByLabel('Reference').fill('GC 7012 345 999');
    await dialog.getByLabel('Proof of payment *').setInputFiles(picture('gcash-receipt.png'));
    await dialog.getByRole('button', { name: 'Send proof' }).click();
    await page.getByText('Proof sent').waitFor();
    await page.getByRole('button', { name: 'Okay' }).click();

    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(admin.page, `${paths.adminDues}?status=proof_to_verify&search=${member.username}`);
    const details = admin.page.getByRole('button', { name: /^Details of SOA-/ });
    await details.waitFor();
    await details.click();
    await admin.page.getByRole('button', { name: 'Verify and record' }).click();
    await admin.page.getByText('The payment is recorded and the receipt e-mailed.').waitFor();
    await admin.context.close();

    await waitForMail(member.email, /Registration approved/);
    await openPage(page, paths.eventDetail(id));
    await panel.getByText('Your registration is approved. See you there!').waitFor();
    await panel.getByText(/· Paid/).waitFor();
    await checkPage(page, 'desktop', JOURNEY, 'approved');
    await context.close();
  }, 180_000);

  it('a guest-rate seat held unpaid is settled by the admin at the door from the attendee list', async () => {
    const member = await createConfirmedMember(browser.baseUrl, 'doorfee');
    const id = await eventId(browser.baseUrl);
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, member.email, member.password);
    await openPage(page, paths.eventDetail(id));
    const panel = page.getByRole('region', { name: 'Registration' });
    const guestRate = panel.getByRole('radio', { name: /Guest \/ non-member/ });
    await expect.poll(() => guestRate.isEnabled(), { timeout: 15_000 }).toBe(true);
    await guestRate.check();
    await panel.getByRole('button', { name: 'Register · ₱500.00' }).click();
    await panel.getByText(/^Seat held until /).waitFor();

    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(admin.page, `${paths.adminEventAttendees(id)}?search=${encodeURIComponent(member.email)}`);
    const table = admin.page.getByRole('table', { name: 'Attendees' });
    await table.getByText('Awaiting payment').waitFor();
    await table.getByText('₱500.00').waitFor();
    await checkPage(admin.page, 'desktop', JOURNEY, 'attendees-awaiting');
    await table.getByRole('button', { name: /^Paid at the door: / }).click();
    const confirm = admin.page.getByRole('alertdialog', { name: 'Paid at the door' });
    await confirm.getByText(/^Record ₱500\.00 paid in cash at the door by /).waitFor();
    await confirm.getByRole('button', { name: 'Record payment' }).click();
    await admin.page.getByText('Payment recorded; registration approved.').waitFor();
    await table.getByText('Paid', { exact: true }).waitFor();
    expect(await table.getByRole('button', { name: /^Paid at the door: / }).count()).toBe(0);
    await admin.context.close();

    await waitForMail(member.email, /Registration approved/);
    await openPage(page, paths.eventDetail(id));
    await panel.getByText('Your registration is approved. See you there!').waitFor();
    await panel.getByText(/· Paid/).waitFor();
    await context.close();
  }, 180_000);
});
