// What other modules may use of CPD (docs/decisions/034-modules-by-domain.md).
export { certificateReads } from './routes';
export { sendTranscriptReminders } from './transcript';
