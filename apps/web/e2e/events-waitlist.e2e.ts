import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { waitForMail } from './mail';
import { createConfirmedMember, signInByApi, type TestMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
/** The one holding the only seat, and the one waiting for it: accounts of this file's own. */
let HOLDER: TestMember;
let WAITER: TestMember;
beforeAll(async () => {
  browser = await launchBrowser();
  [HOLDER, WAITER] = await Promise.all([
    createConfirmedMember(browser.baseUrl, 'seatholder'),
    createConfirmedMember(browser.baseUrl, 'waiter'),
  ]);
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const TITLE = `Drill Core Workshop ${Date.now().toString(36)}`;

/** A published event of one seat taking registrations here, created by the admin through the API. */
async function createFullEventByApi(title = TITLE) {
  const { page, context } = await browser.newPage('desktop');
  await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const response = await page.request.post('/api/events/admin/create-event', {
    multipart: {
      title,
      start_date: inAMonth,
      start_time: '09:00',
      status: 'published',
      is_registration_required: 'true',
      max_attendees: '1',
      offer_hours: '24',
      // A free event: the journey is about the waitlist, not the fees (events-paid.e2e.ts).
      price_tiers: '[]',
    },
  });
  expect(response.status()).toBe(201);
  const id = (await response.json()).data.id as string;
  await context.close();
  return id;
}

/** `member` registers or withdraws through the API, signed in on a page of their own. */
async function asMember(member: TestMember, work: (page: Page) => Promise<void>) {
  const { page, context } = await browser.newPage('desktop');
  await signInByApi(page, member.email, member.password);
  await work(page);
  await context.close();
}

describe('the waitlist of a full event (docs/product-rules.md "Waitlist")', () => {
  it('shows Join the waitlist, the place, and the offer e-mail once the seat frees; the person registers', async () => {
    const id = await createFullEventByApi();
    await asMember(HOLDER, async (page) => {
      expect((await page.request.post(`/api/events/${id}/registration`)).status()).toBe(201);
    });

    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, WAITER.email, WAITER.password);
    await openPage(page, paths.eventDetail(id));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText('This event is full.').waitFor();
    expect(await page.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);
    const join = page.getByRole('button', { name: 'Join the waitlist' });
    await join.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'event-waitlist-full-phone');
    await join.click();
    await page.getByText('You are number 1 on the waitlist').waitFor();
    await page.getByRole('button', { name: 'Leave the waitlist' }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-waitlist-waiting-phone');

    // The seat frees: the one holding it withdraws, and the offer is e-mailed.
    await asMember(HOLDER, async (holder) => {
      expect((await holder.request.delete(`/api/events/${id}/registration`)).status()).toBe(200);
    });
    const offer = await waitForMail(WAITER.email, `A seat is available: ${TITLE}`);
    const link = offer.text.match(/http\S+\/events\/\S+/)?.[0] ?? '';
    expect(new URL(link).pathname).toBe(paths.eventDetail(id));

    await openPage(page, new URL(link).pathname);
    await page.getByText(/^A seat is held for you until .+\. Register to take it\.$/).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-waitlist-offered-phone');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Your registration is pending approval.').waitFor();
    expect(await page.getByText('You are number 1 on the waitlist').count()).toBe(0);
    await saveScreenshot(page, 'event-waitlist-registered-phone');
    await context.close();

    // The seat is theirs: someone else is told the event is full.
    await asMember(HOLDER, async (holder) => {
      const refused = await holder.request.post(`/api/events/${id}/registration`);
      expect(refused.status()).toBe(409);
      expect((await refused.json()).error).toBe('This event is full');
    });
  });
});

describe('the secretariat’s Waitlist tab (docs/product-rules.md "Waitlist")', () => {
  it('lists who waits in order, offers one a seat now and removes another', async () => {
    const title = `Assay Clinic ${Date.now().toString(36)}`;
    const id = await createFullEventByApi(title);
    const [first, second] = await Promise.all([
      createConfirmedMember(browser.baseUrl, 'firstwait'),
      createConfirmedMember(browser.baseUrl, 'secondwait'),
    ]);
    await asMember(HOLDER, async (page) => {
      expect((await page.request.post(`/api/events/${id}/registration`)).status()).toBe(201);
    });
    for (const member of [first, second]) {
      await asMember(member, async (page) => {
        expect((await page.request.post(`/api/events/${id}/waitlist`)).status()).toBe(201);
      });
    }

    const { page, context } = await browser.newPage('laptop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(page, paths.adminEventAttendees(id));
    await page.getByText(/1 of 1 seats taken · 2 waiting/).waitFor();
    await page.getByRole('tab', { name: 'Waitlist (2)' }).click();
    const table = page.getByRole('table', { name: 'Waitlist' });
    await table.getByText(first.email).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-waitlist-tab-laptop');

    await table
      .getByRole('button', { name: /^Offer now: / })
      .last()
      .click();
    await page
      .getByRole('alertdialog', { name: 'Offer now' })
      .getByRole('button', { name: 'Offer the seat' })
      .click();
    await page.getByText(/^Seat offered to /).waitFor();
    await table.getByText('Offered').waitFor();
    await waitForMail(second.email, `A seat is available: ${title}`);
    await page.getByText(/of 2 seats taken/).waitFor();
    await saveScreenshot(page, 'event-waitlist-offered-laptop');
    await context.close();

    const phone = await browser.newPage('phone');
    await signInByApi(phone.page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(phone.page, paths.adminEventAttendees(id));
    await phone.page.getByRole('tab', { name: /^Waitlist/ }).click();
    await phone.page.getByText('Offered').first().waitFor();
    await saveScreenshot(phone.page, 'event-waitlist-tab-phone');
    await phone.context.close();
  });
});
