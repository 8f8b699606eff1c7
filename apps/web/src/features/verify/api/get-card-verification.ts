import type { ContentReads } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The call over HTTP: what the browser reads (the server reads the API's own answer).
const fetchVerification: ContentReads['verifyCard'] = (token, signal) =>
  apiRequest(`/verify/${encodeURIComponent(token)}`, { signal });

/** GET /verify/{token}: a card's live standing; an unknown token answers `not_found`. */
export const cardVerificationQueryOptions = (token: string, verifyCard = fetchVerification) =>
  queryOptions({
    queryKey: ['card-verification', token] as const,
    queryFn: async ({ signal }) => (await verifyCard(token, signal)).data,
    retry: false,
  });

export const useCardVerification = (token: string) => useQuery(cardVerificationQueryOptions(token));
