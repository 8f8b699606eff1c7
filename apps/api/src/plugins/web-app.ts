import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  isSitePath,
  PRERENDERED_PAGES_FOLDER,
  prerenderedPagePath,
  SERVER_RENDERER_FOLDER,
} from '@portal/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { InvalidStoragePathError, type Storage, UPLOADS_CACHE_CONTROL } from '../lib/storage';

const ONE_YEAR_SECONDS = 31_536_000;

type WebAppOptions = {
  config: Config;
  storage: Storage;
  /**
   * Edits a prerendered page's HTML (at its path) once, when the server starts: the link tags only
   * the server can write, since they hold PUBLIC_URL (modules/site-previews `withPageTags`).
   */
  editPrerenderedPage?: (html: string, path: string) => string;
};

/** The pages the web build prerendered (docs/decisions/015), by path: '/about' → 'about.html'. */
function readPrerenderedPages(folder: string) {
  const files = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.html')) : [];
  return new Map(files.map((file) => [prerenderedPagePath(file), file]));
}

/**
 * Everything that is not the API: the built single-page app (its prerendered pages, and the
 * empty shell as the history fallback), uploaded images and robots.txt (the sitemap, the feed and
 * the article and event pages with their link previews are modules/site-previews). Its
 * `reply.sendFile` also serves the static documents (modules/documents).
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, { config, storage, editPrerenderedPage }: WebAppOptions) => {
    const webAppBuilt = existsSync(join(config.webDistDir, 'index.html'));
    const pagesDir = join(config.webDistDir, PRERENDERED_PAGES_FOLDER);
    const prerenderedPages = readPrerenderedPages(pagesDir);

    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // A page is served at its own path only (below), never as /pages/about.html; the server
      // renderer (modules/site-previews) is the server's own code, not the public's.
      globIgnore: [`${PRERENDERED_PAGES_FOLDER}/**`, `${SERVER_RENDERER_FOLDER}/**`],
      // Vite puts content hashes in everything under /assets, so those never change; the HTML
      // (shell and prerendered pages) must always be revalidated or a deploy would keep serving
      // old asset names.
      setHeaders: (reply, filePath) => {
        const cacheControl = filePath.startsWith(join(config.webDistDir, 'assets'))
          ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
          : filePath.endsWith('.html')
            ? 'no-cache'
            : 'public, max-age=3600';
        (reply as unknown as FastifyReply).header('cache-control', cacheControl);
      },
    });

    // Uploads are read through the storage module, from the folder or the bucket alike, so their
    // addresses do not depend on where they are kept (docs/decisions/027). Their names are random
    // and never get other content: the name is the validator, and caches may keep them a year.
    app.get<{ Params: { name: string } }>(
      '/uploads/:name',
      { schema: { hide: true } },
      async (request, reply) => {
        const notFound = () => reply.status(404).send({ error: 'Not found', code: 'not_found' });
        const etag = `"${request.params.name}"`;
        let file: Awaited<ReturnType<Storage['read']>>;
        try {
          file = await storage.read(`/uploads/${request.params.name}`);
        } catch (error) {
          if (error instanceof InvalidStoragePathError) return notFound();
          throw error;
        }
        if (!file) return notFound();
        reply.header('cache-control', UPLOADS_CACHE_CONTROL).header('etag', etag).type(file.contentType);
        if (request.headers['if-none-match'] === etag) {
          file.body.destroy();
          return reply.status(304).send();
        }
        if (file.byteSize !== undefined) reply.header('content-length', file.byteSize);
        return reply.send(file.body);
      },
    );

    // A prerendered page paints before its script has loaded. Routes of their own, not the
    // fallback below, so that they are compressed like every other route.
    for (const [path, file] of prerenderedPages) {
      if (!editPrerenderedPage) {
        app.get(path, { schema: { hide: true } }, async (_request, reply) => reply.sendFile(file, pagesDir));
        continue;
      }
      // Edited once and kept: a page is a few tens of kilobytes, and the same until the next build.
      const html = editPrerenderedPage(readFileSync(join(pagesDir, file), 'utf8'), path);
      app.get(path, { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
      );
    }

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain')
        .send(`User-agent: *\nDisallow: /admin\nDisallow: /api/\nSitemap: ${config.publicUrl}/sitemap.xml\n`),
    );

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      // A known address asked with a method it does not take (PATCH, OPTIONS…) is a 405, not a 404.
      const allowed = app.allowedMethods(path);
      // (A route of this method that found nothing, a missing upload say, is a plain 404.)
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        return reply
          .status(405)
          .header('allow', allowed.join(', '))
          .send({ error: 'Method not allowed', code: 'method_not_allowed' });
      }
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      const isFile = path.startsWith('/uploads/') || /\.[a-z0-9]+$/i.test(path);
      if (path.startsWith('/api/') || path === '/api' || !wantsPage || isFile) {
        return reply.status(404).send({ error: 'Not found', code: 'not_found' });
      }
      if (!webAppBuilt) {
        return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
      }
      // The app renders every address, its not-found page included; the status tells crawlers and
      // links checkers which addresses are pages (SITE_ROUTES, the routes the web router declares).
      return reply.status(isSitePath(path) ? 200 : 404).sendFile('index.html');
    });
  },
);
