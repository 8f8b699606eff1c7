import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { TICKET_PATTERN } from '@portal/shared';
import QRCode from 'qrcode';
import type { Config } from '../config';
import type { MailAttachment } from '../db/schema';
import { keyFor, loadOrCreateJwtSecret } from './tokens';

/**
 * Event tickets (docs/decisions/053): `<registration id>.<version>.<signature>`, where the id is
 * the registration's UUID as 16 bytes in base64url, the version the registration's
 * `ticket_version`, and the signature HMAC-SHA256 of both under the ticket key, cut to 128 bits
 * (RFC 2104 §5 allows truncation to half the output or more). About 47 characters, so the QR code
 * stays small (33 × 33 modules) and scans from a cracked phone screen. The key is derived from the
 * server's signing secret for this purpose only (`keyFor`), so no other signed value passes as a
 * ticket.
 */

export type TicketSecrets = Pick<Config, 'dataDir' | 'auth'>;

/** The ticket key from the configuration (the secret is generated on first start when not given). */
export const ticketKeyOf = (config: TicketSecrets) => keyFor(loadOrCreateJwtSecret(config), 'event ticket');

const signatureOf = (key: string, registrationId: string, version: number) =>
  createHmac('sha256', key).update(`${registrationId}.${version}`).digest().subarray(0, 16);

export function signTicket(key: string, registrationId: string, version: number): string {
  const id = Buffer.from(registrationId.replaceAll('-', ''), 'hex').toString('base64url');
  return `${id}.${version}.${signatureOf(key, registrationId, version).toString('base64url')}`;
}

/** The registration and version a ticket names, when its signature is ours; null for anything else. */
export function readTicket(key: string, token: string): { registrationId: string; version: number } | null {
  const match = TICKET_PATTERN.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const hex = Buffer.from(match[1], 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const registrationId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const version = Number(match[2]);
  const given = Buffer.from(match[3], 'base64url');
  const expected = signatureOf(key, registrationId, version);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { registrationId, version };
}

/**
 * What the offline check-in list holds instead of the ticket: its SHA-256 in hex. A phone compares
 * a scanned ticket's hash with it; the list alone cannot make a ticket.
 */
export const ticketCheckOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The ticket as a PNG QR code: error correction M, 8 pixels a module, the standard quiet zone. */
export const ticketPng = (token: string) =>
  QRCode.toBuffer(token, { type: 'png', errorCorrectionLevel: 'M', scale: 8, margin: 4 });

export async function ticketAttachment(token: string, eventTitle: string): Promise<MailAttachment> {
  const slug =
    eventTitle
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'event';
  return {
    filename: `ticket-${slug}.png`,
    contentType: 'image/png',
    content: (await ticketPng(token)).toString('base64'),
    encoding: 'base64',
  };
}
