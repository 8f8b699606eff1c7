import type { Breach, BreachNpcNotice, BreachPeopleNotice, BreachSummary, Pagination } from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The body of POST/PUT /privacy/admin/breaches, as the form sends it. */
export type BreachBody = {
  what: string;
  occurred_at: string | null;
  discovered_at: string;
  data_kinds: string;
  people_count: number | null;
  affected_emails: string[];
};

export const breachKeys = {
  all: ['privacy-breaches'] as const,
  list: (page: number) => [...breachKeys.all, 'list', page] as const,
  one: (id: string) => [...breachKeys.all, 'one', id] as const,
};

const BASE = '/privacy/admin/breaches';

/** GET /privacy/admin/breaches: the register, a page at a time. */
export function useBreaches(page: number, limit: number) {
  return useQuery({
    queryKey: [...breachKeys.list(page), limit],
    queryFn: async () =>
      (
        await apiRequest<{ data: { breaches: BreachSummary[]; pagination: Pagination } }>(BASE, {
          query: { page, limit },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /privacy/admin/breaches/{id}. */
export function useBreach(id: string) {
  return useQuery({
    queryKey: breachKeys.one(id),
    queryFn: async () => (await apiRequest<{ data: Breach }>(`${BASE}/${encodeURIComponent(id)}`)).data,
  });
}

/** Every change answers the breach as it now stands; the register's pages are read again. */
function useBreachChange<Input, Output extends { id: string } | { breach: Breach }>(
  send: (input: Input) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (output) => {
      const breach = 'breach' in output ? output.breach : (output as unknown as Breach);
      queryClient.setQueryData(breachKeys.one(breach.id), breach);
      void queryClient.invalidateQueries({ queryKey: [...breachKeys.all, 'list'] });
    },
  });
}

export const useRecordBreach = () =>
  useBreachChange(
    async (body: BreachBody) => (await apiRequest<{ data: Breach }>(BASE, { method: 'POST', body })).data,
  );

export const useUpdateBreach = (id: string) =>
  useBreachChange(
    async (body: BreachBody) =>
      (await apiRequest<{ data: Breach }>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PUT', body })).data,
  );

export const useRecordNpcNotice = (id: string) =>
  useBreachChange(
    async (body: BreachNpcNotice) =>
      (
        await apiRequest<{ data: Breach }>(`${BASE}/${encodeURIComponent(id)}/npc-notice`, {
          method: 'POST',
          body,
        })
      ).data,
  );

export const useNotifyPeople = (id: string) =>
  useBreachChange(
    async (body: BreachPeopleNotice) =>
      (
        await apiRequest<{ data: { breach: Breach; queued: number } }>(
          `${BASE}/${encodeURIComponent(id)}/people-notice`,
          { method: 'POST', body },
        )
      ).data,
  );

export const useCloseBreach = (id: string) =>
  useBreachChange(
    async (body: { summary: string }) =>
      (
        await apiRequest<{ data: Breach }>(`${BASE}/${encodeURIComponent(id)}/close`, {
          method: 'POST',
          body,
        })
      ).data,
  );
