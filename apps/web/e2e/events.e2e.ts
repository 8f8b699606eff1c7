import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XSS_MARKER, XSS_PAYLOADS } from '../../api/src/test/xss-payloads';
import { paths } from '../src/config/paths';
import { expectNoSeriousAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// apps/api/src/db/seed-content.ts: the demo admin and three individual members.
const ADMIN_EMAIL = 'admin@meap.org.ph';
const MEMBERS = [
  { email: 'maria.santos@geomail.example', username: 'mlsantos' },
  { email: 'paolo.reyes@geomail.example', username: 'paoloreyes' },
  { email: 'andrea.villanueva@geomail.example', username: 'avillanueva' },
] as const;
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

async function closeNotice(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('events', { timeout: 240_000 }, () => {
  let eventPath = '';

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
    await form.locator('input[type=file]').setInputFiles({
      name: 'banner.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture('#1d524a'),
    });
    const editor = form.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('Bring your field boots and hard hat.');
    await form.getByRole('button', { name: 'Create Event' }).click();
    await closeNotice(page, 'Event created successfully!');
    console.log('step: event created');

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
    await closeNotice(page, 'Event speakers updated successfully!');
    await expectNoSeriousAxeViolations(page);
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
    });
    expect(created.banner_image_url).toMatch(/^\/uploads\//);
    eventPath = paths.eventDetail(created.id);
    await context.close();
  });

  it('two members register, a third finds it full', async () => {
    for (const [index, member] of MEMBERS.entries()) {
      const { page, context } = await browser.newPage(index === 2 ? 'phone' : 'desktop');
      await signInByApi(page, member.email, inject('adminPassword'));
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
        await expectNoSeriousAxeViolations(page);
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
    await view.getByRole('button', { name: `Approve ${MEMBERS[0].username}` }).click();
    await page.getByText('User registration approved successfully!').waitFor();
    await view.getByRole('button', { name: `Reject ${MEMBERS[1].username}` }).click();
    await page.getByText('User registration rejected successfully!').waitFor();
    await view.getByText('0 pending').waitFor();
    // Decided registrations show no actions.
    expect(await view.getByRole('button', { name: /^(Approve|Reject) / }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, 'events-admin-view-desktop');
    await expect
      .poll(() => outboxSubjects(MEMBERS[0].email), { timeout: 20_000 })
      .toContain(`Registration approved: ${TITLE}`);
    await expect
      .poll(() => outboxSubjects(MEMBERS[1].email), { timeout: 20_000 })
      .toContain(`Registration not approved: ${TITLE}`);
    await context.close();
  });

  it('the public list and page show it all, on desktop and phone', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await openPage(page, `${paths.events}?search=${encodeURIComponent('Slope Stability')}`);
      await page.getByRole('heading', { name: TITLE }).waitFor();
      await expectNoSeriousAxeViolations(page);
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
      await page.getByText('published', { exact: true }).first().waitFor();
      await page.getByRole('link', { name: 'Log in to register' }).waitFor();
      await expectNoSeriousAxeViolations(page);
      await saveScreenshot(page, `event-page-${viewport}`);
      await context.close();
    }
    const { page, context } = await browser.newPage('desktop');
    await openPage(page, paths.eventDetail('00000000-0000-4000-8000-000000000000'));
    await page.getByRole('heading', { name: 'Event not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.waitForURL(`**${paths.events}`);
    await context.close();
  });

  it('renders the XSS corpus from event content without running a script or keeping a handler', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    const created = await page.request.post('/api/events/admin/create-event', {
      multipart: {
        title: 'XSS corpus',
        start_date: '2099-01-01',
        status: 'published',
        content: XSS_PAYLOADS.join('\n'),
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()).data;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openPage(page, paths.eventDetail(id));
    await page.getByRole('heading', { level: 1, name: 'XSS corpus' }).waitFor();
    // Give timers, image errors and animations a moment to fire.
    await page.waitForTimeout(1500);
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
    expect(report).toEqual({ fired: null, handlers: [], scripts: 0, jsLinks: 0 });
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
