import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ContentReads, isSitePath, sitePaths } from '@portal/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { type Storage, UPLOADS_CACHE_CONTROL } from '../../lib/storage';
import { NOT_STORED, SHARED_FOR_A_MINUTE, SHARED_FOR_ONE_MINUTE_ONLY } from '../../plugins/access';
import { certificateReads } from '../cpd';
import { cardReads, verifyRateLimit } from '../member-cards';
import { guestContentReads, RefusedInput } from './content-reads';
import { createPageRenderer } from './page-renderer';
import {
  articlePreview,
  buildNewsFeed,
  contentSitemapEntries,
  directoryEntryPreview,
  directoryPreview,
  eventPreview,
  LINK_PREVIEW_IMAGES_PATH,
  type LinkPreview,
  NEWS_FEED_PATH,
  withLinkPreview,
  withPageTags,
} from './service';

/** Public pages listed in the sitemap: the routes of spec 000 §2 that anyone can open (when built). */
const sitemapPaths = [
  sitePaths.home,
  sitePaths.about,
  sitePaths.boardOfTrustees,
  sitePaths.affiliations,
  sitePaths.membership,
  sitePaths.ronniesCorner,
  sitePaths.privacy,
  sitePaths.mgbGuidelines,
  sitePaths.associationForms,
  sitePaths.membersNews,
  sitePaths.news,
  sitePaths.events,
  sitePaths.directory,
];

/**
 * The addresses for machines beside the web app (plugins/web-app.ts): the RSS feed, the sitemap
 * with the published articles and events, and the content pages: /events, /news and the article
 * and event pages, rendered with their data (docs/decisions/035), the last two with their link
 * preview in the HTML itself (crawlers run no script). Registered after the web app, whose
 * not-found handler answers what these leave.
 */
