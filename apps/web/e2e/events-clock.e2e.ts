import { MEETING_FEE_TIERS, manilaDateString } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage } from './browser';
import { type ClockServer, startClockServer } from './clock-server';
import { checkPage, picture } from './joining';
import { waitForMail } from './mail';
import { useServer } from './server-under-test';
import { createConfirmedMember, memberInGoodStanding, signInByApi, type TestMember } from './session';

/**
 * What happens when time passes, in a real server whose clock the journey moves forward
 * (clock-server.ts): the reminder before an event, and a seat hold expiring unpaid so that the
 * waitlist moves (docs/product-rules.md "Event prices", "Waitlist", "Event reminders"). The events
 * job runs in the server every second, as it does every five minutes in production.
 */
let server: ClockServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  server = await startClockServer();
  useServer(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const JOURNEY = 'events-clock';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A published event taking registrations here `inDays` days after the server's today, at 18:00
 * Manila, with the specification's tiers a new event starts with (₱200, ₱500, ₱250), created by
 * the admin through the API. Returns its id and when it starts.
 */
async function createEventByApi(title: string, inDays: number, fields: Record<string, string> = {}) {
  const { page, context } = await browser.newPage('desktop');
  await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
  const startDate = manilaDateString(new Date(server.now().getTime() + inDays * DAY_MS));
  const response = await page.request.post('/api/events/admin/create-event', {
    multipart: {
      title,
      start_date: startDate,
      start_time: '18:00',
      end_time: '21:00',
      location_name: 'Makati Sports Club',
      city: 'Makati City',
      status: 'published',
      is_registration_required: 'true',
      // A new event is free: these are the specification's fees, the form's one-click preset.
      price_tiers: JSON.stringify(
        MEETING_FEE_TIERS.map((tier) => ({ ...tier, amount: (tier.amount / 100).toFixed(2) })),
      ),
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = (await response.json()).data.id as string;
  await context.close();
  return { id, startsAt: new Date(`${startDate}T18:00:00+08:00`) };
}

/** A page of `member`'s own, signed in (again: after a jump of the clock, a session may have lapsed). */
async function pageOf(member: TestMember, viewport: 'desktop' | 'laptop' | 'phone' = 'desktop') {
  const opened = await browser.newPage(viewport);
  await signInByApi(opened.page, member.email, member.password);
  return opened;
}

/** Waits until the page's own answer (not a visitor's first paint) opens the tier, then picks it. */
async function chooseTier(page: Page, name: RegExp) {
  const tier = page.getByRole('region', { name: 'Registration' }).getByRole('radio', { name });
  await expect.poll(() => tier.isEnabled(), { timeout: 15_000 }).toBe(true);
  await tier.check();
}

describe('events as time passes (a server with a clock of its own)', () => {
  it('a member registers at the member rate, pays by proof, the admin verifies, and the reminder arrives', async () => {
    const title = `Porphyry Evening ${Date.now().toString(36)}`;
    const event = await createEventByApi(title, 3, { max_attendees: '30' });
    const member = await memberInGoodStanding(server.baseUrl, 'reminded');

    const { page, context } = await pageOf(member);
    await openPage(page, paths.eventDetail(event.id));
    const panel = page.getByRole('region', { name: 'Registration' });
    await chooseTier(page, /^Member\b/);
    await checkPage(page, 'desktop', JOURNEY, 'tier-picker');
    await panel.getByRole('button', { name: 'Register · ₱200.00' }).click();
    await panel.getByText(/^Seat held until /).waitFor();
    await checkPage(page, 'desktop', JOURNEY, 'seat-held');
    const statementMail = await waitForMail(member.email, /statement of account/);
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
    await context.close();

    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(admin.page, `${paths.adminDues}?status=proof_to_verify&search=${member.username}`);
    const details = admin.page.getByRole('button', { name: /^Details of SOA-/ });
    await details.waitFor();
    await details.click();
    await admin.page.getByRole('button', { name: 'Verify and record' }).click();
    await admin.page.getByText('The payment is recorded and the receipt e-mailed.').waitFor();
    await admin.context.close();
    await waitForMail(member.email, `Registration approved: ${title}`);

    // Twelve hours before the start: inside the event's reminder time (24 hours by default).
    await server.jumpClock(event.startsAt.getTime() - 12 * HOUR_MS - server.now().getTime());
    const reminder = await waitForMail(member.email, `Reminder: ${title}`);
    expect(reminder.text).toContain(`"${title}" starts on`);
    expect(new URL(reminder.text.match(/http\S+\/events\/\S+/)?.[0] ?? '').pathname).toBe(
      paths.eventDetail(event.id),
    );

    const after = await pageOf(member);
    await openPage(after.page, paths.eventDetail(event.id));
    await after.page.getByText('Your registration is approved. See you there!').waitFor();
    await after.context.close();
  }, 240_000);

  it('a full event’s waitlist moves when an unpaid seat hold expires; the next person takes the seat', async () => {
    const title = `Core Shed Tour ${Date.now().toString(36)}`;
    // One seat, held an hour for its payment.
    const event = await createEventByApi(title, 10, { max_attendees: '1', hold_hours: '1' });
    const [holder, waiter] = await Promise.all([
      createConfirmedMember(server.baseUrl, 'holder'),
      createConfirmedMember(server.baseUrl, 'waiter'),
    ]);

    // The holder, with no membership, takes the only seat at the guest rate and does not pay.
    const held = await pageOf(holder);
    await openPage(held.page, paths.eventDetail(event.id));
    await chooseTier(held.page, /Guest \/ non-member/);
    const holderPanel = held.page.getByRole('region', { name: 'Registration' });
    await holderPanel.getByRole('button', { name: 'Register · ₱500.00' }).click();
    await holderPanel.getByText(/^Seat held until /).waitFor();
    await held.context.close();

    const waiting = await pageOf(waiter, 'phone');
    await openPage(waiting.page, paths.eventDetail(event.id));
    await waiting.page.getByText('This event is full.').waitFor();
    await waiting.page.getByRole('button', { name: 'Join the waitlist' }).click();
    await waiting.page.getByText('You are number 1 on the waitlist').waitFor();
    await waiting.context.close();

    // Two hours on, the hold has expired: the seat is released and offered to the waitlist.
    await server.jumpClock(2 * HOUR_MS);
    const released = await waitForMail(holder.email, `Seat released: ${title}`);
    expect(released.text).toContain(title);
    const offer = await waitForMail(waiter.email, `A seat is available: ${title}`);
    const link = new URL(offer.text.match(/http\S+\/events\/\S+/)?.[0] ?? '');
    expect(link.pathname).toBe(paths.eventDetail(event.id));

    for (const viewport of ['laptop', 'phone'] as const) {
      const { page, context } = await pageOf(waiter, viewport);
      await openPage(page, link.pathname);
      await page.getByText(/^A seat is held for you until .+\. Register to take it\.$/).waitFor();
      await chooseTier(page, /Guest \/ non-member/);
      await checkPage(page, viewport, JOURNEY, 'waitlist-offer');
      if (viewport === 'phone') {
        const panel = page.getByRole('region', { name: 'Registration' });
        await panel.getByRole('button', { name: 'Register · ₱500.00' }).click();
        await panel.getByText(/^Seat held until /).waitFor();
        expect(await page.getByText(/^A seat is held for you until/).count()).toBe(0);
        await checkPage(page, viewport, JOURNEY, 'offer-taken');
      }
      await context.close();
    }

    // The seat is the waiter's now: the one whose hold expired finds the event full.
    const late = await pageOf(holder);
    await openPage(late.page, paths.eventDetail(event.id));
    await late.page.getByText('This event is full.').waitFor();
    await late.page.getByRole('button', { name: 'Join the waitlist' }).waitFor();
    await late.context.close();
  }, 240_000);
});
