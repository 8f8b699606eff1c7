import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_RENDERER_FILE, SERVER_RENDERER_FOLDER, SERVER_SHELL_FILE } from '@portal/shared';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify';
import { escapeHtml } from './service';

/** What apps/web/src/app/render-with-data.tsx exports (docs/decisions/030). */
type RendererModule = {
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  renderWithData(path: string): Promise<{ html: string; title: string; dataScript: string } | null>;
};

type LoadedRenderer = { module: RendererModule; shell: string };

export type PageRenderer = {
  /**
   * The whole HTML page of `path` (with its query string), rendered with its data as a guest sees
   * it; null when the web build has no renderer, the page cannot be rendered so (an unknown
   * record, a failed call), or rendering failed (logged).
   */
  render(path: string, log: FastifyBaseLogger): Promise<string | null>;
};

/**
 * The server renderer of the content pages, from the built web app (WEB_DIST_DIR/server): loaded
 * once, on the first page asked for, so that a server (or a test) that renders no page never
 * loads it. Its API calls go into `app` in-process (`inject`) as a guest: no cookies, so the HTML
 * is the same for every visitor, and the client fetches the viewer's own version after it starts.
 */
export function createPageRenderer(app: FastifyInstance, webDistDir: string): PageRenderer {
  const folder = join(webDistDir, SERVER_RENDERER_FOLDER);
  let loading: Promise<LoadedRenderer | null> | undefined;

  const load = async (): Promise<LoadedRenderer | null> => {
    const moduleFile = join(folder, SERVER_RENDERER_FILE);
    const shellFile = join(folder, SERVER_SHELL_FILE);
    if (!existsSync(moduleFile) || !existsSync(shellFile)) return null;
    const module = (await import(pathToFileURL(moduleFile).href)) as RendererModule;
    module.setApiTransport(async (url, init) => {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as InjectOptions['method'],
        url,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        payload: typeof init.body === 'string' ? init.body : undefined,
      });
      const contentType = answer.headers['content-type'];
      return new Response(answer.statusCode === 204 ? null : answer.body, {
        status: answer.statusCode,
        headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
      });
    });
    return { module, shell: readFileSync(shellFile, 'utf8') };
  };

  return {
    async render(path, log) {
      try {
        // A module that failed to load is tried again on the next page.
        loading ??= load().catch((error) => {
          loading = undefined;
          throw error;
        });
        const renderer = await loading;
        if (!renderer) return null;
        const page = await renderer.module.renderWithData(path);
        if (!page) return null;
        // Replaced by functions: the page's text may hold `$&` and the like.
        return renderer.shell
          .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
          .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.dataScript}`);
      } catch (error) {
        log.error({ err: error, path }, 'Rendering the page failed; answering with the app shell');
        return null;
      }
    },
  };
}
