import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import subsetFont from 'subset-font';
import { defineConfig, type Plugin, type ViteBuilder } from 'vite';
// By relative path: Vite bundles the config only with relative imports and would leave the
// workspace package (TypeScript source) to Node, which cannot load `.ts` from node_modules.
import {
  DOCUMENT_COLLECTIONS,
  PRERENDERED_PAGES_FOLDER,
  prerenderedPageFile,
  SERVER_RENDERER_FILE,
  SERVER_RENDERER_FOLDER,
  SERVER_SHELL_FILE,
  siteConfig,
} from '../../packages/shared/src/index';

const apiTarget = 'http://127.0.0.1:3000';
const PESO_SIGN = '\u20b1';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The static HTML names the association from the site configuration, so the acronym and name are
 * written in one place only (docs/product-rules.md "Site configuration"). Pages set document.title.
 */
function siteConfigHtml(): Plugin {
  return {
    name: 'site-config-html',
    transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', escapeHtml(siteConfig.name)),
  };
}

/**
 * The two web fonts' faces (fontsource), adjusted at build time:
 *
 * - Text in the two preloaded Latin faces (preloadFonts) waits for its font, at most 3 s, instead
 *   of showing in a fallback font first, as fontsource's `swap` would: a prerendered page is
 *   painted before the fonts are in, and the late font would re-wrap every line, shifting the page
 *   under the reader. The other subsets keep `swap`: they are fetched only when a page uses one of
 *   their characters, and a page should not wait for one glyph.
 * - The peso sign is the one character the site takes from the latin-ext subsets, which weigh
 *   130 KB together. A face of that glyph alone, cut from the same file with its weight axis (about
 *   1 KB, small enough for Vite to inline into the stylesheet), is declared after them, so browsers
 *   take it for U+20B1 (the last matching face wins) and fetch latin-ext only for text that needs it.
 */
function webFontFaces(): Plugin {
  const latinFace = /(\/\* [\w-]+-latin-wght-normal \*\/\s*@font-face \{[^}]*font-display: )swap;/;
  const latinExtFace = /\/\* ([\w-]+-latin-ext-wght-normal) \*\/\s*@font-face \{([^}]*)\}/;
  const generatedDir = 'node_modules/.fonts';
  return {
    name: 'web-font-faces',
    enforce: 'pre',
    async transform(code, id) {
      if (!/@fontsource-variable\/[\w-]+\/index\.css$/.test(id)) return;
      const extFace = code.match(latinExtFace);
      if (!latinFace.test(code) || !extFace?.[1] || !extFace[2]) {
        throw new Error(`${id} has no Latin face with font-display: swap and no latin-ext face`);
      }
      const [, extName, extRules] = extFace;
      const fontFile = join(dirname(id), 'files', `${extName}.woff2`);
      const pesoFile = join(this.environment.config.root, generatedDir, `${extName}-peso.woff2`);
      mkdirSync(dirname(pesoFile), { recursive: true });
      writeFileSync(pesoFile, await subsetFont(readFileSync(fontFile), PESO_SIGN, { targetFormat: 'woff2' }));
      const pesoRules = extRules
        .replace(/src: url\([^)]*\)/, `src: url(${relative(dirname(id), pesoFile)})`)
        .replace(
          /unicode-range: [^;]*;/,
          `unicode-range: U+${PESO_SIGN.codePointAt(0)?.toString(16).toUpperCase()};`,
        );
      return `${code.replace(latinFace, '$1block;')}\n/* ${extName}, the peso sign alone */\n@font-face {${pesoRules}}\n`;
    },
  };
}

/**
 * Preloads the Latin faces of the two web fonts, so they arrive with the page instead of after
 * its first layout: no swap, no re-wrapped text, no layout shift.
 */
function preloadFonts(): Plugin {
  const preloaded = [
    /inter-latin-wght-normal-[\w-]+\.woff2$/,
    /source-serif-4-latin-wght-normal-[\w-]+\.woff2$/,
  ];
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: (_html, context) =>
      Object.keys(context.bundle ?? {})
        .filter((file) => preloaded.some((pattern) => pattern.test(file)))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        })),
  };
}

/**
 * Where the server-side build goes (docs/decisions/035): app/prerender.tsx, run by the build
 * itself, and app/render-content-page.tsx, which the API loads to render the content pages, with
 * the shell both fill. Self-contained (`resolve.noExternal`), so the API needs nothing else of the
 * web app's to run it.
 */
const serverBuildDir = `dist/${SERVER_RENDERER_FOLDER}`;

/**
 * The stylesheet goes into the prerendered page itself, so the page paints as soon as its HTML
 * has arrived rather than one round trip later. It is 10 KB compressed, less than that round trip
 * costs on a phone; the pages that follow are opened inside the app and need no stylesheet.
 */
