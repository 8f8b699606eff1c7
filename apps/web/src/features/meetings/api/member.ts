import {
  type Meeting,
  type MeetingProxy,
  type MeetingResults,
  type MeetingSummary,
  NOMINATION_PHOTO_FIELD,
  type Nomination,
  type ProxyScope,
  type Voter,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The members' calls of the annual meeting (docs/decisions/071): the meetings, one meeting with
 * the viewer's own voting status and proxies, the voters to choose from, nominations, proxies,
 * the ballot and the published results. Every change refreshes the meeting it changed.
 */

const keys = {
  all: ['meetings'] as const,
  list: ['meetings', 'list'] as const,
  meeting: (id: string) => ['meetings', id] as const,
  voters: (id: string) => ['meetings', id, 'voters'] as const,
  results: (id: string) => ['meetings', id, 'results'] as const,
};
const meetingPath = (id: string) => `/meetings/${encodeURIComponent(id)}`;

export const useMeetings = () =>
  useQuery({
    queryKey: keys.list,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MeetingSummary[] }>('/meetings', { signal })).data,
  });

export const useMeeting = (id: string) =>
  useQuery({
    queryKey: keys.meeting(id),
    queryFn: async ({ signal }) => (await apiRequest<{ data: Meeting }>(meetingPath(id), { signal })).data,
  });

/** GET /api/meetings/{id}/voters: asked only by a voter on the roll (anyone else gets 403). */
export const useVoters = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.voters(id),
    enabled,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: Voter[] }>(`${meetingPath(id)}/voters`, { signal })).data,
  });

/** GET /api/meetings/{id}/results: 403 with the server's reason until the committee certifies. */
export const useResults = (id: string) =>
  useQuery({
    queryKey: keys.results(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: MeetingResults }>(`${meetingPath(id)}/results`, { signal })).data,
  });

/** A change to the meeting `meetingId`: on success (and on a refusal, which may mean it moved on) it is read again. */
function useMeetingChange<Input, Output>(meetingId: string, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.meeting(meetingId) }),
  });
}

export const useNominate = (meetingId: string) =>
  useMeetingChange(
    meetingId,
    async (input: { nomineeId: string; statement: string }) =>
      (
        await apiRequest<{ data: Nomination }>(`${meetingPath(meetingId)}/nominations`, {
          method: 'POST',
          body: input,
        })
      ).data,
  );

/**
 * PUT /api/nominations/{id}/photo (multipart, field NOMINATION_PHOTO_FIELD) or, with no photo,
 * DELETE: the candidate's photo, by the nominator or the nominee until voting opens.
 */
export const useNominationPhoto = (meetingId: string) =>
  useMeetingChange(
    meetingId,
    async ({ nominationId, photo }: { nominationId: string; photo: File | null }) => {
      const path = `/nominations/${encodeURIComponent(nominationId)}/photo`;
      if (!photo) return (await apiRequest<{ data: Nomination }>(path, { method: 'DELETE' })).data;
      const body = new FormData();
      body.append(NOMINATION_PHOTO_FIELD, photo);
      return (await apiRequest<{ data: Nomination }>(path, { method: 'PUT', body })).data;
    },
  );

/** Second, accept or withdraw a nomination. */
export const useNominationAction = (meetingId: string) =>
  useMeetingChange(
    meetingId,
    async ({ nominationId, action }: { nominationId: string; action: 'seconds' | 'accept' | 'withdraw' }) =>
      (
        await apiRequest<{ data: Nomination }>(`/nominations/${encodeURIComponent(nominationId)}/${action}`, {
          method: 'POST',
        })
      ).data,
  );

export const useFileProxy = (meetingId: string) =>
  useMeetingChange(
    meetingId,
    async (input: { holderId: string; scope: ProxyScope }) =>
      (
        await apiRequest<{ data: MeetingProxy }>(`${meetingPath(meetingId)}/proxies`, {
          method: 'POST',
          body: input,
        })
      ).data,
  );

export const useRevokeProxy = (meetingId: string) =>
  useMeetingChange(meetingId, (proxyId: string) =>
    apiRequest<null>(`/proxies/${encodeURIComponent(proxyId)}`, { method: 'DELETE' }),
  );

/** POST /api/meetings/{id}/ballots: the voter's own ballot, or a carried one (`onBehalfOf`); answers the receipt. */
export const useCastBallot = (meetingId: string) =>
  useMeetingChange(
    meetingId,
    async (input: { candidateIds: string[]; onBehalfOf?: string }) =>
      (
        await apiRequest<{ data: { receipt: string } }>(`${meetingPath(meetingId)}/ballots`, {
          method: 'POST',
          body: input,
        })
      ).data,
  );
