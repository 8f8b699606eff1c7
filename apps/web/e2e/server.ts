import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../../', import.meta.url).pathname;
/** The demo admin's password on every server the journeys start. */
export const E2E_ADMIN_PASSWORD = 'E2e-Admin-Password-1';

export type ServerUnderTest = {
  baseUrl: string;
  /** The server's data folder: journeys read the mail outbox in it, as a person reads mail. */
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
};

/**
 * Starts the built server the way `npm start` does, on a fresh data folder and a free port, with
 * the demo content seeded, and waits until it is ready. `nodeArguments` go before the script
 * (`--import` of a preload); `ipc` opens a message channel to the process.
 */
export async function startServer({
  env = {},
  nodeArguments = [],
  ipc = false,
  publicHost = '127.0.0.1',
}: {
  env?: Record<string, string>;
  nodeArguments?: string[];
  ipc?: boolean;
  /**
   * The host name of the site's address (PUBLIC_URL): `localhost` for passkeys, whose relying
   * party must be a domain, never an IP address (WebAuthn, "RP ID"). It still listens on 127.0.0.1.
   */
  publicHost?: string;
}): Promise<ServerUnderTest> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const port = await findFreePort();
  const baseUrl = `http://${publicHost}:${port}`;
  const server = spawn(process.execPath, [...nodeArguments, 'apps/api/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      // Vitest runs with NODE_ENV=test; the site under test is the production build.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      DEMO_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Every journey signs in from the same address; the limits have their own API tests.
      AUTH_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
  await waitForReady(`${baseUrl}/api/ready`, server);
  return {
    baseUrl,
    dataDir,
    process: server,
    async stop() {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
      }
      await rm(dataDir, { recursive: true, force: true });
    },
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
