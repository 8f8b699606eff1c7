import type { ContentReads } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The call over HTTP: what the browser reads (the server reads the API's own answer).
const fetchVerification: ContentReads['verifyCertificate'] = (number, signal) =>
  apiRequest(`/certificates/verify/${encodeURIComponent(number)}`, { signal });

/** GET /certificates/verify/{number}: a certificate's standing; an unknown number answers `not_found`. */
export const certificateVerificationQueryOptions = (number: string, verifyCertificate = fetchVerification) =>
  queryOptions({
    queryKey: ['certificate-verification', number] as const,
    queryFn: async ({ signal }) => (await verifyCertificate(number, signal)).data,
    retry: false,
  });

export const useCertificateVerification = (number: string) =>
  useQuery(certificateVerificationQueryOptions(number));
