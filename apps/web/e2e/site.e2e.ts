import { associationFormsPath, isSitePath, siteConfig } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navGroups } from '../src/config/navigation';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot, type Viewport } from './browser';

/** The pages this part of the site consists of; the rest of the menu arrives with later work. */
const publicPages = [
  paths.home,
  paths.about,
  paths.boardOfTrustees,
  paths.affiliations,
  paths.ronniesCorner,
  paths.mgbGuidelines,
  associationFormsPath,
  paths.membersNews,
  paths.membership,
  paths.unauthorized,
  '/no-such-page',
];
const builtPaths = new Set<string>(publicPages.slice(1, -2));

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const heading = (page: Page) => page.locator('main h1').first();

async function expectPageShown(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
  // The router changes the URL first and renders the new page in a transition right after, so
  // the previous page's heading may still be there for a moment.
  if (builtPaths.has(path)) await heading(page).filter({ hasNotText: 'Page Not Found' }).waitFor();
  else await heading(page).waitFor();
  // Every route change starts at the top of the page.
  await page.waitForFunction(() => window.scrollY === 0);
}

describe('home page', () => {
  it('shows the hero, the seeded upcoming events and the latest news', async () => {
    const { page, context } = await browser.newPage('desktop');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Building Stronger Networks, Creating Lasting Value' }).waitFor();
    await page.getByRole('link', { name: 'Become a Member Now' }).click();
    await expectPageShown(page, paths.membership);

    await page.goto('/');
    const events = page.locator('section[aria-labelledby="events-title"] article');
    await events.first().waitFor();
    expect(await events.count()).toBeGreaterThanOrEqual(1);
    expect(await events.count()).toBeLessThanOrEqual(3);
    const articles = page.locator('section[aria-labelledby="news-title"] article');
    await articles.first().waitFor();
    expect(await articles.count()).toBe(3);
    // The cards and their 'View All' links lead to pages of the site.
    for (const name of [/View Event/, /View All Events/, /Read More/, /View All News/]) {
      const hrefs = await page
        .getByRole('link', { name })
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs.length, String(name)).toBeGreaterThan(0);
      for (const href of hrefs) expect(isSitePath(href), href).toBe(true);
    }
    for (const partner of [
      'Mines and Geosciences Bureau',
      'Department of Environment and Natural Resources',
    ]) {
      await page.getByText(partner, { exact: true }).first().waitFor();
    }
    await context.close();
  });
});

describe('membership page', () => {
  it("draws the peso sign from a face of its own, without the fonts' latin-ext files", async () => {
    const { page, context } = await browser.newPage('phone');
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontFiles.push(new URL(request.url()).pathname);
    });
    await openPage(page, paths.membership);
    await page.getByText('₱').first().scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    const pesoFaces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((face) => face.status === 'loaded' && face.unicodeRange === 'U+20B1')
        .map((face) => face.family);
    });
    expect(pesoFaces).toContain('Source Serif 4 Variable');
    expect(fontFiles.filter((file) => file.includes('latin-ext'))).toEqual([]);
    await context.close();
  });
});

/**
 * Hovers a main-menu button and clicks one of its links. The header settles after the previous
 * page's scroll (it turns solid and sticky), and a hover made while it moves can miss the opening
 * menu on a loaded machine: the hover is made again, at most three times, as a person would.
 */
async function openHoverMenuAndClick(page: Page, menu: string, label: string) {
  const main = page.getByRole('navigation', { name: 'Main' });
  const link = main.getByRole('link', { name: label, exact: true });
  for (let attempt = 1; ; attempt++) {
    await main.getByRole('button', { name: menu }).hover();
    try {
      await link.click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.mouse.move(0, 0);
    }
  }
}

describe.each<Viewport>(['desktop', 'phone'])('navigation on %s', (viewport) => {
  it('reaches every page of every menu', async () => {
    const { page, context } = await browser.newPage(viewport);
    await openPage(page, '/');
    for (const group of navGroups) {
      for (const link of group.links) {
        if (viewport === 'desktop') {
          await openHoverMenuAndClick(page, group.label, link.label);
        } else {
          await page.getByRole('button', { name: /open menu/i }).click();
          await page.getByRole('dialog').getByRole('link', { name: link.label, exact: true }).click();
        }
        await expectPageShown(page, link.to);
        await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
      }
    }
    await context.close();
  });

  it('has no accessibility violation on any page', async () => {
    const { page, context } = await browser.newPage(viewport);
    for (const path of publicPages) {
      await page.goto(path);
      await heading(page).waitFor();
      // Let lists finish loading so axe sees the page a person sees.
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
      await saveScreenshot(page, `${viewport}-${name}`);
    }
    await context.close();
    // A dozen pages, each analysed by axe: longer than one journey.
  }, 180_000);
});

describe('search modal', () => {
  it('finds pages, says how many, opens the first result with Enter', async () => {
    const { page, context } = await browser.newPage('desktop');
    await openPage(page, '/about');
    await page.getByRole('button', { name: `Search ${siteConfig.acronym}` }).click();
    const dialog = page.getByRole('dialog', { name: `Search ${siteConfig.acronym}` });
    const input = dialog.getByPlaceholder('Search for pages, forms, documents...');
    await input.waitFor();

    // An empty query shows suggestions.
    await dialog.getByText('MGB forms').waitFor();

    await input.fill('   ronnie  ');
    await dialog.getByText('Found 1 result').waitFor();
    await input.press('Enter');
    await expectPageShown(page, paths.ronniesCorner);
    expect(await dialog.isVisible()).toBe(false);

    await page.getByRole('button', { name: `Search ${siteConfig.acronym}` }).click();
    await input.fill('zzqx');
    await dialog.getByText('No results found for "zzqx"').waitFor();
    await dialog.getByText('Try searching for pages, forms, or documents').waitFor();

    await input.fill('FORMS');
    await dialog.getByText(/Found \d+ results?/).waitFor();
    await dialog.getByRole('link', { name: /MGB Guidelines and Forms/ }).click();
    await expectPageShown(page, paths.mgbGuidelines);
    expect(await dialog.isVisible()).toBe(false);
    await context.close();
  });
});

describe('status pages and documents', () => {
  it('shows the not-found and unauthorized pages as worded', async () => {
    const { page, context } = await browser.newPage('desktop');
    // A real 404 for crawlers, and still the app's own not-found page for people.
    const notFound = await page.goto('/no-such-page');
    expect(notFound?.status()).toBe(404);
    await page.getByText('Page Not Found').first().waitFor();
    await page.getByText("The page you're looking for doesn't exist.").waitFor();
    expect((await page.goto(paths.unauthorized))?.status()).toBe(200);
    await page.getByText('401 Unauthorized Access').first().waitFor();
    await page.getByText("You don't have permission to access this page.").waitFor();
    await page
      .getByRole('link', { name: 'Go Back' })
      .or(page.getByRole('button', { name: 'Go Back' }))
      .waitFor();
    await context.close();
  });

  it('downloads a real PDF from the MGB page', async () => {
    const { page, context } = await browser.newPage('desktop');
    await page.goto(paths.mgbGuidelines);
    const link = page.getByRole('link', { name: /Download/ }).first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/mgb-guidelines-and-forms\/.+\.pdf$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const response = await page.request.get(href as string);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });
});
