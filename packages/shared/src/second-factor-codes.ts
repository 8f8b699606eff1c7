/**
 * The `code` of the second-factor refusals (decision 061). In a module without Zod: the web's api
 * client reads them on every failed call, and importing them from schemas/two-factor.ts would
 * load Zod (and build its schemas) with every page, before the page has told Zod not to compile.
 */
export const SECOND_FACTOR_ERROR_CODES = {
  required: 'second_factor_required',
  stale: 'second_factor_stale',
  wrongCode: 'invalid_code',
  locked: 'second_step_locked',
  signInAgain: 'second_step_expired',
} as const;
