import {
  displayName,
  hasAccountName,
  PASSKEY_MESSAGES,
  PASSKEYS_PER_ACCOUNT_MAX,
  type PasskeyRegistered,
  type PasskeyRegistrationBody,
  type PasskeySummary,
  type SecondFactorMethod,
  siteConfig,
  WEBAUTHN_CHALLENGE_TTL_MS,
  type WebauthnChallengePurpose,
} from '@portal/shared';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, lt } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbTransaction } from '../../db/client';
import { type Passkey, passkeys, users, webauthnChallenges } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import {
  accountOf,
  countSecondFactors,
  dropRecoveryCodesIfNoFactorLeft,
  hasConfirmedTotp,
  isStaff,
  lockSecondFactors,
  markSecondFactorChecked,
  passSecondStep,
  replaceRecoveryCodes,
  selfAsActor,
} from './two-factor';

/**
 * Passkeys as a second factor (decision 061, "Passkeys"), through @simplewebauthn/server. The
 * relying party is the site's public address (`PUBLIC_URL`): its host name is the RP id, its
 * origin the only origin accepted, so a credential made for another site is refused. Every
 * ceremony's challenge is stored with its purpose and used up by the verification that reads it.
 */

/**
 * The library with its helpers, imported with the first ceremony rather than at start: with its
 * X.509 and ASN.1 parsers it holds about 5 MB of the server's idle memory, for the few accounts
 * that use a passkey (docs/decisions/063).
 */
async function loadWebAuthn() {
  const [server, helpers] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return { ...server, ...helpers };
}

/** Ceremony options as the library makes them, in the shape the response schema states. */
type WebauthnOptions = { challenge: string; [key: string]: unknown };

/** The relying party the site's configured public address makes. */
export function relyingPartyOf(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: siteConfig.acronym };
}

const refused = () =>
  new AppError(401, PASSKEY_MESSAGES.refused, { code: 'passkey_refused', field: 'response' });

const refusedAtRegistration = () =>
  validationError([{ field: 'response', message: PASSKEY_MESSAGES.refused }]);

async function storeChallenge(db: Db, userId: string, purpose: WebauthnChallengePurpose, challenge: string) {
  const now = Date.now();
  // Stale challenges of the account go as new ones are made: the table stays small on its own.
  await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.userId, userId), lt(webauthnChallenges.expiresAt, new Date(now))));
  await db
    .insert(webauthnChallenges)
    .values({ userId, purpose, challenge, expiresAt: new Date(now + WEBAUTHN_CHALLENGE_TTL_MS) });
}

/**
 * Uses up the challenge the browser signed (read from its clientDataJSON) if it was handed out
 * to this account for this purpose and has not expired; null otherwise. Deleted before the
 * answer is verified: a challenge serves one attempt, right or wrong, and of two requests with
 * it one finds it.
 */
async function claimChallenge(
  db: Db | DbTransaction,
  userId: string,
  purpose: WebauthnChallengePurpose,
  clientDataJSON: string,
): Promise<string | null> {
  const { decodeClientDataJSON } = await loadWebAuthn();
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return null;
  }
  if (typeof challenge !== 'string' || challenge.length === 0) return null;
  const [claimed] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.userId, userId),
        eq(webauthnChallenges.purpose, purpose),
        eq(webauthnChallenges.challenge, challenge),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return claimed?.challenge ?? null;
}

const summaryOf = (row: Passkey): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const descriptorOf = (row: Pick<Passkey, 'credentialId' | 'transports'>) => ({
  id: row.credentialId,
  transports: row.transports as AuthenticatorTransport[],
});

const passkeysOf = (db: Db | DbTransaction, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));

/** GET /api/auth/2fa/passkeys: the account's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeySummary[]> {
  return (await passkeysOf(db, userId)).map(summaryOf);
}

/**
 * POST /api/auth/2fa/passkeys/options: the options of a registration ceremony. The user handle
 * is the account's id (no personal data); the account's passkeys are excluded, so one
 * authenticator is not registered twice.
 */
export async function startPasskeyRegistration(db: Db, config: Config, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(404, 'User not found', { code: 'not_found' });
  const existing = await passkeysOf(db, userId);
  if (existing.length >= PASSKEYS_PER_ACCOUNT_MAX) {
    throw new AppError(409, PASSKEY_MESSAGES.tooMany, { code: 'too_many_passkeys' });
  }
  const { rpID, rpName } = relyingPartyOf(config);
  const { generateRegistrationOptions, isoBase64URL } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(user.id)),
    userDisplayName: hasAccountName(user) ? displayName(user) : user.email,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, userId, 'register', options.challenge);
  return options as unknown as WebauthnOptions;
}

/**
 * POST /api/auth/2fa/passkeys: verifies the registration against the challenge handed out, the
 * site's origin and RP id, and keeps the credential. When it is the account's first second
 * factor, ten recovery codes come with it (shown once) and it counts as this session's check.
 */
