import type {
  CertificateIssueResult,
  CpdEventResponse,
  CpdRoleInput,
  CpdSettings,
  EvaluationQuestion,
  EvaluationResults,
  ExternalUnitStatus,
  ExternalUnitsAdminResponse,
  ProviderAccreditations,
  ProviderAccreditationsInput,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const cpdKeys = {
  all: ['cpd'] as const,
  event: (eventId: string) => ['cpd', 'event', eventId] as const,
  results: (eventId: string) => ['cpd', 'results', eventId] as const,
};

export const cpdEventPath = (eventId: string) => `/cpd/events/${encodeURIComponent(eventId)}`;

/** GET /cpd/events/{id}: the settings, questions and registrations of the admin's CPD page. */
export const useCpdEvent = (eventId: string) =>
  useQuery({
    queryKey: cpdKeys.event(eventId),
    queryFn: async ({ signal }) =>
      (await apiRequest<CpdEventResponse>(cpdEventPath(eventId), { signal })).data,
  });

/** GET /cpd/events/{id}/evaluation-results. */
export const useEvaluationResults = (eventId: string) =>
  useQuery({
    queryKey: cpdKeys.results(eventId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: EvaluationResults }>(`${cpdEventPath(eventId)}/evaluation-results`, {
          signal,
        })
      ).data,
  });

/** Every change on the page reads the page again. */
function useCpdMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cpdKeys.all }),
  });
}

/** PUT /cpd/events/{id}/settings. */
export const useSaveCpdSettings = (eventId: string) =>
  useCpdMutation((settings: CpdSettings) =>
    apiRequest(`${cpdEventPath(eventId)}/settings`, { method: 'PUT', body: settings }),
  );

/** PUT /cpd/events/{id}/evaluation. */
export const useSaveQuestions = (eventId: string) =>
  useCpdMutation((questions: EvaluationQuestion[]) =>
    apiRequest(`${cpdEventPath(eventId)}/evaluation`, { method: 'PUT', body: { questions } }),
  );

/** PUT /cpd/registrations/{id}/role. */
export const useSetRole = () =>
  useCpdMutation(({ registrationId, ...role }: CpdRoleInput & { registrationId: string }) =>
    apiRequest(`/cpd/registrations/${encodeURIComponent(registrationId)}/role`, {
      method: 'PUT',
      body: role,
    }),
  );

/** POST /cpd/events/{id}/certificates. */
export const useIssueCertificates = (eventId: string) =>
  useCpdMutation(
    async () =>
      (
        await apiRequest<{ data: CertificateIssueResult }>(`${cpdEventPath(eventId)}/certificates`, {
          method: 'POST',
        })
      ).data,
  );

/** POST /cpd/certificates/{number}/revoke. */
export const useRevokeCertificate = () =>
  useCpdMutation(({ number, reason }: { number: string; reason: string }) =>
    apiRequest(`/cpd/certificates/${encodeURIComponent(number)}/revoke`, {
      method: 'POST',
      body: { reason },
    }),
  );

// The CPD transcript's staff side (docs/product-rules.md "CPD transcript").
const transcriptAdminKeys = {
  all: ['cpd', 'transcript-admin'] as const,
  external: (status: string, page: number) => ['cpd', 'transcript-admin', 'external', status, page] as const,
  providers: () => ['cpd', 'transcript-admin', 'providers'] as const,
};

/** GET /cpd/admin/external-units. */
export const useExternalUnits = (status: ExternalUnitStatus | undefined, page: number) =>
  useQuery({
    queryKey: transcriptAdminKeys.external(status ?? 'all', page),
    queryFn: ({ signal }) =>
      apiRequest<ExternalUnitsAdminResponse>('/cpd/admin/external-units', {
        signal,
        query: { status, page, limit: 20 },
      }),
  });

/** POST /cpd/admin/external-units/{id}/approve or /reject (with the reason). */
export function useDecideExternalUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) =>
      apiRequest(
        `/cpd/admin/external-units/${encodeURIComponent(id)}/${reason === undefined ? 'approve' : 'reject'}`,
        {
          method: 'POST',
          ...(reason === undefined ? {} : { body: { reason } }),
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transcriptAdminKeys.all }),
  });
}

/** GET /cpd/provider-accreditations: with the warning 60 days before one lapses. */
export const useProviderAccreditations = () =>
  useQuery({
    queryKey: transcriptAdminKeys.providers(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: ProviderAccreditations }>('/cpd/provider-accreditations', { signal })).data,
  });

/** PUT /cpd/provider-accreditations. */
export function useSaveProviderAccreditations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accreditations: ProviderAccreditationsInput['accreditations']) =>
      apiRequest('/cpd/provider-accreditations', { method: 'PUT', body: { accreditations } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transcriptAdminKeys.all }),
  });
}
