import { manilaDateString } from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duesPayments } from '../../db/schema';
import { createS3Storage } from '../../lib/storage';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { type S3TestServer, startS3Server } from '../../test/s3';
import { moveProofsToPrivateFiles } from './private-proofs';

// Payment proofs with the uploads in an S3-compatible bucket (docs/decisions/027, 066): kept
// under private/ keys, which no /uploads address reaches.
let s3: S3TestServer;
let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;

beforeAll(async () => {
  s3 = await startS3Server();
  context = await buildTestApp(s3.environment);
  adminCookie = (await signIn(context, await createUser(context.db, { type: 'admin' }))).cookie;
});
afterAll(async () => {
  await context?.close();
  await s3?.close();
});

const photo = (shade: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 110, b: 95 } } })
    .jpeg()
    .toBuffer();

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

describe('payment proofs in an S3-compatible bucket', () => {
  it('are kept under private/, unreachable by /uploads; old public ones are moved there', async () => {
    const user = await createUser(context.db, { password: null, type: 'individual' });
    const membership = await createMembership(context.db, user.id, {
      status: 'pending',
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
    const statement = (await get('/api/dues/statements', { cookie })).json().data.statements[0];
    const proof = await photo(80);
    const { payload, headers } = await multipartBody(
      { method: 'GCash', paid_on: manilaDateString(), amount: '1000' },
      [{ field: 'file', bytes: proof, type: 'image/jpeg', filename: 'proof.jpg' }],
    );
    const sent = await context.app.inject({
      method: 'POST',
      url: `/api/dues/statements/${statement.id}/proof`,
      payload,
      headers: { ...headers, cookie },
    });
    expect(sent.statusCode).toBe(201);
    const paymentId: string = sent.json().data.payments[0].id;
    const [row] = await context.db.select().from(duesPayments).where(eq(duesPayments.id, paymentId));
    const reference = row?.proofPath ?? '';
    expect(reference).toMatch(/^private\/[0-9a-f-]{36}\.jpg$/);
    expect(await s3.listKeys()).toContain(reference);
    expect((await get(`/uploads/${reference.slice('private/'.length)}`)).statusCode).toBe(404);
    const served = await get(`/api/dues/payments/${paymentId}/proof`, { cookie });
    expect([served.statusCode, served.headers['cache-control']]).toEqual([200, 'private, no-store']);
    expect(served.rawPayload.equals(proof)).toBe(true);

    // A proof stored as a public upload before the change moves into private/ under its name.
    if (context.config.storage.kind !== 's3') throw new Error('the bucket is configured');
    const storage = createS3Storage(context.config.storage);
    const legacy = await storage.save(proof, 'jpg');
    await context.db
      .update(duesPayments)
      .set({ proofPath: legacy.publicPath })
      .where(eq(duesPayments.id, paymentId));
    expect((await get(legacy.publicPath)).statusCode).toBe(200);
    expect(await moveProofsToPrivateFiles(context.db, storage, context.app.log)).toBe(1);
    storage.close();
    expect(await s3.listKeys()).toContain(`private/${legacy.storageKey}`);
    expect(await s3.listKeys()).not.toContain(legacy.storageKey);
    expect((await get(legacy.publicPath)).statusCode).toBe(404);
    const moved = await get(`/api/dues/payments/${paymentId}/proof`, { cookie });
    expect(moved.rawPayload.equals(proof)).toBe(true);
  });
});
