import {
  CONFIRM_EMAIL_CHANGE_MESSAGES,
  PROFILE_MESSAGES,
  SESSION_ERRORS,
  SESSION_EXPIRED,
  SESSION_MESSAGES,
  UNDO_EMAIL_CHANGE_MESSAGES,
} from '@portal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot, type Viewport } from './browser';
import { waitForMailLink } from './mail';
import { createConfirmedMember, signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The other browser signs in as a phone would: its session is listed as "Safari on iOS". */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each<Viewport>(['desktop', 'phone'])(
  'sessions and the e-mail change on %s (docs/product-rules.md "Accounts")',
  { timeout: 120_000 },
  (viewport) => {
    it('signs the other browser out from the profile; its next action lands signed out', async () => {
      const member = await createConfirmedMember(browser.baseUrl, 'sessions');
      const other = await browser.newPage('phone');
      await signInByApi(other.page, member.email, member.password, { 'user-agent': IPHONE });
      await openPage(other.page, paths.profile);
      await other.page.getByRole('region', { name: 'Membership Details' }).waitFor();

      const { page, context } = await browser.newPage(viewport);
      await signInByApi(page, member.email, member.password);
      await openPage(page, paths.profile);
      const section = page.getByRole('region', { name: "Where you're signed in" });
      const phoneRow = section.getByRole('listitem').filter({ hasText: 'Safari on iOS' });
      await phoneRow.waitFor();
      await section.getByRole('listitem').filter({ hasText: 'This device' }).waitFor();
      await section.getByRole('button', { name: 'Sign out of all other sessions' }).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `sessions-list-${viewport}`);

      await phoneRow.getByRole('button', { name: /^Sign out Safari on iOS/ }).click();
      await page.getByRole('alertdialog').getByText(SESSION_MESSAGES.signedOut).waitFor();
      await expect.poll(() => phoneRow.count()).toBe(0);
      await context.close();

      // The phone's access token has minutes left; the server refuses it anyway, the refresh
      // fails, and the app says the session ended.
      await other.page.reload();
      const expired = other.page.getByRole('alertdialog', { name: SESSION_EXPIRED.title });
      await expired.getByText(SESSION_EXPIRED.modalText).waitFor();
      await expired.getByRole('button', { name: 'Okay' }).click();
      await other.page.waitForURL((url) => url.pathname === paths.login);
      await other.context.close();
    });

    it('an e-mail change notifies the old address; its page undoes it only when the button is pressed', async () => {
      const member = await createConfirmedMember(browser.baseUrl, 'undo');
      const { page, context } = await browser.newPage(viewport);
      await signInByApi(page, member.email, member.password);
      const newEmail = `moved-${member.username}@e2e.example`;
      const requested = await page.request.post('/api/users/change-email', {
        data: { email: newEmail, currentPassword: member.password },
      });
      expect(requested.status()).toBe(200);
      const confirm = await waitForMailLink(newEmail, /http\S+\/confirm-email-change\?token=\S+/);
      // The link opens a page; the address changes when its button is pressed (decision 075).
      await openPage(page, new URL(confirm).pathname + new URL(confirm).search);
      await page.getByRole('heading', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.title }).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `confirm-email-change-${viewport}`);
      await page.getByRole('button', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.button }).click();
      await page.getByRole('status').getByText(PROFILE_MESSAGES.emailChanged).waitFor();

      const undoLink = await waitForMailLink(member.email, /http\S+\/undo-email-change\?token=\S+/);
      const visitor = await browser.newPage(viewport);
      await openPage(visitor.page, new URL(undoLink).pathname + new URL(undoLink).search);
      await visitor.page.getByRole('heading', { name: UNDO_EMAIL_CHANGE_MESSAGES.title }).waitFor();
      await expectNoAxeViolations(visitor.page);
      await saveScreenshot(visitor.page, `undo-email-change-${viewport}`);
      // Opening the page sent nothing: the button below still finds the link unused.

      await visitor.page.getByRole('button', { name: UNDO_EMAIL_CHANGE_MESSAGES.button }).click();
      await visitor.page
        .getByRole('status')
        .getByText(UNDO_EMAIL_CHANGE_MESSAGES.done(member.email))
        .waitFor();
      await visitor.page.getByRole('link', { name: UNDO_EMAIL_CHANGE_MESSAGES.resetPassword }).waitFor();
      await expectNoAxeViolations(visitor.page);
      await saveScreenshot(visitor.page, `undo-email-change-done-${viewport}`);
      // Every session of the account ended: the signed-in browser cannot renew its session.
      const renewal = await page.request.get('/api/auth/refresh');
      expect(await renewal.text()).toContain(SESSION_ERRORS.refreshFailed);

      await visitor.page.getByRole('link', { name: UNDO_EMAIL_CHANGE_MESSAGES.resetPassword }).click();
      await visitor.page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await visitor.context.close();
      await context.close();
    });
  },
);
