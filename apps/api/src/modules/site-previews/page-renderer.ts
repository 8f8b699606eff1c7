import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type ContentReads,
  SERVER_RENDERER_FILE,
  SERVER_RENDERER_FOLDER,
  SERVER_SHELL_FILE,
} from '@portal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from './service';

/**
 * Where to send a visitor instead: the page's address without the entries the API refused (a
 * hand-typed `?page=abc`).
 */
type RefusedAddress = { redirectTo: string };

/** What apps/web/src/app/render-content-page.tsx exports (docs/decisions/035). */
type RendererModule = {
  renderContentPage(
    path: string,
    reads: ContentReads,
  ): Promise<{ html: string; title: string; stateScript: string; status: 200 | 404 } | RefusedAddress | null>;
};

type LoadedRenderer = { module: RendererModule; shell: string };

/** A whole page, and its status: 404 for the 'not found' of its address. */
export type RenderedPage = { html: string; status: 200 | 404 };

export type PageRenderer = {
  /**
   * The whole HTML page of `path` (with its query string), rendered with the data `reads` answer
   * (a guest's), or the address to redirect to when the API refused entries of `path`'s query;
   * null when the web build has no renderer, no content page answers the path, or rendering
   * failed (logged). `editHead` changes the shell's head (a link preview) before the page goes in.
   */
  render(
    path: string,
    reads: ContentReads,
    log: FastifyBaseLogger,
    editHead?: (shell: string) => string,
  ): Promise<RenderedPage | RefusedAddress | null>;
};

/**
 * The server renderer of the content pages, from the built web app (WEB_DIST_DIR/server): loaded
 * once, on the first page asked for, so that a server (or a test) that renders no page never
 * loads it.
 */
export function createPageRenderer(webDistDir: string): PageRenderer {
  const folder = join(webDistDir, SERVER_RENDERER_FOLDER);
  let loading: Promise<LoadedRenderer | null> | undefined;

  const load = async (): Promise<LoadedRenderer | null> => {
    const moduleFile = join(folder, SERVER_RENDERER_FILE);
    const shellFile = join(folder, SERVER_SHELL_FILE);
    if (!existsSync(moduleFile) || !existsSync(shellFile)) return null;
    const module = (await import(pathToFileURL(moduleFile).href)) as RendererModule;
    return { module, shell: readFileSync(shellFile, 'utf8') };
  };

  return {
    async render(path, reads, log, editHead = (shell) => shell) {
      try {
        // A module that failed to load is tried again on the next page.
        loading ??= load().catch((error) => {
          loading = undefined;
          throw error;
        });
        const renderer = await loading;
        if (!renderer) return null;
        const page = await renderer.module.renderContentPage(path, reads);
        if (!page || 'redirectTo' in page) return page;
        // Replaced by functions: the page's text may hold `$&` and the like. The head is edited
        // before the page goes in: every edit of the whole page would copy all of it again.
        const head = editHead(
          renderer.shell.replace(
            /<title>[\s\S]*?<\/title>/,
            () => `<title>${escapeHtml(page.title)}</title>`,
          ),
        );
        const html = head.replace(
          '<div id="root"></div>',
          () => `<div id="root">${page.html}</div>${page.stateScript}`,
        );
        return { html, status: page.status };
      } catch (error) {
        log.error({ err: error, path }, 'Rendering the page failed; answering with the app shell');
        return null;
      }
    },
  };
}
