import { inject } from 'vitest';

/** The server a journey file drives: the one global-setup.ts shares, unless the file uses its own. */
let own: { baseUrl: string; dataDir: string } | undefined;

export const serverUnderTest = () => own ?? { baseUrl: inject('baseUrl'), dataDir: inject('dataDir') };

/**
 * Points this file's browser and mail reading (browser.ts, mail.ts) at a server it started
 * (clock-server.ts). Each journey file runs in a module scope of its own, so this never reaches
 * another file.
 */
export function useServer(server: { baseUrl: string; dataDir: string }) {
  own = server;
}
