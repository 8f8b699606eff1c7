import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from './client';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-lock-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the embedded database folder lock', () => {
  it('refuses a second opener of the same folder with a clear message, and frees it on close', async () => {
    const dataDir = join(folder, 'held');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      `The database in ${dataDir} is in use by another process (pid ${process.pid})`,
    );
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
  });

  it('takes over a lock left behind by a process that no longer runs', async () => {
    const dataDir = join(folder, 'stale');
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await first.close();
    // A pid far above Linux's pid_max belongs to no process.
    await writeFile(join(dataDir, '.lock'), '99999999');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  });
});
