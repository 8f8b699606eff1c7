import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { CONFIRM_EMAIL_PAGE, DELAYS_MS, PRIVACY_MESSAGES } from '@portal/shared';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, saveScreenshot, type Viewport } from './browser';
import { waitForMailLink } from './mail';

/**
 * What the newcomer's journeys (membership.e2e.ts, profile.e2e.ts) share: a fresh account made
 * through the real forms and the real outbox, pictures the server accepts, and a way to check the
 * pages that leave on their own after a delay.
 */

/** A real 64 × 64 PNG: the server decodes and re-encodes every upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAoElEQVRoge2SQQkAQRDDaiSG+lz/Yk7EPcJAIQLS0PB6mugGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr8gu1LtEN2ADqldkF+pdohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/4hw+5MZCmDFRy9QAAAABJRU5ErkJggg==',
  'base64',
);
export const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

const PASSWORD = 'Field-Geologist-2026';

/** A username no other journey uses. */
export const uniqueUsername = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`;

/**
 * Checked with axe and saved for people to look at, named by width, journey and page. A page is
 * drawn whole from its top (a full-page capture draws the fixed header where the page was scrolled
 * to); with a dialog open, the screen as it is, since the dialog sits over the part in view.
 */
export async function checkPage(page: Page, viewport: Viewport, journey: string, name: string) {
  await expectNoAxeViolations(page);
  const fileName = `${viewport}-${journey}-${name}`;
  if ((await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0) {
    await saveScreenInView(page, fileName);
    return;
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await saveScreenshot(page, fileName);
}

/** The screen as it is in view (beside saveScreenshot's whole page), under artifacts/screenshots. */
export async function saveScreenInView(page: Page, name: string) {
  await mkdir('artifacts/screenshots', { recursive: true });
  await page.screenshot({ path: `artifacts/screenshots/${name}.png` });
}

/**
 * Holds the page's timed redirects (the confirmation page's 3 s, the form's 1.5 s after success)
 * until `releaseTimedRedirects`: axe can take longer than 1.5 s on a busy machine, and a check cut
 * short by the redirect would fail or read the next page. The redirect itself still happens, when
 * released; its delay is the component tests' to check. Call before the first navigation.
 */
export async function holdTimedRedirects(page: Page) {
  await page.addInitScript(
    (delays: number[]) => {
      const held = new Map<number, () => void>();
      let nextId = -1;
      const realSetTimeout = window.setTimeout.bind(window);
      const realClearTimeout = window.clearTimeout.bind(window);
      window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
        if (typeof handler === 'function' && timeout !== undefined && delays.includes(timeout)) {
          const id = nextId--;
          held.set(id, () => handler(...args));
          return id;
        }
        return realSetTimeout(handler, timeout, ...args);
      }) as typeof window.setTimeout;
      window.clearTimeout = ((id?: number) => {
        if (id !== undefined && held.delete(id)) return;
        realClearTimeout(id);
      }) as typeof window.clearTimeout;
      Object.assign(window, {
        __releaseTimedRedirects: () => {
          const callbacks = [...held.values()];
          held.clear();
          for (const run of callbacks) run();
          return callbacks.length;
        },
      });
    },
    [DELAYS_MS.formSubmitRedirect, DELAYS_MS.emailLinkRedirect],
  );
}

/** Lets the held redirect go, and checks that the page had one waiting. */
export async function releaseTimedRedirects(page: Page) {
  const released = await page.evaluate(() =>
    (window as unknown as { __releaseTimedRedirects: () => number }).__releaseTimedRedirects(),
  );
  expect(released).toBeGreaterThan(0);
}

/**
 * /register (already open) → 'Registration Successful!' → the confirmation link from the outbox
 * → the /confirm-email page and its button → home, signed in. Checks /register and the landing with axe.
 */
export async function registerAndConfirm(page: Page, viewport: Viewport, journey: string, username: string) {
  const email = `${username}@example.com`;
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }).check();
  await checkPage(page, viewport, journey, 'register');
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Registration Successful!' });
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await page.waitForURL((url) => url.pathname === paths.login);

  const link = await waitForMailLink(email, /http\S+\/confirm-email\?token=\S+/);
  await page.goto(link);
  await checkPage(page, viewport, journey, 'confirm-email');
  await page.getByRole('button', { name: CONFIRM_EMAIL_PAGE.button }).click();
  await page.getByText('Authentication successful!').waitFor();
  await releaseTimedRedirects(page);
  await page.waitForURL((url) => url.pathname === paths.home, { timeout: 10_000 });
  return { email, password: PASSWORD };
}

/** The home page's call to a new account, checked, then followed to /user-forms. */
export async function followApplicationCall(page: Page, viewport: Viewport, journey: string) {
  const section = page.getByRole('region', { name: 'Your account is ready' });
  const call = section.getByRole('link', { name: 'Complete your membership application' });
  await call.waitFor();
  await checkPage(page, viewport, journey, 'home-new-account');
  await call.click();
  await page.waitForURL((url) => url.pathname === paths.userForms);
}

export const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
export const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { name, exact: true }).waitFor();

/**
 * Submits the application, checks the success dialog, lets its redirect go and checks home with
 * the pending bell and its panel (spec 000 §4).
 */
export async function submitAndSeeBell(page: Page, viewport: Viewport, journey: string) {
  await page.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const success = page.getByRole('alertdialog', { name: 'Update Successful!' });
  await success.getByText('You will be redirected to the homepage shortly...').waitFor();
  await checkPage(page, viewport, journey, 'form-success');
  await releaseTimedRedirects(page);
  await page.waitForURL((url) => url.pathname === paths.home, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Notifications: membership pending' }).click();
  await page.getByRole('heading', { name: 'Membership Pending' }).waitFor();
  expect(await page.getByRole('link', { name: 'Complete your membership application' }).count()).toBe(0);
  await checkPage(page, viewport, journey, 'home-pending');
  await page.keyboard.press('Escape');
}

/**
 * The signed-in user's profile as the server has it, asked from the page (same-origin, with its
 * cookies) after a refresh: the journeys run with a short access-token lifetime.
 */
export async function sessionProfile(page: Page) {
  return page.evaluate(async () => {
    await fetch('/api/auth/refresh');
    const response = await fetch('/api/auth/session');
    return (await response.json()).data.profile;
  });
}
