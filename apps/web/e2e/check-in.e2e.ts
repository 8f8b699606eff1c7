import { type CheckInList, currentCheckInSession, manilaDateString } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import {
  applyAsIndividual,
  createConfirmedMember,
  individualNameOf,
  signInByApi,
  type TestMember,
} from './session';

/**
 * Check-in at the door on a phone (docs/product-rules.md "Check-in", docs/decisions/053): an
 * event's staff member checks one attendee in from a photo of their ticket, loses the connection,
 * checks two more in (a photo and a search by name), and when the connection returns the server
 * holds exactly three check-ins.
 */

let browser: Awaited<ReturnType<typeof launchBrowser>>;
const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const TITLE = `Door Test Field Day ${Date.now().toString(36)}`;
let eventId: string;
let attendees: { member: TestMember; registrationId: string }[];
let staff: TestMember;
/** Each attendee's ticket as the API draws it (PNG), read as the admin. */
let tickets: Buffer[];

async function asAdmin<T>(work: (page: Page) => Promise<T>) {
  const { page, context } = await browser.newPage();
  await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
  try {
    return await work(page);
  } finally {
    await context.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const members = await Promise.all([1, 2, 3].map(() => createConfirmedMember(browser.baseUrl, 'guest')));
  // Named, as the door reads them (docs/product-rules.md "Names").
  for (const member of members) await applyAsIndividual(browser.baseUrl, member);
  staff = await createConfirmedMember(browser.baseUrl, 'door');
  eventId = await asAdmin(async (page) => {
    const created = await page.request.post('/api/events/admin/create-event', {
      multipart: {
        title: TITLE,
        // Today in Manila, all day: check-in is open, with a morning and an afternoon.
        start_date: manilaDateString(),
        start_time: '00:30',
        end_time: '23:30',
        status: 'published',
        is_registration_required: 'true',
        max_attendees: '30',
        price_tiers: '[]',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()).data.id as string;
  });
  for (const member of members) {
    const session = await browser.newPage();
    await signInByApi(session.page, member.email, member.password);
    const registered = await session.page.request.post(`/api/events/${eventId}/registration`);
    expect(registered.status(), await registered.text()).toBe(201);
    await session.context.close();
  }
  ({ attendees, tickets } = await asAdmin(async (page) => {
    const staffAccount = await page.request.get('/api/users/get-all', { params: { search: staff.email } });
    const staffId = (await staffAccount.json()).data.users[0].id;
    const added = await page.request.post(`/api/events/admin/${eventId}/staff`, {
      data: { userId: staffId },
    });
    expect(added.status(), await added.text()).toBe(201);
    const list = (await (await page.request.get(`/api/events/admin/${eventId}/attendees`)).json()).data
      .attendees as {
      registration_id: string;
      user_id: string;
      email: string;
    }[];
    const found = members.map((member) => {
      const row = list.find((entry) => entry.email === member.email);
      if (!row) throw new Error(`${member.email} did not register`);
      return { member, registrationId: row.registration_id, userId: row.user_id };
    });
    const pngs: Buffer[] = [];
    for (const { userId, registrationId } of found) {
      const approved = await page.request.put('/api/events/admin/update-user-event', {
        data: { status: 'approved', userId, eventId },
      });
      expect(approved.status(), await approved.text()).toBe(200);
      const png = await page.request.get(`/api/events/registrations/${registrationId}/ticket.png`);
      expect(png.headers()['content-type']).toBe('image/png');
      pngs.push(await png.body());
    }
    return { attendees: found, tickets: pngs };
  }));
});
afterAll(() => browser.close());

const uploadTicket = (page: Page, png: Buffer) =>
  page
    .getByLabel('Upload a photo of the ticket')
    .setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: png });

async function expectFeedback(page: Page, kind: 'admit' | 'duplicate' | 'refused', name: string) {
  const feedback = page.getByTestId('check-in-feedback');
  await feedback.getByText(name).waitFor();
  expect(await feedback.getAttribute('data-kind')).toBe(kind);
}

