import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { serverUnderTest } from './server-under-test';

/**
 * The flags Debian's Chromium needs on a machine with no network
 * (docs/architecture.md "Traps of the stack").
 */
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const viewports = {
  desktop: { width: 1440, height: 900 },
  /** A common laptop: with the admin sidebar, what the admin tables must fit. */
  laptop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type Viewport = keyof typeof viewports;

/** One Chromium per test file; each test opens its own context (fresh storage). */
export async function launchBrowser() {
  // Playwright gives every launch a fresh, temporary profile of its own.
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  const { baseUrl } = serverUnderTest();
  return {
    baseUrl,
    async newPage(viewport: Viewport = 'desktop'): Promise<{ page: Page; context: BrowserContext }> {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: viewports[viewport],
        isMobile: viewport === 'phone',
        hasTouch: viewport === 'phone',
        timezoneId: 'Asia/Manila',
      });
      const page = await context.newPage();
      await recordPolicyViolations(page);
      return { page, context };
    },
    close: () => browser.close(),
  };
}

/**
 * Opens a page and waits until the app has started on it. A prerendered page is on screen before
 * its script has run (docs/decisions/015); links work at once, menus and dialogs only then.
 */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.locator('#root[data-app-started]').waitFor({ state: 'attached' });
}

/**
 * Collects the page's Content-Security-Policy violations (the `securitypolicyviolation` event),
 * from the first script on, in every document the page loads.
 */
async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __policyViolations: violations });
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/**
 * Fails on any accessibility violation axe finds, whatever its impact, naming each one, and on any
 * Content-Security-Policy violation the page has reported so far (a blocked script or image is
 * a defect, even when the page still looks right).
 */
export async function expectNoAxeViolations(page: Page) {
  const violations = await page.evaluate(
    () => (window as unknown as { __policyViolations?: string[] }).__policyViolations ?? [],
  );
  expect(violations).toEqual([]);
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(found).toEqual([]);
}

/**
 * Waits for the page's finite animations and transitions to end. Measured mid-fade, a dialog's
 * text blends with what is behind it and axe reports a contrast failure no reader ever sees.
 */
async function waitForAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** A full-page screenshot under artifacts/screenshots (git-ignored), for people to look at. */
export async function saveScreenshot(page: Page, name: string) {
  await mkdir('artifacts/screenshots', { recursive: true });
  // A full-page capture shows the page as a reader who scrolled through it sees it: sections
  // below the fold are drawn only as they near the viewport (`below-the-fold` in styles.css), and
  // list images load lazily. Draw the sections, then load the images.
  await page.evaluate(() => {
    for (const section of document.querySelectorAll<HTMLElement>('.below-the-fold')) {
      section.style.contentVisibility = 'visible';
    }
    for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) {
      image.loading = 'eager';
    }
  });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `artifacts/screenshots/${name}.png`, fullPage: true });
}
