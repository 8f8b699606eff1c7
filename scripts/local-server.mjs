// The server started and stopped by the measurement scripts (bench.mjs, audit-web.mjs): the built
// apps/api/dist/main.js, or `npm start` itself (`{ npmStart: true }`, what a newcomer runs), on a
// free port, ready once /api/ready answers.

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = new URL('..', import.meta.url).pathname;
const mainJs = join(root, 'apps/api/dist/main.js');
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
 * Starts the server with `env` (which sets PORT) in a process group of its own and resolves once
 * /api/ready answers 200, with `readyMs`, the time that took. The server's last output is kept for
 * error messages (`output()`).
 */
export async function startServer(env, { npmStart = false } = {}) {
  const started = performance.now();
  const [command, args] = npmStart ? ['npm', ['start', '--silent']] : [process.execPath, [mainJs]];
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
    if (response?.ok) return { ...server, readyMs: performance.now() - started };
    await sleep(50);
  }
  await stopServer(server);
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

/**
 * SIGTERM to the server's process group (npm, its shell and node, or node alone), then SIGKILL
 * if one of them is still there after 15 s. Resolves once every process of the group has exited,
 * so the next start finds the embedded database's folder free.
 */
export async function stopServer(server) {
  if (!server) return;
  const processes = processTree(server.child.pid);
  const signal = (name) => {
    try {
      process.kill(-server.child.pid, name);
    } catch {}
  };
  signal('SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (processes.some(isRunning)) {
    if (Date.now() > deadline) {
      console.warn('  The server did not stop on SIGTERM; killing it.');
      signal('SIGKILL');
    }
    await sleep(100);
  }
  await server.exited;
}

/**
 * The resident memory in MB of the server and every process under it (Linux /proc): the total,
 * and each process's share by its program's name ("npm 54 + sh 2 + start.mjs 47 + main.js 316").
 */
export function residentMemory(server) {
  const parts = [];
  for (const pid of processTree(server.child.pid)) {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const [program = String(pid)] = command;
      const script = /node$/.test(program) ? command.find((argument) => /\.m?js$/.test(argument)) : undefined;
      parts.push({ name: (script ?? program).split('/').pop(), mb: kb / 1024 });
    } catch {}
  }
  const total = parts.reduce((sum, part) => sum + part.mb, 0);
  return { total, parts: parts.map((part) => `${part.name} ${part.mb.toFixed(0)}`).join(' + ') };
}

/** `pid` and its descendants, read from /proc/<pid>/task/<tid>/children. */
function processTree(pid) {
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    try {
      for (const task of readdirSync(`/proc/${tree[index]}/task`)) {
        const children = readFileSync(`/proc/${tree[index]}/task/${task}/children`, 'utf8');
        tree.push(...children.split(' ').filter(Boolean).map(Number));
      }
    } catch {}
  }
  return tree;
}

function isRunning(pid) {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== undefined && state !== 'Z';
  } catch {
    return false;
  }
}
