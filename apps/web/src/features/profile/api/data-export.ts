import { DATA_EXPORT_IN_PROGRESS, type DataExport } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

const dataExportKeys = {
  latest: () => [...profileKeys.all, 'data-export'] as const,
  one: (id: string) => [...profileKeys.all, 'data-export', id] as const,
};

/** While an export is being built its state is asked again every few seconds. */
const POLL_MS = 3000;
const pollWhileBuilding = (data: DataExport | null | undefined) =>
  data && DATA_EXPORT_IN_PROGRESS.includes(data.status) ? POLL_MS : false;

/** GET /me/data-export: the person's latest export, or null. */
export function useLatestDataExport() {
  return useQuery({
    queryKey: dataExportKeys.latest(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: DataExport | null }>('/me/data-export', { signal })).data,
    refetchInterval: (query) => pollWhileBuilding(query.state.data),
  });
}

/** GET /me/data-export/{id}: one export, for the page the e-mailed link opens. */
export function useDataExport(id: string) {
  return useQuery({
    queryKey: dataExportKeys.one(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: DataExport }>(`/me/data-export/${encodeURIComponent(id)}`, { signal })).data,
    refetchInterval: (query) => pollWhileBuilding(query.state.data),
    retry: false,
  });
}

/** POST /me/data-export: asks for an export (or answers the one already being built). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: DataExport }>('/me/data-export', { method: 'POST' })).data,
    onSuccess: (data) => queryClient.setQueryData(dataExportKeys.latest(), data),
  });
}
