import {
  type AdminEventListResponse,
  type AdminUserListResponse,
  MAX_PAGE_LIMIT,
  type Meeting,
  type MeetingInput,
  type MeetingProxy,
  type MeetingSummary,
  type Nomination,
  QUORUM_REFRESH_MS,
  type Quorum,
  type RollEntry,
  type VoteCastBy,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The staff's side of the annual meeting (docs/decisions/071): every call the staff screens make,
 * under keys of their own so the member screens' reads of the same meeting stay theirs. Each hook
 * is asked only by a screen whose roles the route admits (STAFF_AREAS.meetings, meetingsRun,
 * meetingsElection), so no read is refused for the role.
 */

export type RollCorrection = {
  id: string;
  requesterName: string;
  details: string;
  status: 'open' | 'accepted' | 'rejected';
  resolution: string | null;
};
export type Turnout = {
  rollSize: number;
  voted: number;
  entries: (RollEntry & { hasVoted: boolean; castBy: VoteCastBy | null; atVenue: boolean })[];
};
export type Results = {
  certified: boolean;
  candidates: { id: string; name: string; votes: number }[];
  ballots: { receipt: string; candidateIds: string[] }[];
};

export const staffMeetingKeys = {
  all: ['meetings-staff'] as const,
  list: () => [...staffMeetingKeys.all, 'list'] as const,
  one: (id: string) => [...staffMeetingKeys.all, id] as const,
  part: (id: string, part: string) => [...staffMeetingKeys.all, id, part] as const,
};

const meetingPath = (id: string) => `/meetings/${encodeURIComponent(id)}`;

/** GET /meetings: every meeting, newest first (a few a year: no pages). */
export const useStaffMeetings = () =>
  useQuery({
    queryKey: staffMeetingKeys.list(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MeetingSummary[] }>('/meetings', { signal })).data,
  });

/** GET /meetings/{id}: the meeting with every nomination (staff see them all). */
export const useStaffMeeting = (id: string) =>
  useQuery({
    queryKey: staffMeetingKeys.one(id),
    queryFn: async ({ signal }) => (await apiRequest<{ data: Meeting }>(meetingPath(id), { signal })).data,
  });

/**
 * GET /meetings/{id}/quorum, asked again every ten seconds for the projector. Through the api
 * client, which renews the session when the access token runs out, so the page outlives it.
 */
export const useQuorum = (id: string) =>
  useQuery({
    queryKey: staffMeetingKeys.part(id, 'quorum'),
    refetchInterval: QUORUM_REFRESH_MS,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Quorum }>(`${meetingPath(id)}/quorum`, { signal })).data,
  });

/** GET /meetings/{id}/roll: the whole roll (staff). */
export const useRoll = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: staffMeetingKeys.part(id, 'roll'),
    enabled,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: { entries: RollEntry[]; total: number } }>(`${meetingPath(id)}/roll`, {
          signal,
        })
      ).data,
  });

/** GET /meetings/{id}/roll-corrections (meetingsRun). */
export const useRollCorrections = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: staffMeetingKeys.part(id, 'corrections'),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RollCorrection[] }>(`${meetingPath(id)}/roll-corrections`, { signal })).data,
  });

/** GET /meetings/{id}/proxies (meetingsRun). */
export const useProxies = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: staffMeetingKeys.part(id, 'proxies'),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MeetingProxy[] }>(`${meetingPath(id)}/proxies`, { signal })).data,
  });

/** GET /meetings/{id}/turnout: who has voted and how it was cast, never for whom. */
export const useTurnout = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: staffMeetingKeys.part(id, 'turnout'),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Turnout }>(`${meetingPath(id)}/turnout`, { signal })).data,
  });

/** GET /meetings/{id}/results: the committee's before certification, everyone's after. */
export const useResults = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: staffMeetingKeys.part(id, 'results'),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Results }>(`${meetingPath(id)}/results`, { signal })).data,
  });

/** The events a meeting may be linked to (its check-in counts people present): the newest first. */
export const useLinkableEvents = (enabled: boolean) =>
  useQuery({
    queryKey: [...staffMeetingKeys.all, 'events'],
    enabled,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<AdminEventListResponse>('/events/admin/get-all', {
          signal,
          query: { limit: MAX_PAGE_LIMIT, sort_by: 'created_at', sort_order: 'desc' },
        })
      ).data.events,
  });

/** A change to meeting `id`: afterwards the meeting, its parts and the list are read again. */
function useMeetingChange<Input, Output>(id: string | null, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: id ? staffMeetingKeys.one(id) : staffMeetingKeys.all }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMeetingKeys.list() }),
  });
}

export const useCreateMeeting = () =>
  useMeetingChange(
    null,
    async (body: MeetingInput) =>
      (await apiRequest<{ data: Meeting }>('/meetings', { method: 'POST', body })).data,
  );

