import { type EventSpeaker, SPEAKER_IMAGE_FIELD, type Speaker, type SpeakerCreate } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { eventKeys } from './event-keys';

export const useSpeakers = () =>
  useQuery({
    queryKey: eventKeys.speakers(),
    queryFn: async ({ signal }) => (await apiRequest<{ data: Speaker[] }>('/speakers', { signal })).data,
  });

export const useEventSpeakers = (eventId: string) =>
  useQuery({
    queryKey: eventKeys.eventSpeakers(eventId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: EventSpeaker[] }>(
          `/speakers/event-speakers/${encodeURIComponent(eventId)}`,
          {
            signal,
          },
        )
      ).data,
  });

/** POST /speakers (multipart: name, title, company, optional image). */
export function useCreateSpeaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, image }: { fields: SpeakerCreate; image: File | null }) =>
      (
        await apiRequest<{ data: Speaker }>('/speakers', {
          method: 'POST',
          body: toFormData({ ...fields, [SPEAKER_IMAGE_FIELD]: image ?? undefined }),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.speakers() }),
  });
}

/** POST /speakers/event-speakers: the set replaces the previous one. */
export function useSetEventSpeakers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { event_id: string; speaker_ids: string[] }) =>
      apiRequest<{ data: EventSpeaker[] }>('/speakers/event-speakers', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
