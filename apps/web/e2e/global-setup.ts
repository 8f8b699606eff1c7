import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakePaymentProvider } from '../../api/src/test/fake-payment-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
    /** The server's data folder: journeys read the mail outbox in it, as a person reads mail. */
    dataDir: string;
    accessTokenTtlSeconds: number;
  }
}

const root = new URL('../../../', import.meta.url).pathname;
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Password-1';
/** Short, so a journey can watch an access token expire and be renewed mid-session. */
const ACCESS_TOKEN_TTL_SECONDS = 5;

/**
 * Builds the site and starts the server the way `npm start` does, on a fresh data folder and a
 * free port, with the demo content seeded; the journeys run against it.
 */
export default async function setup(project: TestProject) {
  // Vitest runs with NODE_ENV=test; the site under test is the production build.
  const production = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: production });
  if (build.status !== 0) throw new Error('npm run build failed');

  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  // The payment gateway members are sent to when they pay online: the API tests' fake of PayMongo.
  const gateway = await startFakePaymentProvider();
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: root,
    env: {
      ...production,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      DEMO_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
      // Every journey signs in from the same address; the limits have their own API tests.
      AUTH_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'paymongo',
      PAYMONGO_SECRET_KEY: 'sk_test_e2e',
      PAYMONGO_WEBHOOK_SECRET: 'whsk_test_e2e',
      PAYMENT_API_URL: gateway.baseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(`${baseUrl}/api/ready`, server);

  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  project.provide('dataDir', dataDir);
  project.provide('accessTokenTtlSeconds', ACCESS_TOKEN_TTL_SECONDS);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await gateway.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(url: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become ready at ${url}`);
}
