import type { QueryValue } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';

/** Downloads the users CSV (GET /users/admin/export-csv) for `filters`. */
export const downloadUsersCsv = (filters: Record<string, QueryValue>) =>
  downloadWithSession('/users/admin/export-csv', filters);
