// `tsc` on every workspace at once: the three projects check their own sources (the shared
// package through its source, not a build), so none waits for another, and the two cores check
// two of them side by side instead of one after another (docs/decisions/037).
import { spawn } from 'node:child_process';

const projects = ['packages/shared', 'apps/api', 'apps/web'];

const codes = await Promise.all(
  projects.map(
    (project) =>
      new Promise((resolve) => {
        const tsc = spawn('npx', ['tsc', '-p', project], { stdio: 'inherit' });
        tsc.on('exit', (code) => resolve(code ?? 1));
      }),
  ),
);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
