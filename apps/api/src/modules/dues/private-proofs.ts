import { buffer } from 'node:stream/consumers';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { duesPayments, uploadedFiles } from '../../db/schema';
import { PRIVATE_FILES_PREFIX, type Storage, storageKeyOf, UPLOADS_PUBLIC_PREFIX } from '../../lib/storage';

/**
 * Moves the payment proofs stored before decision 066 out of the public uploads, once, at start:
 * each proof kept as `/uploads/<name>` is copied to `private/<name>`, its payment row pointed at
 * the copy, and the public file removed, so `/uploads/<name>` answers 404 from then on. A file is
 * moved under its own name, so a run cut short and run again, or two servers starting at once,
 * write the same bytes to the same place and change each row once (the update matches only the
 * old path). After the first start nothing matches and nothing is read from the storage.
 * Returns how many proofs now live in the private files.
 */
export async function moveProofsToPrivateFiles(db: Db, storage: Storage, log: FastifyBaseLogger) {
  const rows = await db
    .select({ id: duesPayments.id, proofPath: duesPayments.proofPath })
    .from(duesPayments)
    .where(like(duesPayments.proofPath, `${UPLOADS_PUBLIC_PREFIX}%`));
  let moved = 0;
  for (const row of rows) {
    const publicPath = row.proofPath as string;
    const name = storageKeyOf(publicPath);
    const reference = `${PRIVATE_FILES_PREFIX}${name}`;
    const file = await storage.read(publicPath);
    if (file) {
      const bytes = await buffer(file.body);
      await storage.savePrivate(bytes, name.slice(name.lastIndexOf('.') + 1), name);
    } else {
      // Gone from the public uploads: moved by a run that stopped before its update, or lost.
      const copy = await storage.read(reference);
      if (!copy) {
        log.warn({ paymentId: row.id, proofPath: publicPath }, 'A payment proof is missing from the storage');
        continue;
      }
      copy.body.destroy();
    }
    await db
      .update(duesPayments)
      .set({ proofPath: reference })
      .where(and(eq(duesPayments.id, row.id), eq(duesPayments.proofPath, publicPath)));
    // A proof registered as an upload (the demo seed's, before decision 066) is no longer one.
    await db.delete(uploadedFiles).where(eq(uploadedFiles.publicPath, publicPath));
    await storage.remove(publicPath);
    moved += 1;
  }
  if (moved > 0) log.info({ moved }, 'Payment proofs moved to the private files');
  return moved;
}
