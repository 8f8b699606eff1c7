import type { Config } from './config';
import type { Storage } from './lib/storage';

// What stops the server from starting because of how it was configured, said in terms of the
// variable to change (README.md "Configuration") rather than as a driver's error.

/** PostgreSQL's SQLSTATE for a database that does not exist (invalid_catalog_name). */
const NO_SUCH_DATABASE = '3D000';

/**
 * The sentence to print for an error met while opening and migrating the database, when its cause
 * is the configuration; undefined for any other error, which is then printed as it is.
 */
export function explainDatabaseFailure(
  error: unknown,
  database: { kind: 'postgres'; url: string } | { kind: 'pglite' },
): string | undefined {
  if (database.kind !== 'postgres') return undefined;
  const { code } = (error ?? {}) as { code?: unknown };
  const url = new URL(database.url);
  const name =
    decodeURIComponent(url.pathname.slice(1)) || (url.username ? decodeURIComponent(url.username) : '');
  const server = `${url.hostname}:${url.port || '5432'}`;
  if (code === NO_SUCH_DATABASE) {
    return `DATABASE_URL names the database "${name}", which does not exist on the PostgreSQL server at ${server}. Create it (for example: createdb -h ${url.hostname} -p ${url.port || '5432'} ${name}) or point DATABASE_URL at one that exists.`;
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return `DATABASE_URL points at ${server}, where no PostgreSQL server answers. Start the server, correct DATABASE_URL, or leave it unset to use the embedded database.`;
  }
  return undefined;
}

/** How long the start waits for the bucket to answer before saying it does not. */
const BUCKET_CHECK_MS = 10_000;

/**
 * Checks that the uploads bucket answers before the server starts; without it every upload would
 * fail later, one request at a time. Resolves with the sentence to print when it does not.
 */
export async function checkUploadsBucket(
  storage: Storage,
  config: Config['storage'],
): Promise<string | undefined> {
  if (config.kind !== 's3') return undefined;
  const where = config.endpoint ?? `the S3 region ${config.region}`;
  try {
    await storage.check(AbortSignal.timeout(BUCKET_CHECK_MS));
    return undefined;
  } catch (error) {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (name === 'NotFound' || name === 'NoSuchBucket' || $metadata?.httpStatusCode === 404) {
      return `S3_BUCKET names the bucket "${config.bucket}", which does not exist at ${where}. Create it first, or correct S3_BUCKET.`;
    }
    if ($metadata?.httpStatusCode === 403) {
      return `S3_BUCKET "${config.bucket}" at ${where} refuses these credentials: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`;
    }
    const reason = error instanceof Error ? error.message : String(error);
    return `S3_BUCKET "${config.bucket}" at ${where} does not answer (${reason}). Check S3_ENDPOINT and the network.`;
  }
}
