import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage } from './browser';
import { checkPage } from './joining';
import { waitForMail } from './mail';
import { createConfirmedMember, signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const JOURNEY = 'events-paid';
/**
 * A paid demo event listed at ₱5,500: guests pay that, members ₱2,200 and professionals ₱2,750
 * (apps/api/src/db/seed.ts `demoPriceTiers`). Paying at the member rate, then by proof, and the
 * reminder that follows are in events-clock.e2e.ts.
 */
const EVENT_TITLE = 'Drone and LiDAR Mapping for Exploration';

async function eventId(baseUrl: string) {
  const list = await (
    await fetch(`${baseUrl}/api/events/retrieve-events?search=${encodeURIComponent(EVENT_TITLE)}`)
  ).json();
  return list.data.events[0].id as string;
}

describe('paid event registration', () => {
  it('a non-member sees the guest price with the member rate beside it, may take only the guest rate, and gets the statement', async () => {
    // A confirmed account without a membership (docs/product-rules.md "Event prices").
    const guest = await createConfirmedMember(browser.baseUrl, 'guestrate');
    const id = await eventId(browser.baseUrl);
    for (const viewport of ['laptop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await signInByApi(page, guest.email, guest.password);
      // The list's card: the rate this non-member pays, with the member rate beside it (decision 074).
      await openPage(page, `${paths.events}?search=${encodeURIComponent(EVENT_TITLE)}`);
      const card = page.getByRole('article').filter({ hasText: EVENT_TITLE });
      await card.getByText('₱5,500.00 · Members ₱2,200.00').waitFor();

      await openPage(page, paths.eventDetail(id));
      const panel = page.getByRole('region', { name: 'Registration' });
      const guestRate = panel.getByRole('radio', { name: /Guest \/ non-member/ });
      // The first paint is a visitor's (every tier closed) until the account's own answer arrives.
      await expect.poll(() => guestRate.isEnabled(), { timeout: 15_000 }).toBe(true);
      const memberRate = panel.getByRole('radio', { name: /^Member\b/ });
      expect(await memberRate.isDisabled()).toBe(true);
      await panel.getByText('The member rate is for members in good standing').waitFor();
      await guestRate.check();
      await panel.getByRole('button', { name: 'Register · ₱5,500.00' }).waitFor();
      await checkPage(page, viewport, JOURNEY, 'guest-rate');
      if (viewport === 'laptop') {
        await context.close();
        continue;
      }

      await panel.getByRole('button', { name: 'Register · ₱5,500.00' }).click();
      await panel.getByText(/^Seat held until /).waitFor();
      await panel.getByRole('link', { name: 'Pay ₱5,500.00' }).waitFor();
      await checkPage(page, viewport, JOURNEY, 'guest-seat-held');
      const statement = await waitForMail(guest.email, /statement of account/);
      expect(statement.text).toContain('₱5,500.00');
      expect(statement.text).toContain(EVENT_TITLE);
      expect(statement.text).toContain('Guest / non-member) is due on');
      await context.close();
    }
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
    await panel.getByRole('button', { name: 'Register · ₱5,500.00' }).click();
    await panel.getByText(/^Seat held until /).waitFor();

    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(admin.page, `${paths.adminEventAttendees(id)}?search=${encodeURIComponent(member.email)}`);
    const table = admin.page.getByRole('table', { name: 'Attendees' });
    await table.getByText('Awaiting payment').waitFor();
    await table.getByText('₱5,500.00').waitFor();
    await checkPage(admin.page, 'desktop', JOURNEY, 'attendees-awaiting');
    await table.getByRole('button', { name: /^Paid at the door: / }).click();
    const confirm = admin.page.getByRole('alertdialog', { name: 'Paid at the door' });
    await confirm.getByText(/^Record ₱5,500\.00 paid in cash at the door by /).waitFor();
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
