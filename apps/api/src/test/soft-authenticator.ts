import { createHash, createSign, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for the API tests of passkeys (decision 061, "Passkeys"): it answers
 * the options the server hands out as a browser and a platform authenticator would, with an
 * ES256 (P-256) key made by node:crypto and "none" attestation (WebAuthn level 3, §6.1 and §6.5).
 * It can be told to answer for another origin or RP id, or with a counter of its choosing, so the
 * tests can show what the server refuses.
 */

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const uint32 = (value: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
};

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  JSON.stringify({ type, challenge, origin, crossOrigin: false });

export type SoftPasskey = {
  credentialId: string;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
};

/** COSE_Key of an EC2 P-256 public key for ES256 (RFC 9053): kty 2, alg -7, crv 1, x, y. */
function coseKeyOf(publicKey: KeyObject) {
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, isoBase64URL.toBuffer(jwk.x as string)],
    [-3, isoBase64URL.toBuffer(jwk.y as string)],
  ]);
  return isoCBOR.encode(cose);
}

/**
 * Makes a credential for the registration options `options`, answered as from `origin`.
 * `rpId` (default the options' RP id) is what the authenticator hashes into its data.
 */
export function createPasskey(options: CreationOptions, origin: string, { rpId }: { rpId?: string } = {}) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const idBytes = new Uint8Array(randomBytes(16));
  const credentialId = isoBase64URL.fromBuffer(idBytes);
  const scope = rpId ?? options.rp.id ?? new URL(origin).hostname;
  const credentialIdLength = new Uint8Array([idBytes.length >> 8, idBytes.length & 0xff]);
  const authData = concat(
    sha256(scope),
    new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
    uint32(0),
    new Uint8Array(16), // AAGUID: none given
    credentialIdLength,
    idBytes,
    coseKeyOf(publicKey),
  );
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]),
  );
  const passkey: SoftPasskey = {
    credentialId,
    privateKey,
    rpId: scope,
    userHandle: options.user.id,
    counter: 0,
  };
  const response = {
    id: credentialId,
    rawId: credentialId,
    type: 'public-key' as const,
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: isoBase64URL.fromUTF8String(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: isoBase64URL.fromBuffer(attestationObject),
      transports: ['internal'],
    },
  };
  return { passkey, response };
}

/**
 * Signs the sign-in options `options` with `passkey`, answered as from `origin`. The counter goes
 * up by one unless `counter` sets it (a cloned authenticator's, going backwards).
 */
export function assertPasskey(
  passkey: SoftPasskey,
  options: RequestOptions,
  origin: string,
  { counter, rpId }: { counter?: number; rpId?: string } = {},
) {
  passkey.counter = counter ?? passkey.counter + 1;
  const authData = concat(
    sha256(rpId ?? passkey.rpId),
    new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
    uint32(passkey.counter),
  );
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  const signer = createSign('sha256');
  signer.update(concat(authData, sha256(clientDataJSON)));
  const signature = new Uint8Array(signer.sign(passkey.privateKey)); // DER, as WebAuthn wants for ES256
  return {
    id: passkey.credentialId,
    rawId: passkey.credentialId,
    type: 'public-key' as const,
    authenticatorAttachment: 'platform' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
      authenticatorData: isoBase64URL.fromBuffer(authData),
      signature: isoBase64URL.fromBuffer(signature),
      userHandle: passkey.userHandle,
    },
  };
}
