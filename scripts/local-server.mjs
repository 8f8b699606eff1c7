// The built server (apps/api/dist/main.js) started and stopped by the measurement scripts
// (bench.mjs, audit-web.mjs): on a free port, ready once /api/ready answers.

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const mainJs = join(new URL('..', import.meta.url).pathname, 'apps/api/dist/main.js');
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

/** A TCP port nothing listens on at the moment. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts main.js with `env` (which sets PORT) and resolves once /api/ready answers 200. The
 * server's last output is kept for error messages (`output()`).
 */
export async function startServer(env) {
  const child = spawn(process.execPath, [mainJs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const server = { child, exited, baseUrl: `http://127.0.0.1:${env.PORT}`, output: () => output };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during start (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    const response = await fetch(`${server.baseUrl}/api/ready`).catch(() => undefined);
    if (response?.ok) return server;
    await sleep(250);
  }
  await stopServer(server);
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

/** SIGTERM, then SIGKILL if it has not exited in time. Does nothing for a server already gone. */
export async function stopServer(server) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const result = await Promise.race([server.exited, sleep(STOP_TIMEOUT_MS, 'timeout')]);
  if (result === 'timeout') {
    console.warn('  The server did not stop on SIGTERM; killing it.');
    server.child.kill('SIGKILL');
    await server.exited;
  }
}
