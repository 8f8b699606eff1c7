import type { DashboardSummaryResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/dashboard/admin/summary: every figure of the dashboard in one call. */
export async function getDashboardSummary({ signal }: { signal?: AbortSignal } = {}) {
  const body = await apiRequest<DashboardSummaryResponse>('/dashboard/admin/summary', { signal });
  return body.data;
}

export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'summary'],
    queryFn: ({ signal }) => getDashboardSummary({ signal }),
    // The secretariat opens the dashboard to see what changed: always ask again on a visit.
    staleTime: 0,
  });

export const useDashboardSummary = () => useQuery(dashboardSummaryQueryOptions());
