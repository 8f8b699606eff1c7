import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serverUnderTest } from './server-under-test';

type OutboxMessage = { to: string; subject: string; text: string; html: string };

/**
 * Waits for the newest message to `to` in the server's mail outbox (DATA_DIR/outbox, where mail is
 * kept when no SMTP server is configured) and returns the first link in it that matches.
 */
export async function waitForMailLink(to: string, linkPattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const folder = join(serverUnderTest().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(folder).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const message = JSON.parse(await readFile(join(folder, file), 'utf8')) as OutboxMessage;
      const link = message.to === to ? message.text.match(linkPattern)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with a link like ${linkPattern} arrived`);
}

/** Waits for a message to `to` whose subject matches, in the server's mail outbox, and returns it. */
export async function waitForMail(
  to: string,
  subject: RegExp | string,
  timeoutMs = 20_000,
): Promise<OutboxMessage> {
  const folder = join(serverUnderTest().dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  const matches = (text: string) => (typeof subject === 'string' ? text === subject : subject.test(text));
  while (Date.now() < deadline) {
    const files = (await readdir(folder).catch(() => [] as string[])).filter((file) =>
      file.endsWith('.json'),
    );
    for (const file of files) {
      const message = JSON.parse(await readFile(join(folder, file), 'utf8')) as OutboxMessage;
      if (message.to === to && matches(message.subject)) return message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with the subject ${subject} arrived`);
}
