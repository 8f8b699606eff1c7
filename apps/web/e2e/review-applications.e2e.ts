import { randomUUID } from 'node:crypto';
import { ADMIN_USER_MESSAGES, siteConfig } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { waitForMail } from './mail';
import { applyAsIndividual, createConfirmedMember, signInByApi, type TestMember } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

// apps/api/src/db/seed-content.ts: the admin, and a company whose renewal is pending (only looked at).
const ADMIN_EMAIL = 'admin@meap.org.ph';
const PENDING_COMPANY = 'mindanaonickel';

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const signInAsAdmin = (page: Page) => signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));

describe('reviewing applications', () => {
  // Three applicants of this run only, found together by their shared prefix.
  const prefix = `rv${randomUUID().slice(0, 4)}`;
  let applicants: TestMember[];
  beforeAll(async () => {
    applicants = [];
    for (let index = 0; index < 3; index += 1) {
      const member = await createConfirmedMember(browser.baseUrl, prefix);
      await applyAsIndividual(browser.baseUrl, member);
      applicants.push(member);
    }
  });

  it('shows a company application with its representatives, at 1280 px and on a phone', async () => {
    for (const viewport of ['laptop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await signInAsAdmin(page);
      await openPage(page, `${paths.adminUsers}?membership=pending&search=${PENDING_COMPANY}`);
      // Phones get the rows as cards, each with its checkbox too.
      await page
        .getByRole('checkbox', { name: `Select ${PENDING_COMPANY}` })
        .first()
        .check();
      await page.getByText('1 selected').waitFor();
      await saveScreenshot(page, `review-applications-list-${viewport}`);
      await page
        .getByRole('button', { name: `Review application of ${PENDING_COMPANY}` })
        .first()
        .click();
      const panel = page.getByRole('dialog', { name: 'Review application' });
      await panel.getByText('Fatima Abdulrahman').waitFor();
      await panel.getByText('Voting', { exact: true }).first().waitFor();
      await panel.getByRole('button', { name: 'Approve' }).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `review-application-${viewport}`);
      await panel.getByText('Fatima Abdulrahman').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `review-application-representatives-${viewport}`);
      await context.close();
    }
  });

  it('at 1280 px: reviews one application and rejects it with a reason (e-mailed), then approves two at once', async () => {
    const { page, context } = await browser.newPage('laptop');
    await signInAsAdmin(page);
    await openPage(page, `${paths.adminUsers}?membership=pending&search=${prefix}`);
    await expect.poll(() => usersTable(page).getByRole('row').count()).toBe(4);

    const [rejected, ...approved] = applicants as [TestMember, TestMember, TestMember];
    await usersTable(page)
      .getByRole('button', { name: `Review application of ${rejected.username}` })
      .click();
    const panel = page.getByRole('dialog', { name: 'Review application' });
    await panel.getByText(rejected.email).waitFor();
    await panel.getByText('Individual membership', { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Reject' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Reject application' });
    const reason = 'Please send a copy of your PRC geologist licence with a new application.';
    await ask.getByRole('textbox', { name: 'Reason *' }).fill(reason);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'review-application-reject-laptop');
    await ask.getByRole('button', { name: 'Reject application' }).click();
    await page.getByText(ADMIN_USER_MESSAGES.membershipUpdated).waitFor();
    const rejection = await waitForMail(rejected.email, `Your ${siteConfig.acronym} membership application`);
    expect(rejection.text).toContain(`The reason given: ${reason}`);

    // The rejected one leaves the pending list; the other two are selected and approved together.
    await expect.poll(() => usersTable(page).getByRole('row').count()).toBe(3);
    await usersTable(page).getByRole('checkbox', { name: 'Select every row on this page' }).check();
    await page.getByText('2 selected').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'review-applications-selected-laptop');
    await page.getByRole('button', { name: 'Approve 2' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Approve 2 applications' });
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'review-applications-bulk-laptop');
    await confirm.getByRole('button', { name: 'Approve 2' }).click();
    await page.getByText('2 applications approved.').waitFor();
    for (const member of approved) {
      const mail = await waitForMail(member.email, `Your ${siteConfig.acronym} membership is approved`);
      expect(mail.text).toMatch(/SOA-\d{4}-\d{6}/);
    }
    await page.getByText(ADMIN_USER_MESSAGES.noUsers).waitFor();
    await context.close();
  });
});
