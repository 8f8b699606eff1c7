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
