import { spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startFakePaymentProvider } from '../../api/src/lib/demo-payment-gateway';
import { E2E_ADMIN_PASSWORD, startServer } from './server';

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
/** Short, so a journey can watch an access token expire and be renewed mid-session. */
const ACCESS_TOKEN_TTL_SECONDS = 5;

/**
 * Builds the site and starts the server the journeys share (server.ts), with a fake of the
 * payment gateway members are sent to when they pay online.
 */
export default async function setup(project: TestProject) {
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('npm run build failed');

  // The payment gateway members are sent to when they pay online: the API tests' fake of PayMongo.
  const gateway = await startFakePaymentProvider();
  const server = await startServer({
    env: {
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
      PAYMENT_PROVIDER: 'paymongo',
      PAYMONGO_SECRET_KEY: 'sk_test_e2e',
      PAYMONGO_WEBHOOK_SECRET: 'whsk_test_e2e',
      PAYMENT_API_URL: gateway.baseUrl,
    },
  });

  project.provide('baseUrl', server.baseUrl);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  project.provide('dataDir', server.dataDir);
  project.provide('accessTokenTtlSeconds', ACCESS_TOKEN_TTL_SECONDS);
  return async () => {
    await server.stop();
    await gateway.close();
  };
}
