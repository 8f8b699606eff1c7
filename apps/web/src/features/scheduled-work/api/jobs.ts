import type { JobListResponse, JobRunResponse } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const jobKeys = { all: ['jobs'] as const };

/** How often the page asks again while a run is going, so its outcome shows when it ends. */
const RUNNING_REFRESH_MS = 2_000;

/** GET /admin/jobs: every job with its schedule and last runs. */
export function useJobs() {
  return useQuery({
    queryKey: jobKeys.all,
    queryFn: async () => (await apiRequest<JobListResponse>('/admin/jobs')).data,
    refetchInterval: (query) =>
      query.state.data?.some((job) => job.recentRuns.some((run) => run.outcome === 'running'))
        ? RUNNING_REFRESH_MS
        : false,
  });
}

/** POST /admin/jobs/{name}/run: answers as the run starts (202); the list then follows it. */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (await apiRequest<JobRunResponse>(`/admin/jobs/${encodeURIComponent(name)}/run`, { method: 'POST' }))
        .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