function inlineStylesheet(html: string, distDir: string) {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;
  const file = html.match(link)?.[1];
  if (!file) throw new Error('index.html links no stylesheet to inline');
  return html.replace(link, () => `<style>${readFileSync(join(distDir, file), 'utf8')}</style>`);
}

/**
 * A prerendered page needs no script to be seen. In place of the app's entry it loads
 * src/prerendered-entry.ts, which imports the entry (named in `data-app`) once the page has been
 * painted, and it preloads no script. Its own small script comes after what the first paint
 * needs (the document and the fonts).
 */
function deferScripts(html: string, entryFile: string) {
  const appScript = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
  const app = html.match(appScript)?.[1];
  if (!app) throw new Error('index.html has no app script to replace');
  return html
    .replace(
      appScript,
      `<script type="module" fetchpriority="low" crossorigin src="/${entryFile}" data-app="${app}"></script>`,
    )
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * `vite build`: the app, then a server-side build of app/prerender.tsx and
 * app/render-content-page.tsx. The first renders the public pages into dist/pages/ inside the
 * built index.html (docs/decisions/015); the second stays in dist/server/ with that page shell,
 * for the API to render the content pages with their data (docs/decisions/035). The server answers
 * those paths with them, so the page paints before any script has loaded.
 */
async function buildAndPrerender(builder: ViteBuilder) {
  const environment = (name: string) => {
    const found = builder.environments[name];
    if (!found) throw new Error(`vite.config.ts declares no ${name} environment`);
    return found;
  };
  await builder.build(environment('client'));
  const entryBuild = await builder.build(environment('prerenderedEntry'));
  const prerenderedEntry = 'output' in entryBuild ? entryBuild.output[0] : undefined;
  if (!prerenderedEntry) throw new Error('The build has no chunk for src/prerendered-entry.ts');
  await builder.build(environment('ssr'));
  const { root } = builder.config;
  const distDir = join(root, 'dist');
  const { prerenderPage, prerenderedPaths } = (await import(
    pathToFileURL(join(root, serverBuildDir, 'prerender.js')).href
  )) as typeof import('./src/app/prerender');
  const shell = deferScripts(
    inlineStylesheet(readFileSync(join(distDir, 'index.html'), 'utf8'), distDir),
    prerenderedEntry.fileName,
  );
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  writeFileSync(join(root, serverBuildDir, SERVER_SHELL_FILE), shell);
  mkdirSync(join(distDir, PRERENDERED_PAGES_FOLDER), { recursive: true });
  for (const path of prerenderedPaths) {
    const { html, title } = await prerenderPage(path);
    const page = shell
      .replace(/<title>.*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
    writeFileSync(join(distDir, PRERENDERED_PAGES_FOLDER, prerenderedPageFile(path)), page);
  }
  builder.config.logger.info(
    `prerendered ${prerenderedPaths.length} pages into dist/${PRERENDERED_PAGES_FOLDER}/`,
  );
}

// Only the file folders are proxied (with their trailing slash): `/mgb-guidelines-and-forms`
// itself is a page of the SPA, `/mgb-guidelines-and-forms/x.pdf` is a file the API serves.
const proxy = Object.fromEntries(
  ['/api', '/uploads', ...DOCUMENT_COLLECTIONS.map((collection) => `${collection.publicPath}/`)].map(
    (prefix) => [prefix, { target: apiTarget, changeOrigin: false }],
  ),
);

export default defineConfig({
  plugins: [react(), tailwindcss(), webFontFaces(), siteConfigHtml(), preloadFonts()],
  // `@/…` imports resolve through tsconfig.json's `paths`, so the alias is declared once.
  resolve: { tsconfigPaths: true },
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps are written beside the chunks (devtools take them when pointed at one), without
    // the comment that names them in every chunk: on a list page those comments weighed 1.1 KB of
    // its 150 KB budget (docs/decisions/030).
    sourcemap: 'hidden',
  },
  builder: { buildApp: buildAndPrerender },
  environments: {
    // The prerendered pages' own entry, built apart: as a second input of the app's build it
    // would change how the app is cut into chunks.
    prerenderedEntry: {
      consumer: 'client',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: { input: { prerendered: 'src/prerendered-entry.ts' } },
      },
    },
    ssr: {
      resolve: { noExternal: true },
      // React and the router ship a development build beside the production one and choose at
      // run time, from the server's NODE_ENV: fixed here, the bundle holds the production build
      // alone, whatever environment the server is started in (half the code to load, and the
      // development build renders several times slower).
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: serverBuildDir,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        rolldownOptions: {
          input: {
            prerender: 'src/app/prerender.tsx',
            [SERVER_RENDERER_FILE.replace(/\.js$/, '')]: 'src/app/render-content-page.tsx',
          },
        },
      },
    },
  },
});
