import type {
  DuesSettings,
  DuesStatementListResponse,
  DuesStatementView,
  DuesSummary,
  duesStatementListQuerySchema,
  JobRun,
  RecordPayment,
} from '@portal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ListQuery } from '@/components/admin-list/use-list-params';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';

export type AdminDuesQuery = ListQuery<typeof duesStatementListQuerySchema>;

/** Every cache key of the dues screens: each action invalidates `all` (the list and the figures). */
export const duesKeys = {
  all: ['dues'] as const,
  list: (query: AdminDuesQuery) => [...duesKeys.all, 'list', query] as const,
  summary: () => [...duesKeys.all, 'summary'] as const,
  settings: () => [...duesKeys.all, 'settings'] as const,
};

/** GET /dues/statements as the address has it: status, search, member and page. */
export const useAdminStatements = (query: AdminDuesQuery) =>
  useQuery({
    queryKey: duesKeys.list(query),
    queryFn: async ({ signal }) =>
      (await apiRequest<DuesStatementListResponse>('/dues/statements', { query, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /dues/settings: the fees and what statements print. */
export const useDuesSettings = () =>
  useQuery({
    queryKey: duesKeys.settings(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: DuesSettings }>('/dues/settings', { signal })).data,
  });

/** PUT /dues/settings (multipart): the fields as typed, and a new QR image when one was chosen. */
export function useSaveDuesSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      fields,
      qrImage,
    }: {
      fields: Record<string, string | undefined>;
      qrImage: File | null;
    }) =>
      (
        await apiRequest<{ data: DuesSettings }>('/dues/settings', {
          method: 'PUT',
          body: toFormData({ ...fields, qrImage: qrImage ?? undefined }),
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duesKeys.all }),
  });
}

/** GET /dues/summary: collected, outstanding, overdue and the proofs waiting. */
export const useDuesSummary = () =>
  useQuery({
    queryKey: duesKeys.summary(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: DuesSummary }>('/dues/summary', { signal })).data,
  });

type Action =
  | { kind: 'record'; statementId: string; body: RecordPayment }
  | { kind: 'verify'; paymentId: string }
  | { kind: 'reject'; paymentId: string; reason: string }
  | { kind: 'void'; statementId: string; reason: string }
  | { kind: 'issue'; userId: string; months: 6 | 12 }
  | { kind: 'issue-draft'; statementId: string };

function requestOf(action: Action): [string, Record<string, unknown> | undefined] {
  switch (action.kind) {
    case 'record':
      return [`/dues/statements/${action.statementId}/payments`, action.body];
    case 'verify':
      return [`/dues/payments/${action.paymentId}/verify`, {}];
    case 'reject':
      return [`/dues/payments/${action.paymentId}/reject`, { reason: action.reason }];
    case 'void':
      return [`/dues/statements/${action.statementId}/void`, { reason: action.reason }];
    case 'issue':
      return ['/dues/statements', { userId: action.userId, months: action.months }];
    case 'issue-draft':
      return [`/dues/statements/${action.statementId}/issue`, undefined];
  }
}

/** The secretariat's actions on statements and payments, one mutation: each answers with what changed. */
export function useDuesAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action) => {
      const [path, body] = requestOf(action);
      return (
        await apiRequest<{ data: DuesStatementView }>(path, {
          method: 'POST',
          body,
        })
      ).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duesKeys.all }),
  });
}

/** How often the page asks how far a run of the semester statements has come. */
export const STATEMENTS_RUN_POLL_MS = 1000;

/**
 * "Issue semester statements due": the server runs it as a job (at a thousand memberships it
 * outlasts a request), so the page starts it and then follows the run until it ends, calling
 * `onFinished` once with the ended run.
 */
export function useIssueDueStatements(onFinished: (run: JobRun) => void) {
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: JobRun }>('/dues/statements/issue-due', { method: 'POST' })).data,
    onSuccess: (run) => setRunId(run.id),
  });
  const run = useQuery({
    queryKey: [...duesKeys.all, 'statements-run', runId],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: JobRun }>(`/dues/statements/issue-due/${runId}`, { signal })).data,
    enabled: runId !== null,
    refetchInterval: (query) =>
      query.state.data?.outcome === 'running' || !query.state.data ? STATEMENTS_RUN_POLL_MS : false,
  });
  const reported = useRef<string | null>(null);
  const ended = run.data && run.data.outcome !== 'running' ? run.data : null;
  useEffect(() => {
    if (!ended || reported.current === ended.id) return;
    reported.current = ended.id;
    setRunId(null);
    void queryClient.invalidateQueries({ queryKey: duesKeys.all });
    onFinished(ended);
  }, [ended, onFinished, queryClient]);
  const progress = runId && run.data?.outcome === 'running' ? run.data.summary : null;
  return { start, running: start.isPending || runId !== null, progress };
}
