import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CURRENT_NOTICE_VERSION } from '@portal/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XSS_MARKER, XSS_PAYLOADS } from '../../api/src/test/xss-payloads';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { createConfirmedMember, signInByApi, type TestMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
  MEMBERS = await Promise.all([
    createConfirmedMember(browser.baseUrl, 'registrant'),
    createConfirmedMember(browser.baseUrl, 'registrant'),
    createConfirmedMember(browser.baseUrl, 'latecomer'),
  ]);
  // Named, as the attendee list reads them (docs/product-rules.md "Names").
  for (const member of MEMBERS) await applyForMembership(member);
  RETURNING = await createConfirmedMember(browser.baseUrl, 'returning');
  await applyForMembership(RETURNING);
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
/** Three accounts of this file's own, so no other journey can change them under it. */
let MEMBERS: [TestMember, TestMember, TestMember];
/** A member who has applied (not `isNew`), so signing in returns to the page they came from (spec 000 §4). */
let RETURNING: TestMember;
const TITLE = `Slope Stability Training ${Date.now().toString(36)}`;

const picture = (colour: string, width = 1600, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** Subjects of the messages to `to` in the server's outbox (DATA_DIR/outbox). */
async function outboxSubjects(to: string): Promise<string[]> {
  const folder = join(inject('dataDir'), 'outbox');
  const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
  const messages = await Promise.all(
    files.map(
      async (file) =>
        JSON.parse(await readFile(join(folder, file), 'utf8')) as { to: string; subject: string },
    ),
  );
  return messages.filter((message) => message.to === to).map((message) => message.subject);
}

/** An error notice: it stays until 'Okay'. */
async function closeNotice(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A success notice: it goes by itself after 2 seconds (spec 001 §9). */
async function seeSuccessNotice(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
}

/**
 * Sends the membership form through the API as an individual, so the account is no longer new
 * (`isNew`): such an account returns after signing in to the page it came from, where a new one
 * is sent to the membership form first (spec 000 §4).
 */
async function applyForMembership(member: TestMember) {
  const { page, context } = await browser.newPage();
  const profile = await signInByApi(page, member.email, member.password);
  const response = await page.request.put(`/api/users/filled-form/${profile.id}`, {
    multipart: {
      username: member.username,
      email: member.email,
      type: 'individual',
      // Named after the username, so the attendee buttons ("Approve …") still find them by it.
      firstName: member.username,
      lastName: 'Attendee',
      phone: '0917 123 4567',
      address: 'Baguio City',
      about: 'Field geologist.',
      membershipData: JSON.stringify({ category: 'Individual' }),
      noticeVersion: CURRENT_NOTICE_VERSION,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  await context.close();
}

/** Creates an event through the API as the signed-in admin of `page`; its id. */
async function createEventByApi(page: Page, fields: Record<string, string>) {
  const response = await page.request.post('/api/events/admin/create-event', { multipart: fields });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.id as string;
}

/**
 * Opens an event page, waits for it and reports what a script in its content could have left:
 * the XSS marker, event-handler attributes, script-capable elements and javascript: links, plus
 * any dialog the page opened (alert, confirm, prompt).
 */
async function renderedContentReport(page: Page, id: string, title: string) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openPage(page, paths.eventDetail(id));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.locator('.rich-text').waitFor();
  // Let image errors, timers and animations the payloads rely on fire.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
  const report = await page.evaluate((marker) => {
    const content = document.querySelector('.rich-text');
    const handlers = [...(content?.querySelectorAll('*') ?? [])].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => /^on/i.test(attribute.name))
        .map((attribute) => attribute.name),
    );
    const scripts = content?.querySelectorAll('script, iframe, object, embed, svg, math').length ?? 0;
    const jsLinks = [...(content?.querySelectorAll('[href], [src]') ?? [])].filter((element) =>
      /^\s*javascript:/i.test(element.getAttribute('href') ?? element.getAttribute('src') ?? ''),
    ).length;
    return {
      fired: (window as unknown as Record<string, unknown>)[marker] ?? null,
      handlers,
      scripts,
      jsLinks,
    };
  }, XSS_MARKER);
  return { ...report, dialogs };
}

describe('events', { timeout: 240_000 }, () => {
  let eventPath = '';

  it('the create-event dialog on a phone and at 1280 px: free until "This event has fees"', async () => {
    for (const viewport of ['phone', 'laptop'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
      await openPage(page, paths.adminEvents);
      await page.getByRole('button', { name: 'Create Event' }).first().click();
      const form = page.getByRole('dialog', { name: 'Create Event' });
      await form.getByLabel('Registration required').check();
      await form.getByLabel('This event has fees').check();
      await form.getByRole('button', { name: 'Use the meeting fees (₱200 / ₱500 / ₱250)' }).click();
      await form.getByLabel('Tier 1 name').scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `events-create-dialog-${viewport === 'phone' ? 390 : 1280}`);
      await context.close();
    }
  });

  it('an admin creates a published event with a banner, two speakers (one new with a photo) and 2 seats', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(page, paths.adminEvents);
    await page.getByRole('button', { name: 'Create Event' }).click();
    const form = page.getByRole('dialog', { name: 'Create Event' });
    // Submitting empty shows the rule's message inline and the Validation Error notice.
    await form.getByRole('button', { name: 'Create Event' }).click();
    await form.getByText('Title is required').waitFor();
    await closeNotice(page, 'Please fix the validation errors before submitting.');
    console.log('step: validation notice seen');

    await form.getByLabel('Title *').fill(TITLE);
    await form.getByLabel('Description').fill('Hands-on slope stability for exploration crews.');
    await form.getByLabel('Status').selectOption('published');
    await form.getByLabel('Event type').selectOption('Training');
    await form.getByLabel('Start date *').fill('2099-08-20');
    await form.getByLabel('Start time').fill('09:00');
    await form.getByLabel('Location name').fill('Baguio Convention Center');
    await form.getByLabel('City').fill('Baguio City');
    await form.getByLabel('Organizer', { exact: true }).fill('MEAP Secretariat');
    await form.getByLabel('Certification provided').check();
    // The registration fields appear with the toggle.
    await expect.poll(() => form.getByLabel('Max attendees').count()).toBe(0);
    await form.getByLabel('Registration required').check();
    await form.getByLabel('Max attendees').fill('2');
    await form.getByLabel('Price (₱)').fill('4500');
    // A new event starts free; "This event has fees" offers the meeting fees in one click.
    await expect.poll(() => form.getByLabel('Tier 1 name').count()).toBe(0);
    await form.getByLabel('This event has fees').check();
    await form.getByRole('button', { name: 'Use the meeting fees (₱200 / ₱500 / ₱250)' }).click();
    await expect.poll(() => form.getByLabel('Tier 1 name').inputValue()).toBe('Member');
    await form.getByLabel('Tier 3 name').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'events-admin-form-fees-desktop');
    // This journey's registrations are free (events-paid.e2e.ts pays a tier).
    await form.getByLabel('This event has fees').uncheck();
    await expect.poll(() => form.getByLabel('Tier 1 name').count()).toBe(0);
    await form.locator('input[type=file]').setInputFiles({
      name: 'banner.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture('#1d524a'),
    });
    const editor = form.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('Bring your field boots and hard hat.');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'events-admin-form-desktop');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await seeSuccessNotice(page, 'Event created successfully!');
    console.log('step: event created');

    // Edit: the form comes back filled in; the change shows in the list.
    await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
    const editForm = page.getByRole('dialog', { name: 'Edit Event' });
    await editForm.getByRole('textbox', { name: 'Content' }).getByText('Bring your field boots').waitFor();
    expect(await editForm.getByLabel('Max attendees').inputValue()).toBe('2');
    expect(await editForm.getByLabel('Price (₱)').inputValue()).toBe('4500.00');
    await editForm.getByLabel('Safety focus').fill('Slope stability and rockfall');
    await expectNoAxeViolations(page);
    await editForm.getByRole('button', { name: 'Update Event' }).click();
    await seeSuccessNotice(page, 'Event updated successfully!');
    console.log('step: event edited');

    await page.getByRole('button', { name: `Manage speakers of ${TITLE}` }).click();
    const speakers = page.getByRole('dialog', { name: 'Manage Speakers' });
    await speakers.getByRole('checkbox').first().check();
    await speakers.getByRole('tab', { name: 'Create New Speaker' }).click();
    const createButton = speakers.getByRole('button', { name: 'Create Speaker' });
    expect(await createButton.isDisabled()).toBe(true);
    await speakers.getByLabel('Name *').fill('Engr. Liza Dimaculangan');
    await speakers.getByLabel('Title').fill('Geotechnical Engineer');
    await speakers.getByLabel('Company').fill('Benguet Geotech');
    await speakers.locator('input[type=file]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c97d1c' } })
        .png()
        .toBuffer(),
    });
    await createButton.click();
    console.log('step: speaker created');
    await speakers.getByText('2 speakers selected').waitFor();
    await speakers.getByRole('button', { name: 'Save Speakers' }).click();
    await seeSuccessNotice(page, 'Event speakers updated successfully!');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'events-admin-desktop');

    // As a guest: the admin's access token may have lapsed by now (the journeys run with short ones).
    const response = await fetch(
      `${browser.baseUrl}/api/events/retrieve-events?search=${encodeURIComponent(TITLE)}`,
    );
    expect(response.status).toBe(200);
    const [created] = (await response.json()).data.events;
    expect(created).toMatchObject({
      status: 'published',
      max_attendees: 2,
      price: 4500,
      event_type: 'Training',
      safety_focus: 'Slope stability and rockfall',
    });
    expect(created.banner_image_url).toMatch(/^\/uploads\//);
    eventPath = paths.eventDetail(created.id);
    await context.close();
  });

  it('two members register, a third finds it full', async () => {
    for (const [index, member] of MEMBERS.entries()) {
      const { page, context } = await browser.newPage(index === 2 ? 'phone' : 'desktop');
      await signInByApi(page, member.email, member.password);
      await openPage(page, eventPath);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      if (index < 2) {
        await page.getByRole('button', { name: 'Register', exact: true }).click();
        await page.getByText('Your registration is pending approval.').waitFor();
        await expect
          .poll(() => outboxSubjects(member.email), { timeout: 20_000 })
          .toContain(`Registration received: ${TITLE}`);
      } else {
        await page.getByText('This event is full.').waitFor();
        expect(await page.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);
        await expectNoAxeViolations(page);
        await saveScreenshot(page, 'event-page-full-phone');
      }
      await context.close();
    }
  });

  it('the admin approves one and rejects the other; the members are e-mailed', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(page, `${paths.adminEvents}?search=${encodeURIComponent(TITLE)}`);
    await page.getByText('2 pending').filter({ visible: true }).first().waitFor();
    await page.getByRole('button', { name: `View ${TITLE}` }).click();
    const view = page.getByRole('dialog', { name: TITLE });
    await view.getByText('2 pending').waitFor();
    await view.getByRole('link', { name: 'Open the attendee list' }).click();
    // The attendee list decides them (docs/decisions/048).
    const attendees = page.getByRole('table', { name: 'Attendees' });
    await attendees.getByRole('button', { name: `Approve ${MEMBERS[0].username}` }).click();
    await page.getByText('User registration approved successfully!').waitFor();
    await attendees.getByRole('button', { name: `Reject ${MEMBERS[1].username}` }).click();
    await page.getByText('User registration rejected successfully!').waitFor();
    await attendees.getByText('rejected').waitFor();
    // Decided registrations show no actions.
    expect(await attendees.getByRole('button', { name: /^(Approve|Reject) / }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'events-admin-view-desktop');
    await expect
      .poll(() => outboxSubjects(MEMBERS[0].email), { timeout: 20_000 })
      .toContain(`Registration approved: ${TITLE}`);
    await expect
      .poll(() => outboxSubjects(MEMBERS[1].email), { timeout: 20_000 })
      .toContain(`Registration not approved: ${TITLE}`);
    await context.close();
  });

  it('the members see the decisions on the page; the approved one withdraws, freeing the seat', async () => {
    const rejected = await browser.newPage('phone');
    await signInByApi(rejected.page, MEMBERS[1].email, MEMBERS[1].password);
    await openPage(rejected.page, eventPath);
    await rejected.page.getByText('Your registration was not approved.').waitFor();
    expect(await rejected.page.getByRole('button', { name: 'Withdraw Registration' }).count()).toBe(0);
    expect(await rejected.page.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(rejected.page);
    await saveScreenshot(rejected.page, 'event-page-rejected-phone');
    await rejected.context.close();

    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, MEMBERS[0].email, MEMBERS[0].password);
    await openPage(page, eventPath);
    await page.getByText('Your registration is approved. See you there!').waitFor();
    await page.getByText('1 of 2 seats left.').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-page-approved-desktop');
    await page.getByRole('button', { name: 'Withdraw Registration' }).click();
    await page.getByRole('button', { name: 'Register', exact: true }).waitFor();
    await page.getByText('2 of 2 seats left.').waitFor();
    expect(await page.getByText('Your registration is approved. See you there!').count()).toBe(0);
    await context.close();
  });

  it('a past event says why it takes no registrations, with no Register button', async () => {
    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    const title = `Past Core Logging Clinic ${Date.now().toString(36)}`;
    const id = await createEventByApi(admin.page, {
      title,
      start_date: '2020-02-10',
      status: 'published',
      is_registration_required: 'true',
      max_attendees: '20',
    });
    await admin.context.close();

    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, MEMBERS[2].email, MEMBERS[2].password);
    await openPage(page, paths.eventDetail(id));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Registration is closed: this event has already started').waitFor();
    expect(await page.getByRole('button', { name: 'Register', exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-page-past-phone');
    // The server refuses it all the same (signed in afresh: the page's access token may have lapsed).
    await signInByApi(page, MEMBERS[2].email, MEMBERS[2].password);
    const refused = await page.request.post(`/api/events/${id}/registration`);
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toBe('Registration is closed: this event has already started');
    await context.close();
  });

  it('the list switches between upcoming and past events; an event page puts its facts first on a phone and offers its .ics', async () => {
    const admin = await browser.newPage('desktop');
    await signInByApi(admin.page, ADMIN_EMAIL, inject('adminPassword'));
    const word = `Ledger${Date.now().toString(36)}`;
    const upcomingTitle = `Upcoming ${word} Assay Forum`;
    const pastTitle = `Past ${word} Assay Forum`;
    const upcomingId = await createEventByApi(admin.page, {
      title: upcomingTitle,
      description: 'A long look at assay quality control. '.repeat(20).trim(),
      start_date: '2099-07-15',
      start_time: '09:30',
      end_time: '12:00',
      location_name: 'Makati Shangri-La',
      city: 'Makati',
      status: 'published',
      is_registration_required: 'true',
      max_attendees: '40',
      price: '500',
    });
    await createEventByApi(admin.page, { title: pastTitle, start_date: '2021-03-01', status: 'published' });
    await admin.context.close();

    const { page, context } = await browser.newPage('phone');
    await openPage(page, `${paths.events}?search=${word}`);
    await page.getByRole('heading', { name: upcomingTitle }).waitFor();
    expect(await page.getByRole('heading', { name: pastTitle }).count()).toBe(0);
    await page.getByRole('button', { name: 'Past events' }).click();
    await page.waitForURL((url) => url.searchParams.get('when') === 'past');
    await page.getByRole('heading', { name: pastTitle }).waitFor();
    expect(await page.getByRole('heading', { name: upcomingTitle }).count()).toBe(0);
    // The address keeps the view: a reload shows the past events again.
    await page.reload();
    await page.getByRole('heading', { name: pastTitle }).waitFor();
    await page.getByRole('button', { name: 'Upcoming' }).click();
    await page.waitForURL((url) => !url.searchParams.has('when'));
    await page.getByRole('heading', { name: upcomingTitle }).waitFor();

    // On a phone the date, venue, price, seats and Register come before the description.
    await openPage(page, paths.eventDetail(upcomingId));
    await page.getByRole('heading', { level: 1, name: upcomingTitle }).waitFor();
    const facts = page.getByRole('complementary', { name: 'Key facts' });
    await facts.getByText('40 of 40 seats left.').waitFor();
    const factsBox = await facts.boundingBox();
    const descriptionBox = await page.getByText(/^A long look at assay quality control/).boundingBox();
    const registerBox = await facts.getByRole('link', { name: 'Log in to register' }).boundingBox();
    expect(factsBox && descriptionBox && registerBox).toBeTruthy();
    expect((registerBox?.y ?? 0) + (registerBox?.height ?? 0)).toBeLessThan(descriptionBox?.y ?? 0);
    expect(await facts.getByText('₱500.00').count()).toBe(1);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-page-facts-first-phone');

    // Add to calendar: the file answers text/calendar with the event.
    const file = page.getByRole('link', { name: 'Download .ics file' });
    const calendar = await page.request.get((await file.getAttribute('href')) as string);
    expect(calendar.status()).toBe(200);
    expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await calendar.text();
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('DTSTART:20990715T013000Z');
    expect(text).toContain(`SUMMARY:${upcomingTitle}`);
    const google = await page.getByRole('link', { name: /Google Calendar/ }).getAttribute('href');
    expect(new URL(google as string).searchParams.get('dates')).toBe('20990715T013000Z/20990715T040000Z');
    await context.close();

    const desktop = await browser.newPage('laptop');
    await openPage(desktop.page, paths.eventDetail(upcomingId));
    await desktop.page.getByRole('heading', { level: 1, name: upcomingTitle }).waitFor();
    await expectNoAxeViolations(desktop.page);
    await saveScreenshot(desktop.page, 'event-page-facts-side-card-1280');
    await desktop.context.close();
  });

  it('a guest asked to log in signs in through the form, comes back to the event and registers', async () => {
    const { page, context } = await browser.newPage('desktop');
    await openPage(page, eventPath);
    await page.getByRole('link', { name: 'Log in to register' }).click();
    await page.waitForURL((url) => url.pathname === paths.login);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(eventPath);
    await page.getByLabel('Email').fill(RETURNING.email);
    await page.getByLabel('Password', { exact: true }).fill(RETURNING.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === eventPath);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Your registration is pending approval.').waitFor();
    await page.getByText('1 of 2 seats left.').waitFor();
    await expect
      .poll(() => outboxSubjects(RETURNING.email), { timeout: 20_000 })
      .toContain(`Registration received: ${TITLE}`);
    await context.close();
  });

  it('the list and the page arrive with the event in their HTML, and an address the API refuses loses its bad entries', async () => {
    // docs/decisions/035: rendered by the server with their data.
    const { page, context } = await browser.newPage('desktop');
    for (const path of [`${paths.events}?search=${encodeURIComponent('Slope Stability')}`, eventPath]) {
      const html = await (await page.request.get(path)).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect([path, root.includes(TITLE)]).toEqual([path, true]);
      expect(html).toContain('<script type="application/json" id="dehydrated-state">');
    }
    // A hand-typed entry the API refuses: the server sends the same list without it (a redirect,
    // so the browser's first render reads the address the server rendered).
    const refused = `${paths.events}?page=abc&search=${encodeURIComponent('Slope Stability')}`;
    const redirect = await page.request.get(refused, { maxRedirects: 0 });
    expect([redirect.status(), redirect.headers().location]).toEqual([
      302,
      `${paths.events}?search=Slope+Stability`,
    ]);
    await openPage(page, refused);
    expect(new URL(page.url()).search).toBe('?search=Slope+Stability');
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await context.close();
  });

  it('the public list and page show it all, on desktop and phone', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await openPage(page, `${paths.events}?search=${encodeURIComponent('Slope Stability')}`);
      await page.getByRole('heading', { name: TITLE }).waitFor();
      const typeFilter = page.getByLabel('Event type');
      if (viewport === 'phone') {
        // On a phone the filters fold behind the Filters toggle.
        expect(await typeFilter.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Filters' }).click();
        await typeFilter.waitFor();
        await typeFilter.selectOption('Training');
      } else {
        expect(await page.getByRole('button', { name: 'Filters' }).isVisible()).toBe(false);
        await typeFilter.selectOption('Training');
      }
      await page.waitForURL((url) => url.searchParams.get('event_type') === 'Training');
      await page.getByRole('heading', { name: TITLE }).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `events-list-${viewport}`);
      await page
        .getByRole('link', { name: /View More/ })
        .first()
        .click();
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      for (const text of [
        '₱4,500.00',
        'Engr. Liza Dimaculangan',
        'Certification provided',
        'Bring your field boots',
      ]) {
        await page.getByText(text).first().waitFor();
      }
      // A published event's page carries no status badge (docs/product-rules.md "Events").
      expect(await page.getByText('published', { exact: true }).count()).toBe(0);
      await page.getByRole('link', { name: 'Log in to register' }).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `event-page-${viewport}`);
      await context.close();
    }
    const { page, context } = await browser.newPage('desktop');
    await openPage(page, paths.eventDetail('00000000-0000-4000-8000-000000000000'));
    await page.getByRole('heading', { name: 'Event not found' }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'event-not-found-desktop');
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.waitForURL(`**${paths.events}`);
    await context.close();
  });

  it('the dashboard’s event figures open the admin list filtered, and the list honours them', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await openPage(page, paths.admin);
    const panel = page.getByRole('region', { name: 'Events', exact: true });
    const hrefOf = async (label: string) =>
      panel.getByRole('link', { name: new RegExp(`^${label}`) }).getAttribute('href');
    expect(await hrefOf('Draft')).toBe(`${paths.adminEvents}?status=draft`);
    expect(await hrefOf('Published')).toBe(`${paths.adminEvents}?status=published`);
    expect(await hrefOf('Cancelled')).toBe(`${paths.adminEvents}?status=cancelled`);
    expect(await hrefOf('Registrations awaiting approval')).toBe(`${paths.adminEvents}?has_pending=true`);
    expect(await page.getByRole('link', { name: /^Published Events/ }).getAttribute('href')).toBe(
      `${paths.adminEvents}?status=published`,
    );

    // Registrations awaiting approval: only events with pending ones (this file's has one now).
    await panel.getByRole('link', { name: /^Registrations awaiting approval/ }).click();
    await page.waitForURL((url) => url.pathname === paths.adminEvents && url.search === '?has_pending=true');
    await page.getByText('Showing events with registrations awaiting approval.').waitFor();
    const table = page.getByRole('table', { name: 'Events' });
    await table.getByText(TITLE).waitFor();
    const rows = table.locator('tbody tr');
    for (let index = 0; index < (await rows.count()); index += 1) {
      expect(await rows.nth(index).textContent()).toMatch(/\d+ pending/);
    }

    // Draft: the status filter shows it, and every row is a draft.
    await openPage(page, paths.admin);
    await panel.getByRole('link', { name: /^Draft/ }).click();
    await page.waitForURL((url) => url.search === '?status=draft');
    expect(await page.getByLabel('Filter by status').inputValue()).toBe('draft');
    await table.locator('tbody tr').first().waitFor();
    const statuses = await table.locator('tbody tr td:nth-child(4)').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['draft']));
    await context.close();
  });

  it('asks before deleting, saying how many registrations go too; the admin list passes axe on a phone', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    const title = `Cancelled Assay Workshop ${Date.now().toString(36)}`;
    const id = await createEventByApi(page, {
      title,
      start_date: '2099-04-01',
      status: 'published',
      is_registration_required: 'true',
      // Free: no tiers (a new event otherwise starts with the specification's).
      price_tiers: '[]',
    });
    const member = await browser.newPage('desktop');
    await signInByApi(member.page, MEMBERS[2].email, MEMBERS[2].password);
    expect((await member.page.request.post(`/api/events/${id}/registration`)).status()).toBe(201);
    await member.context.close();

    await openPage(page, `${paths.adminEvents}?search=${encodeURIComponent(title)}`);
    // On a phone each row is a card (the table is not shown).
    const deleteButton = page.getByRole('button', { name: `Delete ${title}` });
    await deleteButton.waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'events-admin-phone');
    await deleteButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Event' });
    await confirm
      .getByText('Are you sure you want to delete this event? This action cannot be undone.')
      .waitFor();
    await confirm.getByText('Its 1 registration will be deleted too.').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'events-admin-delete-phone');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeSuccessNotice(page, 'Event deleted successfully!');
    await page.getByText('No events found').waitFor();
    // Asked as a guest: the admin's access token may have lapsed by now (the journeys use short ones).
    expect((await fetch(`${browser.baseUrl}/api/events/retrieve-events/${id}`)).status).toBe(404);
    await context.close();
  });

  it('renders the XSS corpus from event content, created and edited, without running a script or keeping a handler', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    // Every write first, while the admin's short-lived access token is fresh; then the pages.
    const id = await createEventByApi(page, {
      title: 'XSS corpus',
      start_date: '2099-01-01',
      status: 'published',
      content: XSS_PAYLOADS.join('\n'),
    });
    // The same corpus through an edit of an event whose content was harmless.
    const editedId = await createEventByApi(page, {
      title: 'XSS corpus edited',
      start_date: '2099-01-01',
      status: 'published',
      content: '<p>Harmless to begin with.</p>',
    });
    const edited = await page.request.put(`/api/events/admin/edit-event/${editedId}`, {
      multipart: { content: `<p>Edited.</p>${XSS_PAYLOADS.join('\n')}` },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    const clean = { fired: null, handlers: [], scripts: 0, jsLinks: 0, dialogs: [] };
    expect(await renderedContentReport(page, id, 'XSS corpus')).toEqual(clean);
    const editedPage = await context.newPage();
    expect(await renderedContentReport(editedPage, editedId, 'XSS corpus edited')).toEqual(clean);
    await editedPage.getByText('Edited.').waitFor();
    await context.close();
  });

  it('loads the rich-text editor (TipTap) only in the admin area', async () => {
    /** The scripts a page downloads while it opens, with their text. */
    async function scriptsOf(path: string, signIn = false, open?: (page: Page) => Promise<void>) {
      const { page, context } = await browser.newPage('desktop');
      if (signIn) await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
      const scripts: Promise<{ url: string; text: string }>[] = [];
      page.on('response', (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (/javascript/.test(type) || response.url().endsWith('.js')) {
          scripts.push(response.text().then((text) => ({ url: response.url(), text })));
        }
      });
      await openPage(page, path);
      await page.waitForLoadState('networkidle');
      await open?.(page);
      const loaded = await Promise.all(scripts);
      await context.close();
      return loaded;
    }
    const hasEditor = (text: string) => /\[tiptap (error|warn)\]|ProseMirror/.test(text);

    const eventId = eventPath.split('/').at(-1) as string;
    for (const path of [paths.home, paths.events, paths.eventDetail(eventId)]) {
      const scripts = await scriptsOf(path);
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(
        scripts.filter((script) => hasEditor(script.text)).map((script) => script.url),
        path,
      ).toEqual([]);
    }
    // The check can fail: the admin's event form does download the editor.
    const admin = await scriptsOf(paths.adminEvents, true, async (page) => {
      await page.getByRole('button', { name: 'Create Event' }).click();
      await page
        .getByRole('dialog', { name: 'Create Event' })
        .getByRole('textbox', { name: 'Content' })
        .waitFor();
    });
    expect(admin.some((script) => hasEditor(script.text))).toBe(true);
  });
});
