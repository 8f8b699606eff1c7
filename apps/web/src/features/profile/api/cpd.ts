import type {
  EvaluationSubmit,
  MyCpdEvent,
  MyEvaluation,
  PrcDetails,
  PrcDetailsResponse,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const cpdKeys = {
  all: [...profileKeys.all, 'cpd'] as const,
  events: () => [...cpdKeys.all, 'events'] as const,
  prc: () => [...cpdKeys.all, 'prc'] as const,
  evaluation: (eventId: string) => [...cpdKeys.all, 'evaluation', eventId] as const,
};

/** GET /cpd/my-events: the certified events the person attended. */
export const useMyCpdEvents = () =>
  useQuery({
    queryKey: cpdKeys.events(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MyCpdEvent[] }>('/cpd/my-events', { signal })).data,
  });

/** GET /cpd/prc-details. */
export const usePrcDetails = () =>
  useQuery({
    queryKey: cpdKeys.prc(),
    queryFn: async ({ signal }) =>
      (await apiRequest<PrcDetailsResponse>('/cpd/prc-details', { signal })).data,
  });

/** PUT /cpd/prc-details. */
export function useSavePrcDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: PrcDetails) => apiRequest('/cpd/prc-details', { method: 'PUT', body: details }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cpdKeys.all }),
  });
}

/** GET /cpd/events/{id}/evaluation: the form to answer. */
export const useMyEvaluation = (eventId: string) =>
  useQuery({
    queryKey: cpdKeys.evaluation(eventId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: MyEvaluation }>(`/cpd/events/${encodeURIComponent(eventId)}/evaluation`, {
          signal,
        })
      ).data,
  });

/** POST /cpd/events/{id}/evaluation. */
export function useSubmitEvaluation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: EvaluationSubmit['answers']) =>
      apiRequest(`/cpd/events/${encodeURIComponent(eventId)}/evaluation`, {
        method: 'POST',
        body: { answers },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cpdKeys.all }),
  });
}
