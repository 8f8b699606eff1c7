import type { ExternalUnitInput, PrcLicence, Transcript } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { profileKeys } from './profile-keys';

const transcriptKeys = {
  all: [...profileKeys.all, 'cpd-transcript'] as const,
  licences: () => [...transcriptKeys.all, 'licences'] as const,
  transcript: () => [...transcriptKeys.all, 'transcript'] as const,
};

/** GET /cpd/licences: the person's PRC licences, one per profession. */
export const useLicences = () =>
  useQuery({
    queryKey: transcriptKeys.licences(),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: { licences: PrcLicence[] } }>('/cpd/licences', { signal })).data.licences,
  });

/** GET /cpd/transcript: per licence and renewal period. */
export const useTranscript = () =>
  useQuery({
    queryKey: transcriptKeys.transcript(),
    queryFn: async ({ signal }) => apiRequest<Transcript>('/cpd/transcript', { signal }),
  });

/** PUT /cpd/licences: replaces every licence; the transcript is read again. */
export function useSaveLicences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licences: PrcLicence[]) =>
      apiRequest('/cpd/licences', { method: 'PUT', body: { licences } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transcriptKeys.all }),
  });
}

/** POST /cpd/external-units (multipart, the certificate as `certificate`). */
export function useRecordExternalUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, certificate }: { fields: ExternalUnitInput; certificate: File }) =>
      apiRequest('/cpd/external-units', {
        method: 'POST',
        body: toFormData({ ...fields, units: String(fields.units), certificate }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transcriptKeys.all }),
  });
}
