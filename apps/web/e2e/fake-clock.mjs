// Loaded with `node --import` into a server a journey starts of its own (clock-server.ts): the
// process's `Date` is a clock that runs as time does and that the journey moves forward by a
// message, so seat holds, waitlist offers and reminders fall due in a real server, with its real
// events job, database and outbox, without waiting for them. Nothing in the server knows.
import FakeTimers from '@sinonjs/fake-timers';

// Only Date: timers and the event loop stay real, so the server's own timers (the events job,
// the mail worker) run as in production. It starts at the real time (the library's default is
// the epoch).
const clock = FakeTimers.install({ now: Date.now(), toFake: ['Date'], shouldAdvanceTime: true });
// The interval that keeps the clock running must not keep a process alive on its own: main.js
// prepares a new database in a child process with the same flags, which ends when its work does.
clock.attachedInterval?.unref?.();

if (process.send) {
  process.on('message', (message) => {
    if (message?.type !== 'jump-clock') return;
    clock.setSystemTime(Date.now() + message.milliseconds);
    process.send({ type: 'clock-jumped', now: Date.now() });
  });
  // Nor must the channel: SIGTERM ends the server as it ends any other.
  process.channel?.unref();
}
