import { fileURLToPath } from 'node:url';
import { registerServerClock } from './second-factor';
import { type ServerUnderTest, startServer } from './server';

export type ClockServer = ServerUnderTest & {
  /** The server's time now, as this journey last learnt it (the server's clock may fall behind since). */
  now: () => Date;
  /** The server's time now, asked of the server itself. */
  readClock: () => Promise<Date>;
  /** Moves the server's clock `milliseconds` forward at once; resolves with its new time. */
  jumpClock: (milliseconds: number) => Promise<Date>;
};

/**
 * A server of a journey's own whose clock the journey moves (fake-clock.mjs), running its events
 * job every second instead of every five minutes (EVENTS_JOB_INTERVAL_SECONDS), so that what
 * falls due when time passes (docs/product-rules.md "Waitlist", "Event reminders") happens within
 * seconds of a jump. The built site is global-setup.ts's; the data folder and port are new.
 */
export async function startClockServer({ publicHost }: { publicHost?: string } = {}): Promise<ClockServer> {
  const server = await startServer({
    publicHost,
    nodeArguments: ['--import', fileURLToPath(new URL('./fake-clock.mjs', import.meta.url))],
    ipc: true,
    env: { EVENTS_JOB_INTERVAL_SECONDS: '1' },
  });
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  let reads = 0;
  const readClock = () =>
    new Promise<Date>((resolve, reject) => {
      const id = ++reads;
      const answer = (message: { type?: string; id?: number; now?: number }) => {
        if (message?.type !== 'clock-read' || message.id !== id || message.now === undefined) return;
        server.process.off('message', answer);
        offset = message.now - Date.now();
        resolve(new Date(message.now));
      };
      server.process.on('message', answer);
      if (!server.process.send({ type: 'read-clock', id })) {
        server.process.off('message', answer);
        reject(new Error('the server has no clock channel'));
      }
    });
  // Two-step sign-in codes for this server come from its own clock, read as each is made
  // (second-factor.ts): an estimate kept here drifts on a busy machine, and a code of the wrong
  // step is refused ("That code is not right").
  registerServerClock(server.baseUrl, readClock);
  return {
    ...server,
    now,
    readClock,
    jumpClock(milliseconds) {
      return new Promise((resolve, reject) => {
        const answer = (message: { type?: string; now?: number }) => {
          if (message?.type !== 'clock-jumped' || message.now === undefined) return;
          server.process.off('message', answer);
          offset = message.now - Date.now();
          resolve(new Date(message.now));
        };
        server.process.on('message', answer);
        if (!server.process.send({ type: 'jump-clock', milliseconds })) {
          server.process.off('message', answer);
          reject(new Error('the server has no clock channel'));
        }
      });
    },
  };
}
