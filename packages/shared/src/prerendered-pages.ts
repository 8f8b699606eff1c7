/**
 * The web build prerenders the public pages to static HTML (docs/decisions/015), one file per path
 * in this folder of its output; the server answers those paths with them and every other client
 * route with the empty app shell.
 */
export const PRERENDERED_PAGES_FOLDER = 'pages';

/** The file of a prerendered path: '/' is 'index.html', '/about' is 'about.html'. */
export const prerenderedPageFile = (path: string) => `${path === '/' ? 'index' : path.slice(1)}.html`;

/** The path a prerendered file answers, the inverse of prerenderedPageFile. */
export const prerenderedPagePath = (file: string) => {
  const name = file.replace(/\.html$/, '');
  return name === 'index' ? '/' : `/${name}`;
};

/**
 * The content pages (/events, /news and a record of each) are rendered by the server at request
 * time with their data (docs/decisions/035), by a bundle the web build writes into this folder of
 * its output: the renderer module and the HTML shell it fills. Never served to the public.
 */
export const SERVER_RENDERER_FOLDER = 'server';
/** The renderer module in SERVER_RENDERER_FOLDER (apps/web/src/app/render-content-page.tsx). */
export const SERVER_RENDERER_FILE = 'render-content-page.js';
/** The page shell in SERVER_RENDERER_FOLDER: index.html as the prerendered pages have it. */
export const SERVER_SHELL_FILE = 'shell.html';
/**
 * The id of the JSON script that carries a server-rendered page's data to the client: TanStack
 * Query's dehydrated cache, which the client hydrates before its first render.
 */
export const DEHYDRATED_STATE_SCRIPT_ID = 'dehydrated-state';
