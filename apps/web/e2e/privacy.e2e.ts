import { randomUUID } from 'node:crypto';
import { CONFIRM_EMAIL_PAGE, CONSENT_LABELS, PRIVACY_MESSAGES, PRIVACY_NOTICE } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { waitForMailLink } from './mail';
import { signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The signed-in page's own consents, as the API answers them to its cookies. */
async function consentsOf(page: Page) {
  // The session's cookies come with the sign-in the page has just finished; on a busy machine the
  // first call can be early, so it is asked again for a few seconds.
  const response = await vi.waitFor(
    async () => {
      const answer = await page.request.get('/api/me/consents');
      expect(answer.status()).toBe(200);
      return answer;
    },
    { timeout: 10_000, interval: 500 },
  );
  const { data } = (await response.json()) as {
    data: {
      acceptedNoticeVersion: string | null;
      consents: { purpose: string; given: boolean; source: string }[];
    };
  };
  return data;
}

describe('the privacy notice and consent records (docs/decisions/065)', () => {
  it('/privacy is served as HTML before any script, with the notice version, the DPO and the retention', async () => {
    const response = await fetch(`${browser.baseUrl}${paths.privacy}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Privacy Notice');
    expect(html).toContain(`Version ${PRIVACY_NOTICE.version}`);
    expect(html).toContain('Data Protection Officer');
    expect(html).toContain('Payment proofs');

    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await openPage(page, paths.privacy);
      await page.getByRole('heading', { name: 'How long we keep it' }).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `privacy-notice-${viewport}`);
      await context.close();
    }
  });

  it('registers with the notice and one optional consent, sees it on the profile, and withdraws it', async () => {
    const { page, context } = await browser.newPage('desktop');
    const username = `privacy${randomUUID().slice(0, 8)}`;
    const email = `${username}@example.com`;
    const password = 'Field-Geologist-2026';

    await openPage(page, paths.register);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    // Without the notice the form says so on the box, and nothing is sent.
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(PRIVACY_MESSAGES.noticeRequired).waitFor();
    // The optional boxes start unticked.
    const announcements = page.getByRole('checkbox', { name: CONSENT_LABELS.announcements_email.label });
    expect(await announcements.isChecked()).toBe(false);
    expect(await page.getByRole('link', { name: 'Read the privacy notice' }).getAttribute('href')).toBe(
      paths.privacy,
    );
    await page.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }).check();
    await announcements.check();
    await saveScreenshot(page, 'privacy-register-form-desktop');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('alertdialog', { name: 'Registration Successful!' }).waitFor();

    const link = await waitForMailLink(email, /http\S+\/confirm-email\?token=\S+/);
    await page.goto(link);
    await page.getByRole('button', { name: CONFIRM_EMAIL_PAGE.button }).click();
    await page.getByText('Authentication successful!').waitFor();
    await page.waitForURL((url) => url.pathname === paths.userForms || url.pathname === '/', {
      timeout: 10_000,
    });

    const recorded = await consentsOf(page);
    expect(recorded.acceptedNoticeVersion).toBe(PRIVACY_NOTICE.version);
    expect(recorded.consents.filter((consent) => consent.given).map((consent) => consent.purpose)).toEqual([
      'privacy_notice',
      'announcements_email',
    ]);

    await openPage(page, `${paths.profile}#privacy`);
    const section = page.getByRole('region', { name: PRIVACY_MESSAGES.sectionTitle });
    const box = section.getByRole('checkbox', { name: CONSENT_LABELS.announcements_email.label });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    expect(
      await section.getByRole('checkbox', { name: CONSENT_LABELS.member_directory.label }).isChecked(),
    ).toBe(false);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'artifacts/screenshots/privacy-consent-settings-desktop.png' });

    await box.uncheck();
    await section.getByText(PRIVACY_MESSAGES.saved).waitFor();
    const after = await consentsOf(page);
    expect(after.consents.find((consent) => consent.purpose === 'announcements_email')).toMatchObject({
      given: false,
      source: 'profile',
    });
    // Read again from the server: still withdrawn.
    await page.reload();
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await context.close();

    // The same section on a phone, signed in through the API.
    const phone = await browser.newPage('phone');
    await signInByApi(phone.page, email, password);
    await openPage(phone.page, `${paths.profile}#privacy`);
    const phoneSection = phone.page.getByRole('region', { name: PRIVACY_MESSAGES.sectionTitle });
    await phoneSection.getByRole('checkbox', { name: CONSENT_LABELS.announcements_email.label }).waitFor();
    await phoneSection.scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: 'artifacts/screenshots/privacy-consent-settings-phone.png' });
    await phone.context.close();
  });
});