export const useUpdateMeeting = (id: string) =>
  useMeetingChange(
    id,
    async (body: MeetingInput) =>
      (await apiRequest<{ data: Meeting }>(meetingPath(id), { method: 'PUT', body })).data,
  );

/** PUT /meetings/{id}/chair: the account that chairs the meeting, or null for none. */
export const useSetChair = (id: string) =>
  useMeetingChange(
    id,
    async (userId: string | null) =>
      (
        await apiRequest<{ data: Meeting }>(`${meetingPath(id)}/chair`, {
          method: 'PUT',
          body: { userId },
        })
      ).data,
  );

/**
 * GET /users/get-all?search=…: a few accounts matching a name or e-mail, to name the chair (the
 * roles that name one, `meetingsRun`, all read the users list, STAFF_AREAS.usersRead).
 */
export const useChairSearch = (search: string) =>
  useQuery({
    queryKey: [...staffMeetingKeys.all, 'chair-search', search],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<AdminUserListResponse>('/users/get-all', {
          query: { search, limit: '5', status: 'active' },
          signal,
        })
      ).data.users,
    enabled: search.trim().length >= 2,
  });

export const useSendNotice = (id: string) =>
  useMeetingChange(
    id,
    async (body: { overrideReason: string | null }) =>
      (
        await apiRequest<{ data: { queued: number; noticeSentAt: string } }>(`${meetingPath(id)}/notice`, {
          method: 'POST',
          body,
        })
      ).data,
  );

export const useFreezeRoll = (id: string) =>
  useMeetingChange(
    id,
    async () =>
      (await apiRequest<{ data: { total: number } }>(`${meetingPath(id)}/roll/freeze`, { method: 'POST' }))
        .data,
  );

export const useResolveCorrection = (meetingId: string) =>
  useMeetingChange(
    meetingId,
    async ({ id, ...body }: { id: string; status: 'accepted' | 'rejected'; resolution: string }) =>
      (
        await apiRequest<{ data: RollCorrection }>(`/roll-corrections/${encodeURIComponent(id)}`, {
          method: 'PUT',
          body,
        })
      ).data,
  );

export const useValidateNomination = (meetingId: string) =>
  useMeetingChange(
    meetingId,
    async ({ id, ...body }: { id: string; valid: boolean; note: string | null }) =>
      (
        await apiRequest<{ data: Nomination }>(`/nominations/${encodeURIComponent(id)}/validation`, {
          method: 'PUT',
          body,
        })
      ).data,
  );

export const useValidateProxy = (meetingId: string) =>
  useMeetingChange(
    meetingId,
    async ({ id, ...body }: { id: string; valid: boolean; note: string | null }) =>
      (
        await apiRequest<{ data: MeetingProxy }>(`/proxies/${encodeURIComponent(id)}/validation`, {
          method: 'PUT',
          body,
        })
      ).data,
  );

/** Open, close or certify: no body, 204. */
const step = (id: string, path: 'voting/open' | 'voting/close' | 'certify') => async () => {
  await apiRequest<null>(`${meetingPath(id)}/${path}`, { method: 'POST' });
};
export const useOpenVoting = (id: string) => useMeetingChange(id, step(id, 'voting/open'));
export const useCloseVoting = (id: string) => useMeetingChange(id, step(id, 'voting/close'));
export const useCertify = (id: string) => useMeetingChange(id, step(id, 'certify'));

// Venue voting (docs/decisions/071 "Venue voting") --------------------------------------------

/** GET /meetings/{id}/venue-voters: the voters checked in at the meeting who have not voted. */
export const useVenueVoters = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: staffMeetingKeys.part(id, 'venue-voters'),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: RollEntry[] }>(`${meetingPath(id)}/venue-voters`, { signal })).data,
  });

/** POST /meetings/{id}/venue-voters/ticket: the voter a scanned event ticket names. */
export const useVenueTicket = (id: string) =>
  useMutation({
    mutationFn: async (token: string) =>
      (
        await apiRequest<{ data: RollEntry }>(`${meetingPath(id)}/venue-voters/ticket`, {
          method: 'POST',
          body: { token },
        })
      ).data,
  });

/**
 * POST /meetings/{id}/venue-ballots: the ballot of `entryId`, cast on the tablet. `gcTime: 0`, so
 * the mutation (which holds the choices it sent) leaves the cache as soon as its screen is gone:
 * nothing the voter chose stays in the client once the next voter comes.
 */
export const useCastVenueBallot = (id: string, entryId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: async ({ candidateIds }: { candidateIds: string[]; onBehalfOf?: string }) =>
      (
        await apiRequest<{ data: { receipt: string } }>(`${meetingPath(id)}/venue-ballots`, {
          method: 'POST',
          body: { entryId, candidateIds },
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMeetingKeys.one(id) }),
  });
};
