import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config';
import type { MailMessage } from './outbox';

export type OutgoingMail = MailMessage & {
  from: string;
  /** The same for every attempt at one outbox row, so a receiver can drop a repeat delivery. */
  messageId: string;
};

export type MailTransport = {
  /** Resolves once the message is accepted (by the SMTP server, or written to the outbox folder). */
  send(message: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up log; never contains credentials. */
  describe: string;
};

/** Structurally a pino/Fastify logger, so `app.log` fits; tests can pass a silent one. */
export type MailLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export const consoleMailLogger: MailLogger = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

// An unreachable server must fail the attempt quickly so the worker backs off and the batch (and
// a graceful shutdown waiting on it) is not held for nodemailer's 10-minute default.
const SMTP_CONNECT_TIMEOUT_MS = 10_000;
// A server that is reached but slow to answer is waited for longer: giving up on it after the
// message was sent makes the next attempt a second delivery (a server answering after 12 s once got
// every message twice, decision 007). RFC 5321 allows servers minutes; a minute covers slow ones
// without holding a shutdown for long.
const SMTP_RESPONSE_TIMEOUT_MS = 60_000;

/**
 * SMTP when SMTP_URL is set; otherwise the outbox folder, so a new installation can confirm an
 * account without a mail server (docs/architecture.md "Mail").
 */
export function createMailTransport(
  config: Pick<Config, 'mail' | 'outboxDir'>,
  { logger = consoleMailLogger }: { logger?: MailLogger } = {},
): MailTransport {
  return config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl)
    : createOutboxFolderTransport(config.outboxDir, logger);
}

function createSmtpTransport(smtpUrl: string): MailTransport {
  // nodemailer (about 15 MB once loaded) only where SMTP_URL is set.
  const transporter = import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport({
      url: smtpUrl,
      // One connection per message: the worker sends few messages, and a pooled connection that the
      // server dropped while idle would turn into a failed attempt.
      pool: false,
      connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
      greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
      socketTimeout: SMTP_RESPONSE_TIMEOUT_MS,
    }),
  );
  const url = new URL(smtpUrl);
  return {
    describe: `SMTP ${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
    async send({ to, from, subject, text, html, messageId, attachments = [], headers = {} }) {
      await (await transporter).sendMail({ to, from, subject, text, html, messageId, attachments, headers });
    },
  };
}

function createOutboxFolderTransport(outboxDir: string, logger: MailLogger): MailTransport {
  return {
    describe: `outbox folder ${outboxDir} (SMTP_URL is not set)`,
    async send({ to, from, subject, text, html, messageId, attachments = [], headers = {} }) {
      const sentAt = new Date().toISOString();
      // Sortable by time and safe on every file system (no colons).
      const name = `${sentAt.replace(/[:.]/g, '-')}-${randomUUID()}.json`;
      await mkdir(outboxDir, { recursive: true });
      // Written under a dot-name first, then renamed: a reader (an end-to-end test polling the
      // folder) never sees half a message.
      const temporaryPath = join(outboxDir, `.${name}.tmp`);
      await writeFile(
        temporaryPath,
        JSON.stringify({ to, from, subject, text, html, messageId, sentAt, attachments, headers }, null, 2),
      );
      await rename(temporaryPath, join(outboxDir, name));
      logger.info({ to, subject, links: extractLinks(text), file: name }, 'mail kept in outbox');
    },
  };
}

/** The links in a plain-text body, so whoever runs the server can click them from the console. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}