export async function finishPasskeyRegistration(
  db: Db,
  config: Config,
  viewer: Viewer,
  body: PasskeyRegistrationBody,
): Promise<PasskeyRegistered> {
  const { rpID, origin } = relyingPartyOf(config);
  const response = body.response as unknown as RegistrationResponseJSON;
  const challenge = await claimChallenge(db, viewer.userId, 'register', response.response.clientDataJSON);
  if (!challenge) throw refusedAtRegistration();
  const { verifyRegistrationResponse, isoBase64URL } = await loadWebAuthn();
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw refusedAtRegistration();
  }
  if (!verification.verified) throw refusedAtRegistration();
  const { credential } = verification.registrationInfo;

  return db.transaction(async (tx) => {
    await lockSecondFactors(tx, viewer.userId);
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, viewer.userId));
    if ((held?.n ?? 0) >= PASSKEYS_PER_ACCOUNT_MAX) {
      throw new AppError(409, PASSKEY_MESSAGES.tooMany, { code: 'too_many_passkeys' });
    }
    const first = (await countSecondFactors(tx, viewer.userId)) === 0;
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: viewer.userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: body.name,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new AppError(409, PASSKEY_MESSAGES.alreadyRegistered, { code: 'passkey_exists' });
    const codes = first ? await replaceRecoveryCodes(tx, viewer.userId) : null;
    if (first && viewer.sessionId) await markSecondFactorChecked(tx, viewer.sessionId);
    await recordAdminAction(tx, selfAsActor(viewer.userId), {
      action: 'passkey_added',
      user: await accountOf(tx, viewer.userId),
      changes: { passkey: { from: null, to: row.name } },
    });
    return { passkey: summaryOf(row), recoveryCodes: codes };
  });
}

/**
 * DELETE /api/auth/2fa/passkeys/{id}: removes one of the account's own passkeys. Staff must keep
 * a second factor (the app or another passkey); with none left, the recovery codes go too.
 */
export async function removePasskey(db: Db, viewer: Viewer, passkeyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSecondFactors(tx, viewer.userId);
    const [row] = await tx
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, viewer.userId)));
    if (!row) throw new AppError(404, PASSKEY_MESSAGES.notFound, { code: 'not_found' });
    if ((await countSecondFactors(tx, viewer.userId)) <= 1 && (await isStaff(tx, viewer.userId))) {
      throw new AppError(403, PASSKEY_MESSAGES.staffMustKeep, { code: 'forbidden' });
    }
    await tx.delete(passkeys).where(eq(passkeys.id, row.id));
    await dropRecoveryCodesIfNoFactorLeft(tx, viewer.userId);
    await recordAdminAction(tx, selfAsActor(viewer.userId), {
      action: 'passkey_removed',
      user: await accountOf(tx, viewer.userId),
      changes: { passkey: { from: row.name, to: null } },
    });
  });
}

/** GET /api/auth/2fa/methods: how the account signing in can pass its second step. */
export async function secondFactorMethods(db: Db, userId: string): Promise<SecondFactorMethod[]> {
  const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  const methods: SecondFactorMethod[] = [];
  if (await hasConfirmedTotp(db, userId)) methods.push('totp');
  if ((keys?.n ?? 0) > 0) methods.push('passkey');
  return methods;
}

/**
 * The options of a sign-in ceremony (the second step, or step-up) limited to the account's
 * passkeys. An account without any gets a 409, not options no authenticator can answer.
 */
export async function startPasskeyAssertion(
  db: Db,
  config: Config,
  userId: string,
  purpose: Exclude<WebauthnChallengePurpose, 'register'>,
) {
  const rows = await passkeysOf(db, userId);
  if (rows.length === 0) throw new AppError(409, PASSKEY_MESSAGES.notFound, { code: 'no_passkey' });
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingPartyOf(config).rpID,
    allowCredentials: rows.map(descriptorOf),
    userVerification: 'preferred',
    timeout: WEBAUTHN_CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, userId, purpose, options.challenge);
  return options as unknown as WebauthnOptions;
}

/**
 * Checks a passkey's answer at the second step or at step-up: the challenge handed out for that
 * purpose (used up here), a passkey of this account, the site's origin and RP id, the signature,
 * and the signature counter (the library refuses one that did not go up). A wrong answer counts
 * towards the lock like a wrong code (`passSecondStep`).
 */
export async function checkPasskeyAssertion(
  db: Db,
  config: Config,
  userId: string,
  purpose: Exclude<WebauthnChallengePurpose, 'register'>,
  answer: unknown,
): Promise<void> {
  const response = answer as AuthenticationResponseJSON;
  const { rpID, origin } = relyingPartyOf(config);
  await passSecondStep(db, userId, {
    refusal: refused,
    async passes(_row, now) {
      const challenge = await claimChallenge(db, userId, purpose, response.response.clientDataJSON);
      if (!challenge) return false;
      const [key] = await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, response.id)));
      if (!key) return false;
      const { verifyAuthenticationResponse, isoBase64URL } = await loadWebAuthn();
      try {
        const { verified, authenticationInfo } = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: key.credentialId,
            publicKey: isoBase64URL.toBuffer(key.publicKey),
            counter: key.counter,
            transports: key.transports as AuthenticatorTransport[],
          },
          requireUserVerification: false,
        });
        if (!verified) return false;
        // Only forward: of two answers verified against the same stored counter, one moves it.
        const [moved] = await db
          .update(passkeys)
          .set({ counter: authenticationInfo.newCounter, lastUsedAt: now })
          .where(and(eq(passkeys.id, key.id), eq(passkeys.counter, key.counter)))
          .returning({ id: passkeys.id });
        return moved !== undefined;
      } catch {
        return false;
      }
    },
  });
}

/** POST /api/auth/2fa/step-up/passkey: a right passkey marks this session's check as fresh. */
export async function stepUpWithPasskey(db: Db, config: Config, viewer: Viewer, answer: unknown) {
  await checkPasskeyAssertion(db, config, viewer.userId, 'step_up', answer);
  if (viewer.sessionId) await markSecondFactorChecked(db, viewer.sessionId);
}