describe('check-in at the door', () => {
  it('staff check in from a ticket photo, keep going offline, and the server counts each once', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, staff.email, staff.password);
    await openPage(page, paths.adminEventCheckIn(eventId));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText(/^0 of 3 checked in/).waitFor();

    const [first, second, third] = attendees as [
      (typeof attendees)[0],
      (typeof attendees)[0],
      (typeof attendees)[0],
    ];
    await uploadTicket(page, tickets[0] as Buffer);
    await expectFeedback(page, 'admit', individualNameOf(first.member));
    await page.getByText(/^1 of 3 checked in/).waitFor();
    await saveScreenshot(page, 'check-in-390-online');
    await expectNoAxeViolations(page);

    // The same ticket again: already in, counted once.
    await uploadTicket(page, tickets[0] as Buffer);
    await page.getByTestId('check-in-feedback').getByText('Already checked in').waitFor();

    await context.setOffline(true);
    await page.getByText('Offline — 0 check-ins waiting').waitFor();
    await uploadTicket(page, tickets[1] as Buffer);
    await expectFeedback(page, 'admit', individualNameOf(second.member));
    await page
      .getByRole('searchbox', { name: 'Search attendees by name or company' })
      .fill(third.member.username);
    await page.getByRole('button', { name: `Check in ${individualNameOf(third.member)}` }).click();
    await expectFeedback(page, 'admit', individualNameOf(third.member));
    await page.getByText('Offline — 2 check-ins waiting').waitFor();
    await page.getByText(/^3 of 3 checked in/).waitFor();
    await saveScreenshot(page, 'check-in-390-offline-queue');
    await expectNoAxeViolations(page);

    await context.setOffline(false);
    await page.getByText('Online · every check-in is saved').waitFor();
    // The card of the last check-in says it was sent; the person is shown in, not offered again.
    await page.getByTestId('check-in-feedback').getByText('Sent: the server has this check-in.').waitFor();
    expect(
      await page.getByRole('button', { name: `Check in ${individualNameOf(third.member)}` }).count(),
    ).toBe(0);
    await saveScreenshot(page, 'check-in-390-after-sync');
    await context.close();

    const list = await asAdmin(
      async (admin) =>
        (await (await admin.request.get(`/api/events/${eventId}/check-in-list`)).json()).data as CheckInList,
    );
    const today = manilaDateString();
    const marks = list.attendees.map((attendee) => attendee.check_ins.filter((mark) => mark.day === today));
    expect(marks.map((entries) => entries.length)).toEqual([1, 1, 1]);
  });

  it('the check-in page at 1280 and the attendee’s My events, looked at', async () => {
    const wide = await browser.newPage('laptop');
    await signInByApi(wide.page, staff.email, staff.password);
    await openPage(wide.page, paths.adminEventCheckIn(eventId));
    await wide.page.getByText(/^3 of 3 checked in/).waitFor();
    await saveScreenshot(wide.page, 'check-in-1280');
    // The other session of the day, offline: one check-in waits in the queue, then is sent.
    const other =
      currentCheckInSession({ start_time: '00:30', end_time: '23:30' }) === 'morning'
        ? 'Afternoon'
        : 'Morning';
    await wide.page.getByText(other, { exact: true }).click();
    await wide.page.getByText(/^0 of 3 checked in/).waitFor();
    await wide.context.setOffline(true);
    const first = attendees[0] as (typeof attendees)[0];
    await wide.page
      .getByRole('searchbox', { name: 'Search attendees by name or company' })
      .fill(first.member.username);
    await wide.page.getByRole('button', { name: `Check in ${individualNameOf(first.member)}` }).click();
    await wide.page.getByText('Offline — 1 check-in waiting').waitFor();
    await saveScreenshot(wide.page, 'check-in-1280-offline-queue');
    await wide.context.setOffline(false);
    await wide.page.getByText('Online · every check-in is saved').waitFor();
    await wide.page
      .getByTestId('check-in-feedback')
      .getByText('Sent: the server has this check-in.')
      .waitFor();
    await saveScreenshot(wide.page, 'check-in-1280-after-sync');
    await wide.context.close();

    const owner = attendees[0] as (typeof attendees)[0];
    for (const viewport of ['phone', 'laptop'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await signInByApi(page, owner.member.email, owner.member.password);
      await openPage(page, `${paths.profile}#my-events`);
      const section = page.getByRole('region', { name: 'My events' });
      await section
        .getByRole('img', { name: `Ticket for ${TITLE}: show this QR code at the door` })
        .waitFor();
      await section
        .getByText(/checked in/i)
        .first()
        .waitFor();
      await saveScreenshot(page, `my-events-${viewport === 'phone' ? 390 : 1280}`);
      if (viewport === 'phone') await expectNoAxeViolations(page);
      await context.close();
    }
  });
});
