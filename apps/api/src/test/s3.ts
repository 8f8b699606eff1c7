import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver accepts any signature; these are the keys its documentation uses. */
const S3RVER_KEY = 'S3RVER';

/**
 * A real S3-compatible server (s3rver) on a free port of 127.0.0.1 with one empty bucket, for the
 * storage driver's tests and the cluster suite. `environment` is what the server process needs.
 */
export async function startS3Server(bucket = 'portal-uploads') {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });
  return {
    bucket,
    endpoint,
    environment: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    /** Every key in the bucket, sorted. */
    async listKeys(): Promise<string[]> {
      const listing = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listing.Contents ?? []).map((object) => object.Key as string).sort();
    },
    async close() {
      client.destroy();
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
