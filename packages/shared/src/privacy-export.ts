import { z } from 'zod';
import { sitePaths } from './site-routes';

/**
 * "Download my data" (docs/product-rules.md "Privacy", docs/decisions/067): a person asks for a
 * copy of everything the portal keeps about them; a job builds one ZIP and e-mails a link to it.
 */

/** Where an export stands: asked, being built, built (until it expires), failed, or expired and removed. */
export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** The statuses of an export still to be built: a person has at most one of these at a time. */
export const DATA_EXPORT_IN_PROGRESS: readonly DataExportStatus[] = ['queued', 'running'];

/** How long a built export can be downloaded; then the job removes its file. */
export const DATA_EXPORT_VALID_DAYS = 7;
export const DATA_EXPORT_VALID_MS = DATA_EXPORT_VALID_DAYS * 86_400_000;

/** The web page the e-mailed link opens: it asks a signed-out reader to sign in, then downloads. */
export const dataExportPagePath = sitePaths.profileDataExport;
/** The API address (under /api) of an export's ZIP, the signed-in owner's only. */
export const dataExportDownloadPath = (id: string) => `/me/data-export/${encodeURIComponent(id)}/download`;

/** The name the ZIP is saved under, with the day it was built (YYYY-MM-DD). */
export const dataExportFileName = (day: string) => `my-data-${day}.zip`;

export const DATA_EXPORT_MESSAGES = {
  sectionTitle: 'Your data',
  intro:
    'You can download a copy of everything we keep about you: your profile, memberships, statements, payments, event registrations, certificates and consents, with your statements, receipts, certificates and card as they were issued.',
  button: 'Download my data',
  requested:
    'We are preparing your data. We will e-mail you a link when it is ready; it usually takes a minute.',
  preparing: 'Your data is being prepared. We will e-mail you a link when it is ready.',
  readyUntil: (date: string) => `Your data is ready. The download link works until ${date}.`,
  downloadLink: 'Download the ZIP file',
  failed: 'We could not prepare your data. Please ask again; if it fails again, write to the secretariat.',
  expiredHint: 'Your last download link has expired. Ask again for a new one.',
  askFailed: 'Your request could not be sent. Please try again.',
  notFound: 'No such data export',
  expired: 'This download link has expired. Ask for your data again on your profile.',
  notReady: 'Your data is not ready yet. We will e-mail you a link when it is.',
  pageTitle: 'Download your data',
  pageDownloading: 'Your download should start now.',
  pageDownloadAgain: 'Download again',
  pageBack: 'Back to your profile',
  mailSubject: 'Your data is ready to download',
  mailIntro: (date: string) =>
    `You asked for a copy of the data we keep about you. It is ready as one ZIP file. Sign in and download it until ${date}.`,
  mailAction: 'Download my data',
  mailExpiry: `The link works for ${DATA_EXPORT_VALID_DAYS} days, and only when you are signed in to your account.`,
  mailIgnore: 'If you did not ask for your data, sign in and change your password, and tell the secretariat.',
} as const;

/** An export as its owner sees it. */
export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requestedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** Until when the download works (ready exports). */
  expiresAt: z.iso.datetime().nullable(),
  byteSize: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportResponseSchema = z.object({ data: dataExportSchema });
export const latestDataExportResponseSchema = z.object({ data: dataExportSchema.nullable() });
export const dataExportParamsSchema = z.object({ id: z.uuid(DATA_EXPORT_MESSAGES.notFound) });
