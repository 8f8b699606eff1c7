import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { manilaDateString } from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { duesPayments, uploadedFiles } from '../../db/schema';
import { createDiskStorage } from '../../lib/storage';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { moveProofsToPrivateFiles } from './private-proofs';

// Payment proofs are private files (docs/decisions/066-private-files-and-verification-codes.md):
// never under /uploads, served only by the checked route with `private, no-store`.

let context: Awaited<ReturnType<typeof buildTestApp>>;
let storage: ReturnType<typeof createDiskStorage>;
let uploadsDir: string;
let adminCookie: string;
let png: Buffer;

beforeAll(async () => {
  context = await buildTestApp();
  if (context.config.storage.kind !== 'disk') throw new Error('the tests store on disk');
  uploadsDir = context.config.storage.uploadsDir;
  storage = createDiskStorage({ uploadsDir });
  const admin = await createUser(context.db, { password: null, type: 'admin' });
  adminCookie = (await signIn(context, admin)).cookie;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
});
afterAll(() => context.close());

const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** An approved member with their first statement, and a proof they sent for it. */
async function memberWithProof() {
  const user = await createUser(context.db, { password: null, type: 'individual' });
  const membership = await createMembership(context.db, user.id, {
    status: 'pending',
    category: 'Individual',
    startsAt: null,
    expiresAt: null,
  });
  await context.app.inject({
    method: 'PUT',
    url: `/api/memberships/update/${membership.id}`,
    headers: { cookie: adminCookie },
    payload: { status: 'approved' },
  });
  const cookie = (await signIn(context, user)).cookie;
  const statement = (await get('/api/dues/statements', cookie)).json().data.statements[0];
  const body = await multipartBody(
    { method: 'GCash', reference: 'GC-1', paid_on: manilaDateString(), amount: '1000' },
    [{ field: 'file', bytes: png, type: 'image/png', filename: 'proof.png' }],
  );
  const sent = await context.app.inject({
    method: 'POST',
    url: `/api/dues/statements/${statement.id}/proof`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  expect(sent.statusCode).toBe(201);
  const paymentId: string = sent.json().data.payments[0].id;
  const [row] = await context.db.select().from(duesPayments).where(eq(duesPayments.id, paymentId));
  return { user, cookie, paymentId, proofPath: row?.proofPath ?? '' };
}

describe('payment proofs are private files', () => {
  it('a new proof is stored apart from the public uploads and has no /uploads address', async () => {
    const { proofPath } = await memberWithProof();
    expect(proofPath).toMatch(/^private\/[0-9a-f-]{36}\.png$/);
    const name = proofPath.slice('private/'.length);
    expect(existsSync(join(uploadsDir, 'private', name))).toBe(true);
    expect(existsSync(join(uploadsDir, name))).toBe(false);
    for (const url of [`/uploads/${name}`, `/uploads/private%2F${name}`, `/uploads/..%2Fprivate%2F${name}`]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['cache-control'] ?? '').not.toContain('public');
    }
    expect((await get(`/private/${name}`)).statusCode).toBe(404);
  });

  it('the owner and dues staff fetch it with private, no-store; other accounts 403, guests 401', async () => {
    const { cookie, paymentId } = await memberWithProof();
    const url = `/api/dues/payments/${paymentId}/proof`;
    const treasurer = await createUser(context.db, { password: null, roles: ['treasurer'] });
    const secretariat = await createUser(context.db, { password: null, roles: ['secretariat'] });
    const stranger = await createUser(context.db, { password: null, type: 'individual' });
    for (const [who, viewerCookie] of [
      ['owner', cookie],
      ['admin', adminCookie],
      ['treasurer', (await signIn(context, treasurer)).cookie],
    ] as const) {
      const answer = await get(url, viewerCookie);
      expect(answer.statusCode, who).toBe(200);
      expect(answer.headers['content-type'], who).toBe('image/png');
      expect(answer.headers['cache-control'], who).toBe('private, no-store');
      expect(answer.rawPayload.equals(png), who).toBe(true);
    }
    // The secretariat does not handle money (STAFF_AREAS.dues); another member is not the owner.
    expect((await get(url, (await signIn(context, secretariat)).cookie)).statusCode).toBe(403);
    expect((await get(url, (await signIn(context, stranger)).cookie)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    expect(
      (await get('/api/dues/payments/00000000-0000-4000-8000-000000000000/proof', adminCookie)).statusCode,
    ).toBe(404);
  });

  it('proofs kept as public uploads before the change are moved at start; a cut-short run completes', async () => {
    const { paymentId, cookie } = await memberWithProof();
    const other = await memberWithProof();
    // As a proof was stored before decision 066: a public upload (the seed also registered it).
    const legacy = await storage.save(png, 'png');
    const legacyOther = await storage.save(png, 'png');
    await context.db
      .update(duesPayments)
      .set({ proofPath: legacy.publicPath })
      .where(eq(duesPayments.id, paymentId));
    await context.db
      .update(duesPayments)
      .set({ proofPath: legacyOther.publicPath })
      .where(eq(duesPayments.id, other.paymentId));
    await context.db.insert(uploadedFiles).values({
      storageKey: legacy.storageKey,
      publicPath: legacy.publicPath,
      contentType: 'image/png',
      byteSize: png.length,
    });
    expect((await get(legacy.publicPath)).statusCode).toBe(200);
    // A run that copied the second proof and removed its public file, then stopped before its update.
    await storage.savePrivate(png, 'png', legacyOther.storageKey);
    await storage.remove(legacyOther.publicPath);

    // A server starting on this database and storage moves them before it answers anyone.
    const restarted = await buildApp(context.config, {
      database: { ...context.database, close: async () => {} },
      logger: false,
    });
    await restarted.ready();
    expect((await restarted.inject({ method: 'GET', url: legacy.publicPath })).statusCode).toBe(404);
    await restarted.close();
    // Nothing is left to move: a second run changes nothing.
    expect(await moveProofsToPrivateFiles(context.db, storage, context.app.log)).toBe(0);

    const rows = await context.db.select().from(duesPayments);
    expect(rows.filter((row) => row.proofPath?.startsWith('/uploads/'))).toEqual([]);
    expect(rows.find((row) => row.id === paymentId)?.proofPath).toBe(`private/${legacy.storageKey}`);
    expect(rows.find((row) => row.id === other.paymentId)?.proofPath).toBe(
      `private/${legacyOther.storageKey}`,
    );
    expect((await get(legacy.publicPath)).statusCode).toBe(404);
    expect(existsSync(join(uploadsDir, legacy.storageKey))).toBe(false);
    expect(
      await context.db.select().from(uploadedFiles).where(eq(uploadedFiles.publicPath, legacy.publicPath)),
    ).toEqual([]);
    for (const [id, viewerCookie] of [
      [paymentId, cookie],
      [other.paymentId, other.cookie],
    ] as const) {
      const answer = await get(`/api/dues/payments/${id}/proof`, viewerCookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.rawPayload.equals(png)).toBe(true);
    }
  });
});
