// What other modules may use of CPD (docs/decisions/034-modules-by-domain.md).

// A certificate's PDF as issued, for its owner's data export (modules/privacy/export.ts).
export { renderCertificatePdf } from './certificate-pdf';
export { certificateReads } from './routes';
export { sendTranscriptReminders } from './transcript';
