import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { waitForMail } from './mail';
import {
  applyAsIndividual,
  createConfirmedMember,
  individualNameOf,
  signInByApi,
  type TestMember,
} from './session';

/**
 * The admin's attendee list (docs/decisions/048): open an event's attendees, filter them, download
 * the filtered list as CSV, write to them, and the e-mail arrives in the outbox.
 */

let browser: Awaited<ReturnType<typeof launchBrowser>>;
const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const TITLE = `Porphyry Targeting Night ${Date.now().toString(36)}`;
let eventId: string;
/** Two accounts of this file's own that register; the first is approved. */
let MEMBERS: [TestMember, TestMember];

beforeAll(async () => {
  browser = await launchBrowser();
  MEMBERS = await Promise.all([
    createConfirmedMember(browser.baseUrl, 'attendee'),
    createConfirmedMember(browser.baseUrl, 'attendee'),
  ]);
  // Named, as the attendee list reads them (docs/product-rules.md "Names").
  for (const member of MEMBERS) await applyAsIndividual(browser.baseUrl, member);
  const { page, context } = await browser.newPage();
  await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
  const created = await page.request.post('/api/events/admin/create-event', {
    multipart: {
      title: TITLE,
      start_date: '2099-03-12',
      status: 'published',
      is_registration_required: 'true',
      max_attendees: '30',
      // A free event: the journey is about the list, not the fees (events-paid.e2e.ts).
      price_tiers: '[]',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = (await created.json()).data.id;
  await context.close();
  for (const member of MEMBERS) {
    const session = await browser.newPage();
    await signInByApi(session.page, member.email, member.password);
    const registered = await session.page.request.post(`/api/events/${eventId}/registration`);
    expect(registered.status(), await registered.text()).toBe(201);
    await session.context.close();
  }
});
afterAll(() => browser.close());

describe('the attendee list', () => {
  it('the admin filters, exports and messages the approved attendees; the e-mail arrives', async () => {
    const { page, context } = await browser.newPage('laptop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(page, `${paths.adminEvents}?search=${encodeURIComponent(TITLE)}`);
    await page.getByRole('button', { name: `Attendees of ${TITLE}` }).click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const table = page.getByRole('table', { name: 'Attendees' });
    await table.getByText(MEMBERS[1].email).waitFor();
    await table.getByRole('button', { name: `Approve ${MEMBERS[0].username}` }).click();
    await page.getByText('User registration approved successfully!').waitFor();

    await page.getByLabel('Filter by status').selectOption('approved');
    await page.waitForURL(/status=approved/);
    await table.getByText(MEMBERS[1].email).waitFor({ state: 'detached' });
    await table.getByText(MEMBERS[0].email).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^attendees-porphyry-targeting-night-[a-z0-9]+-2099-03-12\.csv$/,
    );
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    // UTF-8 with its byte order mark, CRLF line ends.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csv.slice(1).trim().split('\r\n');
    expect(header).toBe('name,company,email,status,registered_at,tier,amount,payment,checked_in');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`${individualNameOf(MEMBERS[0])},,${MEMBERS[0].email},approved,`);

    const subject = `Venue moved ${Date.now().toString(36)}`;
    await page.getByLabel('Subject *').fill(subject);
    await page.getByLabel('Message *').fill('We meet in Hall B.\nDinner from 6 pm.');
    await page.getByRole('button', { name: 'Send message' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send message' });
    await confirm.getByText('Send to 1 person?').waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Message queued for 1 person.').waitFor();
    const log = page.getByRole('table', { name: 'Sent messages' });
    await log.getByText(subject).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-attendees-laptop');

    const mail = await waitForMail(MEMBERS[0].email, subject);
    expect(mail.text).toContain(`Hello ${individualNameOf(MEMBERS[0])},`);
    expect(mail.text).toContain('We meet in Hall B.\nDinner from 6 pm.');
    expect(mail.text).toContain(`${browser.baseUrl}${paths.eventDetail(eventId)}`);
    // Only the approved attendee was written to.
    await expect(waitForMail(MEMBERS[1].email, subject, 2_000)).rejects.toThrow();
    await context.close();
  });

  it('reads on a phone', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(page, paths.adminEventAttendees(eventId));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByText(MEMBERS[1].email).filter({ visible: true }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-attendees-phone');
    await context.close();
  });
});
