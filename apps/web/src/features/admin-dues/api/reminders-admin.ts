import type {
  Pagination,
  ReminderDelivery,
  ReminderMessage,
  ReminderPauseView,
  ReminderPreview,
  reminderLogQuerySchema,
} from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '@/components/admin-list/use-list-params';
import { apiRequest } from '@/lib/api-client';
import { duesKeys } from './dues-admin';

export type ReminderLogListQuery = ListQuery<typeof reminderLogQuerySchema>;

const reminderKeys = {
  all: [...duesKeys.all, 'reminders'] as const,
  preview: (date: string) => [...reminderKeys.all, 'preview', date] as const,
  log: (query: ReminderLogListQuery) => [...reminderKeys.all, 'log', query] as const,
  pauses: () => [...reminderKeys.all, 'pauses'] as const,
};

/** GET /dues/reminders/preview: what the run of `date` would issue and queue. */
export const useReminderPreview = (date: string) =>
  useQuery({
    queryKey: reminderKeys.preview(date),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: ReminderPreview }>('/dues/reminders/preview', { query: { date }, signal }))
        .data,
    staleTime: 0,
  });

/** GET /dues/reminders: the delivery log as the address has it. */
export const useReminderLog = (query: ReminderLogListQuery) =>
  useQuery({
    queryKey: reminderKeys.log(query),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { deliveries: ReminderDelivery[]; pagination: Pagination } }>(
          '/dues/reminders',
          {
            query,
            signal,
          },
        )
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useReminderPauses = () =>
  useQuery({
    queryKey: reminderKeys.pauses(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: ReminderPauseView[] }>('/dues/reminders/pauses', { signal })).data,
  });

type ReminderAction =
  | { kind: 'run'; date: string }
  | { kind: 'resend'; id: string }
  | { kind: 'pause'; userId: string; paused: boolean; reason: string };

/** Runs a day, resends one reminder, or pauses / resumes a member; every reminder view refreshes. */
export function useReminderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: ReminderAction) => {
      if (action.kind === 'run') {
        return (
          await apiRequest<{ data: { date: string; issued: number; messages: ReminderMessage[] } }>(
            '/dues/reminders/run',
            { method: 'POST', body: { date: action.date } },
          )
        ).data;
      }
      if (action.kind === 'resend') {
        return (
          await apiRequest<{ data: ReminderDelivery }>(`/dues/reminders/${action.id}/resend`, {
            method: 'POST',
          })
        ).data;
      }
      return (
        await apiRequest<{ data: ReminderPauseView[] }>(`/dues/reminders/pauses/${action.userId}`, {
          method: 'PUT',
          body: { paused: action.paused, reason: action.reason },
        })
      ).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duesKeys.all }),
  });
}
