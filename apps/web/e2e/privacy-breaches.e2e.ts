import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BREACH_MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, saveScreenshot } from './browser';
import { waitForMail } from './mail';
import { createConfirmedMember, DEMO_ADMIN_EMAIL, signInByApi, type TestMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let affected: TestMember[];
let bystander: TestMember;
beforeAll(async () => {
  browser = await launchBrowser();
  affected = await Promise.all([
    createConfirmedMember(browser.baseUrl, 'breached'),
    createConfirmedMember(browser.baseUrl, 'breached'),
  ]);
  bystander = await createConfirmedMember(browser.baseUrl, 'bystander');
});
afterAll(() => browser.close());

const stamp = Date.now().toString(36);
const subject = `About your data (${stamp})`;

/** Every outbox message with this subject, to whomever. */
async function outboxTo(wanted: string) {
  const folder = join(inject('dataDir'), 'outbox');
  const files = (await readdir(folder)).filter((file) => file.endsWith('.json'));
  const messages = await Promise.all(
    files.map(
      async (file) =>
        JSON.parse(await readFile(join(folder, file), 'utf8')) as { to: string; subject: string },
    ),
  );
  return messages.filter((message) => message.subject === wanted).map((message) => message.to);
}

/** A `datetime-local` value `hours` ago in Manila (the browser's zone here). */
const manilaInput = (hours: number) =>
  new Date(Date.now() - hours * 3_600_000 + 8 * 3_600_000).toISOString().slice(0, 16);

describe('the breach register, end to end', () => {
  it('an admin records a breach affecting two members, sees the clock, e-mails exactly them, records the NPC notice, closes it', {
    timeout: 120_000,
  }, async () => {
    const { page } = await browser.newPage('laptop');
    await signInByApi(page, DEMO_ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(paths.adminPrivacyBreaches);
    await page.getByRole('heading', { level: 1, name: BREACH_MESSAGES.title }).waitFor();
    // The admin menu offers it.
    await page.getByRole('navigation').getByRole('link', { name: 'Breach register' }).first().waitFor();

    await page.getByRole('link', { name: BREACH_MESSAGES.record }).click();
    await page.getByRole('heading', { level: 1, name: BREACH_MESSAGES.recordTitle }).waitFor();
    await page
      .getByLabel(BREACH_MESSAGES.whatLabel)
      .fill(`A laptop with the member list was stolen (${stamp}).`);
    await page.getByLabel(BREACH_MESSAGES.discoveredLabel).fill(manilaInput(5));
    await page.getByLabel(BREACH_MESSAGES.occurredLabel).fill(manilaInput(20));
    await page
      .getByLabel(BREACH_MESSAGES.dataKindsLabel)
      .fill('Members: names, e-mail addresses and phone numbers');
    await page.getByLabel(BREACH_MESSAGES.peopleCountLabel).fill('2');
    await page
      .getByLabel(BREACH_MESSAGES.affectedLabel)
      .fill(affected.map((member) => member.email).join('\n'));
    await saveScreenshot(page, 'breach-new-1280');
    await page.getByRole('button', { name: BREACH_MESSAGES.record }).click();

    // Its page: the clock runs from discovery, 72 hours less the 5 since.
    await page.getByRole('heading', { level: 1, name: 'Breach' }).waitFor();
    await page
      .getByText(/^2 days 1[89] h left to notify$/)
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'breach-detail-1280');

    // The prepared e-mail, edited, to the two affected members.
    const people = page.getByRole('region', { name: BREACH_MESSAGES.peopleTitle });
    await expect(people.getByLabel(BREACH_MESSAGES.peopleBody).inputValue()).resolves.toContain(
      'A laptop with the member list was stolen',
    );
    await people.getByLabel(BREACH_MESSAGES.peopleSubject).fill(subject);
    await people.getByRole('button', { name: `${BREACH_MESSAGES.peopleSend} (2)` }).click();
    await people.getByRole('status').getByText(BREACH_MESSAGES.peopleSent(2)).waitFor();
    // Once sent, the button is gone: no one can be told twice from here.
    await expect(people.getByRole('button', { name: /Send to the affected members/ }).count()).resolves.toBe(
      0,
    );
    for (const member of affected) await waitForMail(member.email, subject, 30_000);
    expect((await outboxTo(subject)).sort()).toEqual(affected.map((member) => member.email).sort());
    expect(await outboxTo(subject)).not.toContain(bystander.email);

    const npc = page.getByRole('region', { name: BREACH_MESSAGES.npcTitle });
    await npc.getByLabel(BREACH_MESSAGES.npcMethod).fill('The NPC breach notification management system');
    await npc.getByLabel(BREACH_MESSAGES.npcReference).fill(`NPC-BN-${stamp}`);
    await npc.getByRole('button', { name: BREACH_MESSAGES.npcRecord }).click();
    await npc.getByText(`NPC-BN-${stamp}`).waitFor();
    await page.getByText(BREACH_MESSAGES.clockDone).first().waitFor();

    const close = page.getByRole('region', { name: BREACH_MESSAGES.closeTitle });
    await close.getByLabel(BREACH_MESSAGES.closeSummary).fill('Laptop wiped remotely; passwords reset.');
    await close.getByRole('button', { name: BREACH_MESSAGES.close }).click();
    await close.getByText('Laptop wiped remotely; passwords reset.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Breach (closed)' }).waitFor();
    await saveScreenshot(page, 'breach-closed-1280');

    const phone = await browser.newPage('phone');
    await signInByApi(phone.page, DEMO_ADMIN_EMAIL, inject('adminPassword'));
    await phone.page.goto(paths.adminPrivacyBreaches);
    await phone.page.getByText(`A laptop with the member list was stolen (${stamp}).`).first().waitFor();
    await saveScreenshot(phone.page, 'breach-list-390');
    await phone.page.getByText(`A laptop with the member list was stolen (${stamp}).`).first().click();
    await phone.page.getByRole('heading', { level: 1, name: 'Breach (closed)' }).waitFor();
    await saveScreenshot(phone.page, 'breach-detail-390');

    await page.goto(paths.adminPrivacyBreaches);
    await page.getByRole('table').getByText(`A laptop with the member list was stolen (${stamp}).`).waitFor();
    await saveScreenshot(page, 'breach-list-1280');
  });
});
