import { createHash } from 'node:crypto';
import { TICKET_PATTERN } from '@portal/shared';
import QRCode from 'qrcode';
import type { Config } from '../config';
import type { MailAttachment } from '../db/schema';
import { keyFor, loadOrCreateJwtSecret, readSignedValue, signValue } from './tokens';

/**
 * Event tickets (docs/decisions/053): `<registration id>.<version>` signed (`signValue`), where the
 * version is the registration's `ticket_version`: about 82 characters, a QR code of 41 × 41
 * modules. The key is derived from the server's signing secret for this purpose only (`keyFor`),
 * so no other signed value passes as a ticket.
 */

export type TicketSecrets = Pick<Config, 'dataDir' | 'auth'>;

/** The ticket key from the configuration (the secret is generated on first start when not given). */
export const ticketKeyOf = (config: TicketSecrets) => keyFor(loadOrCreateJwtSecret(config), 'event ticket');

export const signTicket = (key: string, registrationId: string, version: number) =>
  signValue(key, `${registrationId}.${version}`);

/** The registration and version a ticket names, when its signature is ours; null for anything else. */
export function readTicket(key: string, token: string): { registrationId: string; version: number } | null {
  const match = TICKET_PATTERN.exec(token);
  if (!match?.[1] || !match[2] || readSignedValue(key, token) === null) return null;
  return { registrationId: match[1], version: Number(match[2]) };
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
