import type {
  ApplyElectionInput,
  MeetingDocument,
  MeetingDocumentGroup,
  MeetingDocumentKind,
  MeetingOutcome,
  MeetingOutcomeSummary,
  OfficersInput,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBasePath } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

/** After the annual meeting (docs/decisions/078-after-the-annual-meeting.md). */
export const meetingAfterKeys = {
  all: ['meeting-after'] as const,
  outcomes: () => [...meetingAfterKeys.all, 'outcomes'] as const,
  outcome: (id: string) => [...meetingAfterKeys.all, 'outcome', id] as const,
  documents: (meetingId?: string) => [...meetingAfterKeys.all, 'documents', meetingId ?? 'all'] as const,
};

/** The certificate and the documents are same-origin links: the session cookie goes with them. */
export const certificateUrl = (meetingId: string) =>
  `${apiBasePath}/meetings/${encodeURIComponent(meetingId)}/certificate`;
export const documentFileUrl = (documentId: string) =>
  `${apiBasePath}/meeting-documents/${encodeURIComponent(documentId)}/file`;

/** GET /meeting-outcomes (board staff): the certified elections and whether each is applied. */
export function useMeetingOutcomes() {
  return useQuery({
    queryKey: meetingAfterKeys.outcomes(),
    queryFn: async () => (await apiRequest<{ data: MeetingOutcomeSummary[] }>('/meeting-outcomes')).data,
  });
}

/** GET /meetings/{id}/outcome (staff). */
export function useMeetingOutcome(meetingId: string) {
  return useQuery({
    queryKey: meetingAfterKeys.outcome(meetingId),
    queryFn: async () =>
      (await apiRequest<{ data: MeetingOutcome }>(`/meetings/${encodeURIComponent(meetingId)}/outcome`)).data,
  });
}

function useOutcomeMutation<Input>(meetingId: string, send: (input: Input) => Promise<MeetingOutcome>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (outcome) => queryClient.setQueryData(meetingAfterKeys.outcome(meetingId), outcome),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingAfterKeys.all }),
  });
}

/** POST /meetings/{id}/outcome/apply (board staff). */
export const useApplyElection = (meetingId: string) =>
  useOutcomeMutation(
    meetingId,
    async (input: ApplyElectionInput) =>
      (
        await apiRequest<{ data: MeetingOutcome }>(
          `/meetings/${encodeURIComponent(meetingId)}/outcome/apply`,
          {
            method: 'POST',
            body: input,
          },
        )
      ).data,
  );

/** PUT /meetings/{id}/outcome/officers (board staff). */
export const useRecordOfficers = (meetingId: string) =>
  useOutcomeMutation(
    meetingId,
    async (input: OfficersInput) =>
      (
        await apiRequest<{ data: MeetingOutcome }>(
          `/meetings/${encodeURIComponent(meetingId)}/outcome/officers`,
          {
            method: 'PUT',
            body: input,
          },
        )
      ).data,
  );

/** GET /meeting-documents (members in good standing, staff): one meeting's, or every meeting's. */
export function useMeetingDocuments(meetingId?: string) {
  return useQuery({
    queryKey: meetingAfterKeys.documents(meetingId),
    queryFn: async () =>
      (await apiRequest<{ data: MeetingDocumentGroup[] }>('/meeting-documents', { query: { meetingId } }))
        .data,
  });
}

/** POST /meetings/{id}/documents (secretariat): the PDF with its kind and title. */
export function useUploadMeetingDocument(meetingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { kind: MeetingDocumentKind; title: string; file: File }) => {
      const form = new FormData();
      form.append('kind', input.kind);
      form.append('title', input.title);
      form.append('file', input.file);
      return (
        await apiRequest<{ data: MeetingDocument }>(`/meetings/${encodeURIComponent(meetingId)}/documents`, {
          method: 'POST',
          body: form,
        })
      ).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingAfterKeys.all }),
  });
}

/** DELETE /meeting-documents/{id} (secretariat). */
export function useRemoveMeetingDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiRequest<null>(`/meeting-documents/${encodeURIComponent(documentId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meetingAfterKeys.all }),
  });
}
