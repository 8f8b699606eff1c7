import {
  PASSKEY_MESSAGES,
  type PasskeyRegistered,
  type PasskeySummary,
  type Profile,
  type ProfileResponse,
} from '@portal/shared';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { markTwoStepEnrolled, twoFactorStatusKey } from '@/lib/two-factor';

/**
 * Passkeys on the client (decision 061, "Passkeys"): each ceremony asks the server for options,
 * lets the browser and the authenticator answer through @simplewebauthn/browser, and sends the
 * answer back. A ceremony the person cancels (or the browser refuses) is told as a message, the
 * same way the server's refusals are.
 */

export const passkeysKey = ['two-factor', 'passkeys'] as const;

/** The browser's own refusal (cancelled, timed out, no passkey here) as the message to show. */
function ceremonyFailure(error: unknown): Error {
  if (error instanceof ApiError) return error;
  return new ApiError(
    0,
    browserSupportsWebAuthn() ? PASSKEY_MESSAGES.cancelled : PASSKEY_MESSAGES.unsupported,
  );
}

async function authenticate(optionsUrl: string): Promise<unknown> {
  const { data } = await apiRequest<{ data: PublicKeyCredentialRequestOptionsJSON }>(optionsUrl, {
    method: 'POST',
  });
  try {
    return await startAuthentication({ optionsJSON: data });
  } catch (error) {
    throw ceremonyFailure(error);
  }
}

/** The second step of sign-in with a passkey: the account the pending step names; signs in. */
export async function signInWithPasskey(): Promise<Profile> {
  const response = await authenticate('/auth/2fa/verify/passkey-options');
  const answer = await apiRequest<ProfileResponse>('/auth/2fa/verify/passkey', {
    method: 'POST',
    body: { response },
  });
  return answer.data.profile;
}

/** "Confirm it's you" with a passkey: the session's check is fresh again. */
export async function stepUpWithPasskey(): Promise<void> {
  const response = await authenticate('/auth/2fa/step-up/passkey-options');
  await apiRequest('/auth/2fa/step-up/passkey', { method: 'POST', body: { response } });
}

/** GET /auth/2fa/methods: what the account signing in can use at its second step. */
export async function secondStepMethods(): Promise<string[]> {
  return (await apiRequest<{ data: { methods: string[] } }>('/auth/2fa/methods')).data.methods;
}

/** GET /auth/2fa/passkeys: the signed-in account's passkeys. */
export const usePasskeys = () =>
  useQuery({
    queryKey: passkeysKey,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ data: PasskeySummary[] }>('/auth/2fa/passkeys', { signal })).data,
  });

/**
 * Registers a passkey named `name`: options, the browser's ceremony, then POST /auth/2fa/passkeys.
 * The first second factor of an account comes back with its ten recovery codes.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<PasskeyRegistered> => {
      const { data } = await apiRequest<{ data: PublicKeyCredentialCreationOptionsJSON }>(
        '/auth/2fa/passkeys/options',
        { method: 'POST' },
      );
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: data });
      } catch (error) {
        throw ceremonyFailure(error);
      }
      return (
        await apiRequest<{ data: PasskeyRegistered }>('/auth/2fa/passkeys', {
          method: 'POST',
          body: { name, response },
        })
      ).data;
    },
    onSuccess: () => {
      markTwoStepEnrolled();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
      ]);
    },
  });
}

/** DELETE /auth/2fa/passkeys/{id} (staff keep their last second factor: the server says 403). */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/auth/2fa/passkeys/${id}`, { method: 'DELETE' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: twoFactorStatusKey }),
      ]),
  });
}
