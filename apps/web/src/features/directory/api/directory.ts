import type {
  ContentReads,
  DirectoryAdminListQuery,
  DirectoryAdminListResponse,
  DirectoryEntryResponse,
  DirectoryListingUpdate,
  DirectoryListQuery,
  DirectoryListResponse,
  DirectoryReportRow,
  MyDirectoryListing,
  MyDirectoryRepresentative,
  ReceivedDirectoryMessage,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressQuery } from '@/components/admin-list/use-list-params';
import { apiRequest } from '@/lib/api-client';

/** What the address of /directory carries: the parameters of GET /api/directory, sent as they are. */
export const directoryParams = [
  'page',
  'search',
  'commodity',
  'activity',
  'region',
  'province',
  'profession',
  'specialisation',
  'kind',
] as const satisfies readonly (keyof DirectoryListQuery)[];
export type DirectoryAddressQuery = AddressQuery<(typeof directoryParams)[number]>;

const keys = {
  all: ['directory'] as const,
  list: (query: DirectoryAddressQuery) => [...keys.all, 'list', query] as const,
  entry: (id: string) => [...keys.all, 'entry', id] as const,
  mine: ['directory', 'mine'] as const,
  received: ['directory', 'mine', 'messages'] as const,
  admin: (query: DirectoryAdminListQuery) => ['directory', 'admin', query] as const,
  reports: ['directory', 'admin', 'reports'] as const,
};

/** GET /api/directory over HTTP: what the browser reads (the server reads the API's own answer). */
const fetchDirectory: ContentReads['listDirectory'] = (query, signal) =>
  apiRequest<DirectoryListResponse>('/directory', { query, signal });
const fetchEntry: ContentReads['getDirectoryEntry'] = (id, signal) =>
  apiRequest<DirectoryEntryResponse>(`/directory/${encodeURIComponent(id)}`, { signal });

/** GET /api/directory: a page of entries, each with the fields this viewer may see. */
export const directoryQueryOptions = (query: DirectoryAddressQuery, listDirectory = fetchDirectory) =>
  queryOptions({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => listDirectory(query, signal),
    placeholderData: keepPreviousData,
  });
export const useDirectory = (query: DirectoryAddressQuery) => useQuery(directoryQueryOptions(query));

export const directoryEntryQueryOptions = (id: string, getEntry = fetchEntry) =>
  queryOptions({
    queryKey: keys.entry(id),
    queryFn: async ({ signal }) => (await getEntry(id, signal)).data,
  });
export const useDirectoryEntry = (id: string) => useQuery(directoryEntryQueryOptions(id));

/** POST /api/directory/{id}/messages (members in good standing): 202 with the confirmation. */
export const useSendDirectoryMessage = (id: string) =>
  useMutation({
    mutationFn: async (message: string) =>
      (
        await apiRequest<{ data: { id: string; message: string } }>(
          `/directory/${encodeURIComponent(id)}/messages`,
          { method: 'POST', body: { message, acceptShowAddress: true } },
        )
      ).data,
  });

export const useMyListing = () =>
  useQuery({
    queryKey: keys.mine,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MyDirectoryListing }>('/me/directory', { signal })).data,
  });

export function useSaveMyListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (listing: DirectoryListingUpdate) =>
      (await apiRequest<{ data: MyDirectoryListing }>('/me/directory', { method: 'PUT', body: listing }))
        .data,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.mine, saved);
      void queryClient.invalidateQueries({ queryKey: ['directory', 'list'] });
      // The consent it writes shows on the profile's privacy section too.
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export const useReceivedMessages = () =>
  useQuery({
    queryKey: keys.received,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: ReceivedDirectoryMessage[] }>('/me/directory/messages', { signal })).data,
  });

export function useReportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/me/directory/messages/${encodeURIComponent(id)}/report`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.received }),
  });
}

// The secretariat's screen.

export const useAdminDirectory = (query: DirectoryAdminListQuery) =>
  useQuery({
    queryKey: keys.admin(query),
    queryFn: ({ signal }) =>
      apiRequest<DirectoryAdminListResponse>('/directory/admin/entries', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useDirectoryReports = () =>
  useQuery({
    queryKey: keys.reports,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: DirectoryReportRow[] }>('/directory/admin/reports', { signal })).data,
  });

type Moderation = { id: string; hidden: boolean; reason?: string };
export function useModerateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: Moderation) =>
      apiRequest(`/directory/admin/entries/${encodeURIComponent(id)}/moderation`, { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['directory', 'admin'] }),
  });
}

export function useSetLicenceVerified() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verified }: { id: string; verified: boolean }) =>
      apiRequest(`/directory/admin/entries/${encodeURIComponent(id)}/licence`, {
        method: 'PUT',
        body: { verified },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['directory', 'admin'] }),
  });
}

// A company's representatives in its entry (decision 072, "Added on 2026-12-08").

/** PUT /api/me/directory/representatives/{id}: ask them to appear (a mail asks), or take them off. */
export function useChooseRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, listed }: { id: string; listed: boolean }) =>
      apiRequest<{ data: MyDirectoryRepresentative; message: string }>(
        `/me/directory/representatives/${encodeURIComponent(id)}`,
        { method: 'PUT', body: { listed } },
      ),
    onSuccess: ({ data }) => {
      queryClient.setQueryData<MyDirectoryListing>(keys.mine, (listing) =>
        listing
          ? {
              ...listing,
              representatives: listing.representatives.map((rep) => (rep.id === data.id ? data : rep)),
            }
          : listing,
      );
      void queryClient.invalidateQueries({ queryKey: ['directory', 'entry'] });
    },
  });
}

/** The representative's link pages: POST the mailed token once the button is pressed (decision 075). */
const postRepresentativeLink =
  (action: 'agree' | 'withdraw') =>
  ({ token }: { token: string }) =>
    apiRequest<{ message: string }>(`/directory/representatives/${action}`, {
      method: 'POST',
      body: { token },
    });
export const useAgreeToListing = () => useMutation({ mutationFn: postRepresentativeLink('agree') });
export const useWithdrawFromListing = () => useMutation({ mutationFn: postRepresentativeLink('withdraw') });
