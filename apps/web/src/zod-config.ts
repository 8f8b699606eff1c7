// Zod compiles fast object parsers with `new Function` unless told not to, and finds out whether
// it may by trying one when an object schema is built: under the site's Content-Security-Policy
// (no 'unsafe-eval') every page that built a form schema logged a CSP violation. The interpreted
// parsers are fast enough for forms. Imported first by main.tsx, before any module builds a schema.
//
// Zod keeps its settings in one object on `globalThis` (`__zod_globalConfig`, which every copy of
// Zod shares, and which Zod takes over when it finds one already there), so the setting is made
// there rather than with `z.config()`: that call would load a part of Zod's core into every page
// (3.6 KB gzipped), most of which load no Zod at all. zod-config.test.ts checks Zod reads it.
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHolder.__zod_globalConfig = Object.assign(zodHolder.__zod_globalConfig ?? {}, { jitless: true });
