import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` unless told not to, and finds out whether
// it may by trying one when a schema is built: under the site's Content-Security-Policy (no
// 'unsafe-eval') every page that built a form schema logged a CSP violation. Imported
// first by main.tsx, before any module builds a schema; the interpreted parsers are fast enough
// for forms.
z.config({ jitless: true });
