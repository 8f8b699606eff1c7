import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { XSS_MARKER, XSS_PAYLOADS } from '../../api/src/test/xss-payloads';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/**
 * A dialog as the reader sees it: the viewport only. A full-page capture of a taller page shows
 * the dialog's fixed backdrop covering the first screen only, which no reader ever sees.
 */
async function saveDialogScreenshot(page: Page, name: string) {
  await mkdir('artifacts/screenshots', { recursive: true });
  await page.screenshot({ path: `artifacts/screenshots/${name}.png` });
}

const title = `Nickel shipments double in Surigao ${Date.now().toString(36)}`;
let articleId = '';

describe('news, end to end', () => {
  it('an admin creates an article with three uploads and a URL, reorders, previews and publishes it', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(paths.adminNews);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-news-desktop');

    await page.getByRole('button', { name: 'Create News' }).click();
    const form = page.getByRole('dialog', { name: 'Create News Article' });
    // Nothing filled: the spec's alert, and nothing is sent.
    await form.getByRole('button', { name: 'Create Article' }).click();
    await form.getByRole('alert').getByText('Please fill in all required fields').waitFor();

    await form.getByLabel('Title *').fill(title);
    await form.getByLabel('Description').fill('Third-quarter shipments of nickel ore from Surigao doubled.');
    await form.getByLabel('Author *').fill('Maria Santos');
    await form.getByRole('textbox', { name: 'Content *' }).click();
    await page.keyboard.type('Shipments of laterite ore doubled in the third quarter.');
    await form.getByLabel('Upload images').setInputFiles([
      { name: 'one.jpg', mimeType: 'image/jpeg', buffer: await photo(40, 90, 80) },
      { name: 'two.jpg', mimeType: 'image/jpeg', buffer: await photo(160, 110, 40) },
      { name: 'three.jpg', mimeType: 'image/jpeg', buffer: await photo(90, 60, 140) },
    ]);
    await form.getByLabel('Image URL').fill('  https://images.example.org/surigao-port.jpg  ');
    await form.getByRole('button', { name: 'Add URL' }).click();
    const items = form.getByRole('list', { name: 'Gallery images' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(4);
    // The photo 'three.jpg' becomes the card image.
    await form.getByRole('button', { name: 'Move image 3 up' }).click();
    await form.getByRole('button', { name: 'Move image 2 up' }).click();
    await expect.poll(() => items.first().textContent()).toContain('three.jpg');
    await expectNoAxeViolations(page);
    await saveDialogScreenshot(page, 'admin-news-form-desktop');
    // Access tokens live 5 s here: the first try may be refused and repeated after a refresh.
    const created = page.waitForResponse(
      (response) => response.url().includes('/api/news/admin/create-news') && response.status() !== 401,
    );
    await form.getByRole('button', { name: 'Create Article' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { data } = await response.json();
    articleId = data.id;
    expect(data.status).toBe('draft');
    expect(data.image_gallery).toHaveLength(4);
    expect(data.image_gallery[3]).toBe('https://images.example.org/surigao-port.jpg');
    await form.waitFor({ state: 'detached' });

    // Preview, then publish through the edit dialog.
    await page.getByRole('button', { name: `Preview ${title}` }).click();
    const preview = page.getByRole('dialog', { name: 'Article Preview' });
    await preview.getByText('1 / 4').waitFor();
    await preview.getByRole('button', { name: 'Next image' }).click();
    await preview.getByText('2 / 4').waitFor();
    await expectNoAxeViolations(page);
    await saveDialogScreenshot(page, 'admin-news-preview-desktop');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit News Article' });
    await edit.getByRole('list', { name: 'Gallery images' }).waitFor();
    await edit.getByRole('textbox', { name: 'Content *' }).waitFor();
    await expectNoAxeViolations(page);
    await edit.getByLabel('Status').selectOption('published');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    // Read as a guest reads it: published, it is public. (The page's own session may be between
    // two of the journeys' 5-second access tokens, which would answer 401.)
    const article = await (await fetch(`${browser.baseUrl}/api/news/get-news/${articleId}`)).json();
    expect(article.data.status).toBe('published');
    expect(article.data.image_gallery).toEqual(data.image_gallery);
    await context.close();
    // Three photos processed, the editor's chunk loaded, three dialogs: slow on a shared machine.
  }, 180_000);

  it('a guest reads it from the home page (a view), likes it, still likes it after a reload, unlikes it', async () => {
    const { page, context } = await browser.newPage('desktop');
    const views = async () =>
      (await (await page.request.get(`/api/news/get-news/${articleId}`)).json()).data.views;
    await openPage(page, paths.home);
    const before = await views();
    const card = page.locator('article', { has: page.getByRole('heading', { name: title }) });
    await card.getByRole('link', { name: /Read More/ }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(paths.newsArticle(articleId));
    await expect.poll(views).toBe(before + 1);

    await page.getByText('1 / 4').waitFor();
    await page.getByRole('heading', { name: 'Image Gallery (4)' }).waitFor();
    const like = page.getByRole('button', { name: /Like this article \(0 likes\)/ });
    await like.click();
    await page.getByRole('button', { name: 'Unlike this article (1 like)' }).waitFor();
    await page.reload();
    const unlike = page.getByRole('button', { name: 'Unlike this article (1 like)' });
    await unlike.waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'news-article-desktop');
    await unlike.click();
    await page.getByRole('button', { name: 'Like this article (0 likes)' }).waitFor();

    // The lightbox: arrow keys, Escape, focus back on the opener.
    await page.getByRole('button', { name: 'View full screen' }).click();
    const lightbox = page.getByRole('dialog', { name: title });
    await lightbox.getByText('1 / 4').waitFor();
    await page.keyboard.press('ArrowRight');
    await lightbox.getByText('2 / 4').waitFor();
    await expectNoAxeViolations(page);
    await saveDialogScreenshot(page, 'news-lightbox-desktop');
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    // Radix gives focus back in a timeout after the dialog leaves the page, so wait for it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('View full screen');
    await context.close();
  });

  it('the feed lists it and the page carries its link preview', async () => {
    const { page, context } = await browser.newPage('desktop');
    const feed = await page.request.get('/rss.xml');
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    expect(await feed.text()).toContain(title);
    const html = await (await page.request.get(paths.newsArticle(articleId))).text();
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\/[^"]+\.webp" \/>/,
    );
    await openPage(page, paths.news);
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href')).toBe(
      '/rss.xml',
    );
    await context.close();
  });

  it('the list and the article arrive with it in their HTML, and an address the API refuses loses its bad entries', async () => {
    // docs/decisions/035: rendered by the server with their data.
    const { page, context } = await browser.newPage('desktop');
    for (const path of [`${paths.news}?search=${encodeURIComponent(title)}`, paths.newsArticle(articleId)]) {
      const html = await (await page.request.get(path)).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect([path, root.includes(title)]).toEqual([path, true]);
      expect(html).toContain('<script type="application/json" id="dehydrated-state">');
    }
    // A hand-typed entry the API refuses: the server sends the same list without it (a redirect,
    // so the browser's first render reads the address the server rendered).
    const refused = `${paths.news}?page=0&search=${encodeURIComponent(title)}`;
    const redirect = await page.request.get(refused, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    await openPage(page, refused);
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    expect(new URL(page.url()).searchParams.get('search')).toBe(title);
    await page.getByRole('heading', { name: title }).waitFor();
    await context.close();
  });

  it('shows /news, an article and its lightbox on a phone, accessible', async () => {
    const { page, context } = await browser.newPage('phone');
    await openPage(page, paths.news);
    await page.getByRole('heading', { name: title }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'news-list-phone');
    await openPage(page, paths.newsArticle(articleId));
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('1 / 4').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'news-article-phone');
    await page.getByRole('button', { name: 'View full screen' }).click();
    const lightbox = page.getByRole('dialog', { name: title });
    await lightbox.getByText('1 / 4').waitFor();
    await lightbox.getByRole('button', { name: 'Next image' }).click();
    await lightbox.getByText('2 / 4').waitFor();
    await expectNoAxeViolations(page);
    await saveDialogScreenshot(page, 'news-lightbox-phone');
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    const desktop = await browser.newPage('desktop');
    await openPage(desktop.page, paths.news);
    await desktop.page.getByRole('heading', { name: title }).waitFor();
    await saveScreenshot(desktop.page, 'news-list-desktop');
    await desktop.context.close();
    await context.close();
  }, 120_000);

  it('the admin news manager and its form on a phone, accessible', async () => {
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    await page.goto(paths.adminNews);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    await page.getByText(title).first().waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'admin-news-phone');
    await page
      .getByRole('button', { name: `Edit ${title}` })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit News Article' });
    await edit.getByRole('list', { name: 'Gallery images' }).waitFor();
    await edit.getByRole('textbox', { name: 'Content *' }).waitFor();
    await expectNoAxeViolations(page);
    await saveDialogScreenshot(page, 'admin-news-form-phone');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);

  it('renders the XSS corpus as inert content: no script runs, no dialog opens', async () => {
    const { page, context } = await browser.newPage('desktop');
    await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
    const created = await page.request.post('/api/news/admin/create-news', {
      multipart: {
        title: 'XSS corpus',
        author: 'Security',
        status: 'published',
        content: `<p>Every payload below is inert.</p>${XSS_PAYLOADS.join('\n')}`,
      },
    });
    expect(created.status()).toBe(201);
    const { data } = await created.json();
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await openPage(page, paths.newsArticle(data.id));
    await page.getByText('Every payload below is inert.').waitFor();
    await page.waitForTimeout(1_000);
    expect(
      await page.evaluate((marker) => (window as unknown as Record<string, unknown>)[marker], XSS_MARKER),
    ).toBe(undefined);
    expect(dialogs).toEqual([]);
    await page.request.delete(`/api/news/admin/delete-news/${data.id}`);
    await context.close();
  });
});
