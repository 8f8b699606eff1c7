import type {
  CertificateIssueResult,
  CpdEventResponse,
  CpdRoleInput,
  CpdSettings,
  EvaluationQuestion,
  EvaluationResults,
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
