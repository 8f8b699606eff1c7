import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from './client';

let folder: string;
/** A database folder made once: opening an existing folder is quick, creating one is not. */
let existing: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-lock-'));
  existing = join(folder, 'existing');
  await (await openDatabase({ kind: 'pglite', dataDir: existing })).close();
}, 60_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the embedded database folder lock', () => {
  it('refuses a second opener of the same folder with a clear message, and frees it on close', async () => {
    const dataDir = existing;
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      `The database in ${dataDir} is already in use in this process`,
    );
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
  });

  it('takes over a lock left behind by a process that no longer runs', async () => {
    const dataDir = existing;
    // A pid far above Linux's pid_max belongs to no process.
    await writeFile(join(dataDir, '.lock'), '99999999');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  });
  // issue 15: after kill -9 a container's server is PID 1 again, and found its own pid in the lock.
  it('takes over a lock that names this process, left by an earlier life of the same pid', async () => {
    const dataDir = existing;
    await writeFile(join(dataDir, '.lock'), String(process.pid));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
  });

  describe('when the pid of the lock runs', () => {
    let other: ChildProcess;
    beforeAll(() => {
      other = spawn('sleep', ['60'], { stdio: 'ignore' });
    });
    afterAll(() => {
      other.kill();
    });
    const startOf = async (pid: number) => {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    };

    it('refuses while it is the process that wrote the lock', async () => {
      const dataDir = existing;
      const started = await startOf(other.pid as number);
      await writeFile(join(dataDir, '.lock'), JSON.stringify({ pid: other.pid, started }));
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        `is in use by another process (pid ${other.pid})`,
      );
      await rm(join(dataDir, '.lock'));
    });

    it('takes over when the pid was reused by a process started after the lock was written', async () => {
      const dataDir = existing;
      await writeFile(join(dataDir, '.lock'), JSON.stringify({ pid: other.pid, started: '1' }));
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.close();
    });
  });
});
