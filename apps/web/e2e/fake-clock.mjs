// Loaded with `node --import` into a server a journey starts of its own (clock-server.ts): the
// process's `Date` is a clock that runs as time does and that the journey moves forward by a
// message, so seat holds, waitlist offers and reminders fall due in a real server, with its real
// events job, database and outbox, without waiting for them. Nothing in the server knows.
import { isMainThread } from 'node:worker_threads';
import FakeTimers from '@sinonjs/fake-timers';

// Only Date: timers and the event loop stay real, so the server's own timers (the events job,
// the mail worker) run as in production. It starts at the real time (the library's default is
// the epoch).
const clock = FakeTimers.install({ now: Date.now(), toFake: ['Date'], shouldAdvanceTime: true });
// The interval that keeps the clock running must not keep a process alive on its own: main.js
// prepares a new database in a child process with the same flags, which ends when its work does.
clock.attachedInterval?.unref?.();

// A worker thread (the embedded database's, docs/decisions/063) loads this file too, with a clock
// of its own: the main thread tells it every jump, so the database's now() reads the server's time.
const threads = new BroadcastChannel('fake-clock');
threads.unref();
/** How long a jump waits for the worker threads to take it. */
const THREAD_ANSWER_MS = 2_000;

if (!isMainThread) {
  threads.onmessage = ({ data }) => {
    if (data?.type !== 'set') return;
    clock.setSystemTime(data.now);
    threads.postMessage({ type: 'taken' });
  };
  // A thread started after a jump asks for the time it missed.
  threads.postMessage({ type: 'started' });
} else {
  let workerThreads = 0;
  let taken = () => {};
  threads.onmessage = ({ data }) => {
    if (data?.type === 'started') {
      workerThreads += 1;
      threads.postMessage({ type: 'set', now: Date.now() });
    } else if (data?.type === 'taken') taken();
  };
  /** Sets every worker thread's clock to this thread's, and resolves once each has (or in 2 s). */
  const tellThreads = () =>
    new Promise((resolve) => {
      let waiting = workerThreads;
      if (waiting === 0) return resolve();
      const timer = setTimeout(resolve, THREAD_ANSWER_MS);
      taken = () => {
        waiting -= 1;
        if (waiting > 0) return;
        clearTimeout(timer);
        resolve();
      };
      threads.postMessage({ type: 'set', now: Date.now() });
    });

  if (process.send) {
    process.on('message', async (message) => {
      // The journey's authenticator asks the time before each code (second-factor.ts): this clock
      // advances on a timer, which falls behind real time on a busy machine, so no estimate from the
      // journey's side stays right for long.
      if (message?.type === 'read-clock') {
        process.send({ type: 'clock-read', id: message.id, now: Date.now() });
        return;
      }
      if (message?.type !== 'jump-clock') return;
      clock.setSystemTime(Date.now() + message.milliseconds);
      await tellThreads();
      process.send({ type: 'clock-jumped', now: Date.now() });
    });
    // Nor must the channel: SIGTERM ends the server as it ends any other.
    process.channel?.unref();
  }
}
