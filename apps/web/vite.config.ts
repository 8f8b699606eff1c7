import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// By relative path: Vite bundles the config only with relative imports and would leave the
// workspace package (TypeScript source) to Node, which cannot load `.ts` from node_modules.
import { DOCUMENT_COLLECTIONS, siteConfig } from '../../packages/shared/src/index';

const apiTarget = 'http://127.0.0.1:3000';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * The static HTML names the association from the site configuration, so the acronym and name are
 * written in one place only (ARCHITECTURE.md "What we are building"). Pages set document.title.
 */
function siteConfigHtml(): Plugin {
  return {
    name: 'site-config-html',
    transformIndexHtml: (html) => html.replaceAll('%SITE_NAME%', escapeHtml(siteConfig.name)),
  };
}

/**
 * Preloads the Latin faces of the two web fonts, so they arrive with the script instead of after
 * the first render: no swap, no re-wrapped text, no layout shift.
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

// Only the file folders are proxied (with their trailing slash): `/mgb-guidelines-and-forms`
// itself is a page of the SPA, `/mgb-guidelines-and-forms/x.pdf` is a file the API serves.
const proxy = Object.fromEntries(
  ['/api', '/uploads', ...DOCUMENT_COLLECTIONS.map((collection) => `${collection.publicPath}/`)].map(
    (prefix) => [prefix, { target: apiTarget, changeOrigin: false }],
  ),
);

export default defineConfig({
  plugins: [react(), tailwindcss(), siteConfigHtml(), preloadFonts()],
  // `@/…` imports resolve through tsconfig.json's `paths`, so the alias is declared once.
  resolve: { tsconfigPaths: true },
  server: { port: 5173, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
