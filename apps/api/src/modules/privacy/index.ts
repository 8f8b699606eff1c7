// What others may use of the privacy module (docs/decisions/034-modules-by-domain.md): the consent
// records read by announcements, the session's profile, registration and the membership form.

// "Download my data": the job that builds the exports (modules/jobs/registry.ts).
export { DATA_EXPORTS_JOB, runDataExports } from './export';
export { applyRetention, RETENTION_BATCH_SIZE, type RetentionReport, retentionCutoffs } from './retention';
export {
  acceptedNoticeVersionSql,
  changeMyConsent,
  checkNoticeVersion,
  consentGiven,
  consentGivenOn,
  recordConsents,
  recordFormConsents,
} from './service';
