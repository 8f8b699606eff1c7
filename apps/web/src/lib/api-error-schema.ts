// The API's error shape, in a module of its own so that the api client loads it (and Zod with it)
// with the first failed answer rather than with every page (lib/api-client.ts `toApiError`).
export { apiErrorSchema } from '@portal/shared';
