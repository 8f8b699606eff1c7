// What other modules may use of the audit log (docs/decisions/034-modules-by-domain.md).
export { type AdminActionRecord, changesBetween, recordAdminAction } from './service';
