import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, saveScreenshot } from './browser';
import { waitForMail } from './mail';
import { memberInGoodStanding, signInByApi, type TestMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let member: TestMember;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir('artifacts/screenshots', { recursive: true });
  member = await memberInGoodStanding(browser.baseUrl, 'reader');
  // Announcements go to those who consented to them (docs/decisions/065): the reader ticks the
  // box on the profile, as a member choosing them would.
  const { page, context } = await browser.newPage('desktop');
  await signInByApi(page, member.email, member.password);
  await page.goto(paths.profile);
  const choice = page.getByRole('checkbox', { name: 'E-mail me announcements of news and events' });
  await choice.check();
  await page.waitForFunction(async () =>
    (await (await fetch('/api/me/consents')).json()).data.consents.some(
      (consent: { purpose: string; given: boolean }) =>
        consent.purpose === 'announcements_email' && consent.given,
    ),
  );
  await context.close();
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
/** A demo member in good standing (apps/api/src/db/seed-content.ts). */
const DEMO_MEMBER_EMAIL = 'maria.santos@geomail.example';
const stamp = Date.now().toString(36);
const firstTitle = `Copper drilling resumes in Tampakan ${stamp}`;
const secondTitle = `Gold assays from Masbate ${stamp}`;

/** Every outbox message whose subject is `subject`, with the header fields the file keeps. */
async function outboxMessages(subject: string) {
  const folder = join(inject('dataDir'), 'outbox');
  const files = (await readdir(folder)).filter((file) => file.endsWith('.json'));
  const messages = await Promise.all(
    files.map(
      async (file) =>
        JSON.parse(await readFile(join(folder, file), 'utf8')) as {
          to: string;
          subject: string;
          headers?: Record<string, string>;
        },
    ),
  );
  return messages.filter((message) => message.subject === subject);
}

async function createPublishedArticle(page: Page, title: string, announce: boolean) {
  await page.getByRole('button', { name: 'Create News' }).click();
  const form = page.getByRole('dialog', { name: 'Create News Article' });
  await form.getByLabel('Title *').fill(title);
  await form.getByLabel('Description').fill('Work resumes on the exploration drill programme.');
  await form.getByLabel('Author *').fill('Secretariat');
  await form.getByRole('textbox', { name: 'Content *' }).click();
  await page.keyboard.type('The programme resumes with four rigs.');
  await form.getByLabel('Status').selectOption('published');
  if (announce) {
    await form.getByRole('checkbox', { name: 'E-mail to members' }).check();
    await form.getByRole('radio', { name: /Members in good standing/ }).check();
  }
  return form;
}

describe('announcements, end to end', () => {
  // Announcements leave one a second (decision 052): the two mailings to every member in good
  // standing, those other journeys made included, take up to a minute or so between them.
  it('an admin publishes news with "E-mail to members"; a member unsubscribes from the e-mail and is left out of the next', {
    timeout: 180_000,
  }, async () => {
    const { page } = await browser.newPage('laptop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(paths.adminNews);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();

    const form = await createPublishedArticle(page, firstTitle, true);
    await expectNoAxeViolations(page);
    await form.getByRole('group', { name: 'Send to' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'artifacts/screenshots/announcement-news-form-1280.png' });
    // Access tokens live 5 s here: the first try may be refused and repeated after a refresh.
    const announced = page.waitForResponse(
      (response) => response.url().endsWith('/api/announcements') && response.status() !== 401,
    );
    await form.getByRole('button', { name: 'Create Article' }).click();
    expect((await announced).status()).toBe(201);
    await page
      .getByText(new RegExp(`${firstTitle} has been created\\. Announcement queued for \\d+ people\\.`))
      .waitFor();

    // The member's e-mail: the article's link, an unsubscribe link and RFC 8058's headers.
    const mail = await waitForMail(member.email, `MEAP news: ${firstTitle}`, 60_000);
    const unsubscribeLink = mail.text.match(/http\S+\/unsubscribe\?token=\S+/)?.[0];
    expect(unsubscribeLink).toBeDefined();
    const [kept] = (await outboxMessages(`MEAP news: ${firstTitle}`)).filter(
      (message) => message.to === member.email,
    );
    expect(kept?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(kept?.headers?.['List-Unsubscribe']).toMatch(
      /^<http\S+\/api\/announcements\/unsubscribe\?token=\S+>$/,
    );

    // Following the link: nothing changes until the member confirms, without signing in.
    const reader = await browser.newPage('laptop');
    const link = new URL(unsubscribeLink as string);
    await reader.page.goto(`${link.pathname}${link.search}`);
    await reader.page.getByRole('heading', { level: 1, name: 'Announcement e-mails' }).waitFor();
    await expectNoAxeViolations(reader.page);
    await saveScreenshot(reader.page, 'announcement-unsubscribe-1280');
    await reader.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await reader.page
      .getByRole('status')
      .getByText(
        'You will no longer receive announcement e-mails. You can turn them back on in your profile.',
      )
      .waitFor();
    await expectNoAxeViolations(reader.page);

    // Their profile shows the choice, off.
    await signInByApi(reader.page, member.email, member.password);
    await reader.page.goto(paths.profile);
    const choice = reader.page.getByRole('checkbox', { name: 'E-mail me announcements of news and events' });
    await choice.waitFor();
    expect(await choice.isChecked()).toBe(false);
    await expectNoAxeViolations(reader.page);
    await reader.page.getByRole('heading', { name: 'Privacy and consent' }).scrollIntoViewIfNeeded();
    await reader.page.screenshot({ path: 'artifacts/screenshots/announcement-profile-choice-1280.png' });

    // The next announcement, sent from the list: everyone else gets it, the member does not.
    await createPublishedArticle(page, secondTitle, false);
    await page
      .getByRole('dialog', { name: 'Create News Article' })
      .getByRole('button', { name: 'Create Article' })
      .click();
    await page.getByRole('dialog', { name: 'Create News Article' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Send announcement: ${secondTitle}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Send announcement' });
    await dialog.getByRole('radio', { name: /Members in good standing/ }).check();
    await expectNoAxeViolations(page);
    const second = page.waitForResponse(
      (response) => response.url().endsWith('/api/announcements') && response.status() !== 401,
    );
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = await second;
    expect(answer.status()).toBe(201);
    const { data } = (await answer.json()) as { data: { recipient_count: number } };
    await expect
      .poll(async () => (await outboxMessages(`MEAP news: ${secondTitle}`)).length, { timeout: 60_000 })
      .toBe(data.recipient_count);
    const recipients = (await outboxMessages(`MEAP news: ${secondTitle}`)).map((message) => message.to);
    expect(recipients).toContain(DEMO_MEMBER_EMAIL);
    expect(recipients).not.toContain(member.email);

    // The log lists both, newest first.
    await page.goto(paths.adminAnnouncements);
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    await page.getByRole('link', { name: secondTitle }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'announcement-log-1280');
  });

  it('the form and the profile choice on a phone', async () => {
    const { page } = await browser.newPage('phone');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(paths.adminNews);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    const form = await createPublishedArticle(page, `Phone draft ${stamp}`, true);
    await form.getByRole('group', { name: 'Send to' }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'artifacts/screenshots/announcement-news-form-390.png' });

    const reader = await browser.newPage('phone');
    await signInByApi(reader.page, member.email, member.password);
    await reader.page.goto(paths.profile);
    await reader.page.getByRole('heading', { name: 'Privacy and consent' }).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(reader.page);
    await reader.page.screenshot({ path: 'artifacts/screenshots/announcement-profile-choice-390.png' });
  });
});