export async function sitePreviewRoutes(
  app: FastifyInstance,
  { config, db, storage }: { config: Config; db: Db; storage: Storage },
) {
  // A JPEG copy of an uploaded WebP image, for the link previews of apps that read no WebP
  // (LinkedIn, some messengers): made from the stored file when asked, at its size. The name is
  // the upload's, which never gets other content, so caches may keep it a year like the upload.
  app.get<{ Params: { name: string } }>(
    `${LINK_PREVIEW_IMAGES_PATH}/:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const notFound = () => reply.status(404).send({ error: 'Not found', code: 'not_found' });
      const key = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/.exec(
        request.params.name,
      )?.[1];
      if (!key) return notFound();
      const file = await storage.read(`/uploads/${key}.webp`);
      if (!file) return notFound();
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(chunk as Buffer);
      // Loaded with the first image, as lib/images.ts does: libvips is memory an idle server
      // need not hold (docs/decisions/035).
      const { default: sharp } = await import('sharp');
      const jpeg = await sharp(Buffer.concat(chunks))
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 82 })
        .toBuffer();
      return reply.type('image/jpeg').header('cache-control', UPLOADS_CACHE_CONTROL).send(jpeg);
    },
  );

  app.get(NEWS_FEED_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await buildNewsFeed(db, config)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const pages = sitemapPaths
      .filter((path) => isSitePath(path))
      .map((path) => `  <url><loc>${config.publicUrl}${path}</loc></url>`);
    const content = (await contentSitemapEntries(db)).map(
      (entry) =>
        `  <url><loc>${config.publicUrl}${entry.path}</loc><lastmod>${entry.lastModified.toISOString()}</lastmod></url>`,
    );
    const urls = [...pages, ...content].join('\n');
    return reply
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  const shellFile = join(config.webDistDir, 'index.html');
  const shell = existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : null;
  const reads = guestContentReads(db);
  const renderer = createPageRenderer(config.webDistDir);
  // A rendered content page is the same for every reader (docs/decisions/035): caches may share
  // it. The plain shell (a 404, or a read that failed) is asked again each time.
  const sendPage = (reply: FastifyReply, status: number, html: string, cacheControl: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
  const sharedIfRendered = (rendered: boolean) => (rendered ? SHARED_FOR_A_MINUTE : 'no-cache');

  // The lists are rendered with their data (docs/decisions/035); the plain shell when they cannot be.
  // An address with entries the API refuses (`?page=abc`) is sent to the same page without them.
  for (const path of [sitePaths.events, sitePaths.news]) {
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      if (shell === null) return reply.callNotFound();
      const withTags = (head: string) => withPageTags(head, config, path);
      const page = await renderer.render(request.url, reads, request.log, withTags);
      if (page && 'redirectTo' in page) return reply.redirect(page.redirectTo);
      return sendPage(reply, 200, page?.html ?? withTags(shell), sharedIfRendered(page !== null));
    });
  }

  // A card's verification page (docs/product-rules.md "Membership card"), rendered with its data;
  // a token no card has is the same page with 404. A wildcard rather than `:token`: the router
  // gives up on parameters over 100 characters, and a very long token must get the same page, the
  // same lookup (member-cards/tokens.ts) and the same rate limit as any other.
  app.get<{ Params: { '*': string } }>(
    `${sitePaths.verify}/*`,
    { schema: { hide: true }, config: { rateLimit: verifyRateLimit(config) } },
    async (request, reply) => {
      if (shell === null) return reply.callNotFound();
      const token = request.params['*'];
      // More segments are no page of the app (its own not-found page, from the shell), and a token
      // the API route refuses (control characters) has no page to render; both are looked up like
      // any other token first (member-cards/tokens.ts), so they answer in the same time.
      // A card's standing is live and names a member: no cache keeps it.
      if (token.includes('/') || !cardReads.verify.input.safeParse({ token }).success) {
        await cardReads.verify.answer(db, { token }, null);
        return sendPage(reply, 404, shell, NOT_STORED);
      }
      const page = await renderer.render(sitePaths.verifyCard(token), reads, request.log);
      if (page && 'html' in page) return sendPage(reply, page.status, page.html, NOT_STORED);
      // No renderer (or it failed): the shell, with the status the API's answer gives.
      const { data } = await cardReads.verify.answer(db, { token }, null);
      return sendPage(reply, data.standing === 'not_found' ? 404 : 200, shell, NOT_STORED);
    },
  );

  // A CPD certificate's verification page (docs/product-rules.md "CPD certificates"), rendered
  // with its data, standing alone as a card's page does (decision 043); an unknown number is the
  // same page with 404. A certificate may be revoked at any time: no cache keeps the page. The
  // address carries the certificate's code; its printed number is not found (decision 066).
  app.get<{ Params: { code: string } }>(
    `${sitePaths.certificatesVerify}/:code`,
    { schema: { hide: true }, config: { rateLimit: verifyRateLimit(config) } },
    async (request, reply) => {
      if (shell === null) return reply.callNotFound();
      const { code } = request.params;
      if (!certificateReads.verify.input.safeParse({ code }).success) {
        return sendPage(reply, 404, shell, NOT_STORED);
      }
      const page = await renderer.render(sitePaths.verifyCertificate(code), reads, request.log);
      if (page && 'html' in page) return sendPage(reply, page.status, page.html, NOT_STORED);
      const { data } = await certificateReads.verify.answer(db, { code }, null);
      return sendPage(reply, data.status === 'not_found' ? 404 : 200, shell, NOT_STORED);
    },
  );

  /**
   * An article's or an event's page: the record read once, as a guest (`read`), for both its link
   * preview and the page, which is rendered from that answer (`readsWith`: the reads with this
   * record's already answered; any other the page may read is read as usual). An id no published
   * record has (or none can have) gets the plain shell with 404: the app still renders its 'not
   * found' text, and crawlers see the status.
   */
  const recordPage = <Answer>(
    path: string,
    read: (id: string) => Promise<Answer>,
    readsWith: (id: string, answer: Answer) => ContentReads,
    previewOf: (answer: Answer) => Promise<LinkPreview>,
  ) =>
    app.get<{ Params: { id: string } }>(path, { schema: { hide: true } }, async (request, reply) => {
      if (shell === null || !isSitePath(request.url.split('?')[0] ?? '')) return reply.callNotFound();
      const answer = await read(request.params.id).catch((error: unknown) => {
        if (error instanceof RefusedInput || (error instanceof AppError && error.statusCode === 404))
          return null;
        throw error;
      });
      if (answer === null) return sendPage(reply, 404, shell, 'no-cache');
      const preview = await previewOf(answer);
      const withPreview = (page: string) => withLinkPreview(page, preview);
      // Their pages read no query: the renderer never sends them elsewhere.
      const page = await renderer.render(
        request.url,
        readsWith(request.params.id, answer),
        request.log,
        withPreview,
      );
      const html = page && 'html' in page ? page.html : null;
      return sendPage(reply, 200, html ?? withPreview(shell), sharedIfRendered(html !== null));
    });
  // The member directory (docs/decisions/072): the guest's page, public fields only, kept by
  // caches one minute and not served stale, so a withdrawn entry leaves it within the minute.
  app.get(sitePaths.directory, { schema: { hide: true } }, async (request, reply) => {
    if (shell === null) return reply.callNotFound();
    const page = await renderer.render(request.url, reads, request.log, (html) =>
      withLinkPreview(html, directoryPreview(config)),
    );
    if (page && 'redirectTo' in page) return reply.redirect(page.redirectTo);
    return sendPage(reply, 200, page?.html ?? shell, page ? SHARED_FOR_ONE_MINUTE_ONLY : 'no-cache');
  });
  app.get<{ Params: { id: string } }>(
    `${sitePaths.directory}/:id`,
    { schema: { hide: true } },
    async (request, reply) => {
      if (shell === null || !isSitePath(request.url.split('?')[0] ?? '')) return reply.callNotFound();
      const answer = await reads.getDirectoryEntry(request.params.id).catch((error: unknown) => {
        if (error instanceof RefusedInput || (error instanceof AppError && error.statusCode === 404))
          return null;
        throw error;
      });
      if (answer === null) return sendPage(reply, 404, shell, 'no-cache');
      const withPreview = (html: string) => withLinkPreview(html, directoryEntryPreview(config, answer.data));
      const page = await renderer.render(
        request.url,
        {
          ...reads,
          getDirectoryEntry: async (asked) =>
            asked === request.params.id ? answer : reads.getDirectoryEntry(asked),
        },
        request.log,
        withPreview,
      );
      const html = page && 'html' in page ? page.html : null;
      return sendPage(reply, 200, html ?? withPreview(shell), html ? SHARED_FOR_ONE_MINUTE_ONLY : 'no-cache');
    },
  );

  recordPage(
    `${sitePaths.news}/:id`,
    reads.getNews,
    (id, answer) => ({ ...reads, getNews: async (asked) => (asked === id ? answer : reads.getNews(asked)) }),
    (answer) => articlePreview(db, config, answer.data),
  );
  recordPage(
    `${sitePaths.events}/:id`,
    reads.getEvent,
    (id, answer) => ({
      ...reads,
      getEvent: async (asked) => (asked === id ? answer : reads.getEvent(asked)),
    }),
    (answer) => eventPreview(db, config, answer.data),
  );
}
