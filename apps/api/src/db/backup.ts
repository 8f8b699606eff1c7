import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from './client';
import type { EmbeddedServer } from './embedded-server';

const run = promisify(execFile);

/**
 * A backup is one .tar.gz holding `manifest.json`, the database (`database.tar.gz`, PGlite's own
 * data-directory dump, or `database.dump`, pg_dump's custom format) and `uploads.tar`. The
 * defaults for the PGlite folder and the uploads folder follow config.ts (`DATA_DIR/pglite`,
 * `DATA_DIR/uploads`).
 */
export type BackupOptions = {
  dataDir: string;
  /** Set for a PostgreSQL server; absent means the embedded PGlite database under dataDir. */
  databaseUrl?: string;
  outFile: string;
  pgliteDir?: string;
  uploadsDir?: string;
  /**
   * The running server's own embedded database, for a backup while it serves. Without it the
   * backup opens the folder itself, which the data-directory lock refuses while a server runs.
   */
  embedded?: EmbeddedServer;
};

export type RestoreOptions = {
  dataDir: string;
  databaseUrl?: string;
  inFile: string;
  pgliteDir?: string;
  uploadsDir?: string;
};

type Manifest = { format: 1; database: 'pglite' | 'postgres'; createdAt: string };

const MANIFEST = 'manifest.json';
const PGLITE_DUMP = 'database.tar.gz';
const POSTGRES_DUMP = 'database.dump';
const UPLOADS_TAR = 'uploads.tar';

const pathsOf = (options: { dataDir: string; pgliteDir?: string; uploadsDir?: string }) => ({
  pgliteDir: options.pgliteDir ?? join(options.dataDir, 'pglite'),
  uploadsDir: options.uploadsDir ?? join(options.dataDir, 'uploads'),
});

export async function backupDatabase(options: BackupOptions): Promise<{ outFile: string }> {
  const { pgliteDir, uploadsDir } = pathsOf(options);
  // Staging inside dataDir keeps every later rename on one file system.
  await mkdir(options.dataDir, { recursive: true });
  const staging = await mkdtemp(join(options.dataDir, '.backup-'));
  try {
    const manifest: Manifest = {
      format: 1,
      database: options.databaseUrl ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
    };
    let databaseFile: string;
    if (options.databaseUrl) {
      databaseFile = POSTGRES_DUMP;
      await runPostgresTool('pg_dump', options.databaseUrl, [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${join(staging, POSTGRES_DUMP)}`,
      ]);
    } else {
      databaseFile = PGLITE_DUMP;
      await writeFile(join(staging, PGLITE_DUMP), await dumpPglite(pgliteDir, options.embedded));
    }

    const uploadsTar = join(staging, UPLOADS_TAR);
    if (existsSync(uploadsDir)) {
      // Half-written files in .tmp are not uploads (lib/storage.ts).
      await run('tar', ['-cf', uploadsTar, '--exclude=./.tmp', '-C', uploadsDir, '.']);
    } else {
      await run('tar', ['-cf', uploadsTar, '-T', '/dev/null']);
    }
    await writeFile(join(staging, MANIFEST), JSON.stringify(manifest, null, 2));

    // Written beside the target and renamed, so an interrupted backup never looks complete.
    const partial = `${options.outFile}.${randomUUID()}.partial`;
    await run('tar', ['-czf', partial, '-C', staging, MANIFEST, databaseFile, UPLOADS_TAR]);
    await rename(partial, options.outFile);
    return { outFile: options.outFile };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Replaces the database and the uploads folder with a backup's. Stop the server first: on PGlite
 * the data-directory lock enforces it; on a PostgreSQL server, pg_restore runs in one transaction
 * and drops and recreates the objects in the dump (tables added after the backup stay).
 */
export async function restoreDatabase(options: RestoreOptions): Promise<void> {
  const { pgliteDir, uploadsDir } = pathsOf(options);
  await mkdir(options.dataDir, { recursive: true });
  const staging = await mkdtemp(join(options.dataDir, '.restore-'));
  try {
    await run('tar', ['-xzf', options.inFile, '-C', staging]);
    const manifest = await readManifest(join(staging, MANIFEST));

    if (manifest.database === 'postgres') {
      if (!options.databaseUrl) {
        throw new Error('This backup is of a PostgreSQL server: set DATABASE_URL to restore it.');
      }
      await runPostgresTool('pg_restore', options.databaseUrl, [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        join(staging, POSTGRES_DUMP),
      ]);
    } else {
      if (options.databaseUrl) {
        throw new Error('This backup is of the embedded PGlite database: unset DATABASE_URL to restore it.');
      }
      await restorePglite(pgliteDir, await readFile(join(staging, PGLITE_DUMP)));
    }

    const incomingUploads = `${uploadsDir}.restoring-${randomUUID()}`;
    await mkdir(incomingUploads, { recursive: true });
    await run('tar', ['-xf', join(staging, UPLOADS_TAR), '-C', incomingUploads]);
    await swapDirectory(uploadsDir, incomingUploads);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(path: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path, 'utf8')) as Partial<Manifest>;
  if (manifest.format !== 1 || (manifest.database !== 'pglite' && manifest.database !== 'postgres')) {
    throw new Error('Not a backup made by this application (unknown manifest).');
  }
  return manifest as Manifest;
}

async function dumpPglite(pgliteDir: string, running?: EmbeddedServer): Promise<Buffer> {
  if (running) return Buffer.from(await (await running.dumpDataDir('gzip')).arrayBuffer());
  if (!existsSync(pgliteDir)) throw new Error(`There is no database in ${pgliteDir} to back up.`);
  const handle = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
  try {
    return Buffer.from(await (await (handle.embedded as EmbeddedServer).dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await handle.close();
  }
}

async function restorePglite(pgliteDir: string, dump: Buffer): Promise<void> {
  if (existsSync(pgliteDir)) {
    // Opening takes the data-directory lock, so this refuses while a server uses the folder.
    const current = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    await current.close();
  }
  const incoming = `${pgliteDir}.restoring-${randomUUID()}`;
  try {
    const client = await PGlite.create(incoming, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([new Uint8Array(dump)]),
    });
    await client.query('select 1');
    await client.close();
    // The dump carries the lock file of the process that made it; it must not lock us out.
    await rm(join(incoming, '.lock'), { force: true });
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  }
  await swapDirectory(pgliteDir, incoming);
}

/** Moves `incoming` into `target`'s place, keeping the old folder until the new one is in. */
async function swapDirectory(target: string, incoming: string): Promise<void> {
  const previous = `${target}.previous-${randomUUID()}`;
  const hadPrevious = existsSync(target);
  if (hadPrevious) await rename(target, previous);
  try {
    await rename(incoming, target);
  } catch (error) {
    if (hadPrevious) await rename(previous, target);
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

/**
 * Runs pg_dump / pg_restore against a URL. The password travels in PGPASSWORD rather than on the
 * command line, where any local user could read it in the process list.
 */
async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  try {
    await run(tool, [`--dbname=${url.toString()}`, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} was not found: install the PostgreSQL client tools.`, { cause: error });
    }
    const detail = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${tool} failed${detail ? `: ${detail}` : ''}`, { cause: error });
  }
}
