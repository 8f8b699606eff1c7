import { fileURLToPath } from 'node:url';
import { registerServerClock } from './second-factor';
import { type ServerUnderTest, startServer } from './server';

export type ClockServer = ServerUnderTest & {
  /** The server's time now, as its clock reads it. */
  now: () => Date;
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
  // Two-step sign-in codes for this server are computed from its clock (second-factor.ts).
  registerServerClock(server.baseUrl, now);
  return {
    ...server,
    now,
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
