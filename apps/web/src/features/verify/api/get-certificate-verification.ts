import type { ContentReads } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The call over HTTP: what the browser reads (the server reads the API's own answer).
const fetchVerification: ContentReads['verifyCertificate'] = (code, signal) =>
  apiRequest(`/certificates/verify/${encodeURIComponent(code)}`, { signal });

/**
 * GET /certificates/verify/{code}: a certificate's standing by its verification code
 * (docs/decisions/066); an unknown code, or a printed number, answers `not_found`.
 */
export const certificateVerificationQueryOptions = (code: string, verifyCertificate = fetchVerification) =>
  queryOptions({
    queryKey: ['certificate-verification', code] as const,
    queryFn: async ({ signal }) => (await verifyCertificate(code, signal)).data,
    retry: false,
  });

export const useCertificateVerification = (code: string) =>
  useQuery(certificateVerificationQueryOptions(code));
