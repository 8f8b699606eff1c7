/**
 * Every URL of the site, in one place (docs/code-style.md "Constants have one home"):
 * packages/shared, so that the server knows the pages too (it answers any other address with 404).
 * Pages link with these and the router declares its routes with them, so a renamed page changes
 * there only.
 */
export { sitePaths as paths } from '@portal/shared';

/** The API server's prefixes; the dev server proxies them to the API (vite.config.ts). */
export const apiBasePath = '/api';
export const uploadsPath = '/uploads';
