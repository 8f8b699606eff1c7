import { describe, expect, it } from 'vitest';
import { RETENTION_SCHEDULE } from './privacy';
import { RETENTION_PERIODS } from './privacy-retention';

const keptFor = (data: string) => RETENTION_SCHEDULE.find((row) => row.data === data)?.kept ?? '';

describe('the periods the retention job applies', () => {
  it('are the ones the schedule states in words', () => {
    expect(keptFor('Accounts never confirmed')).toMatch(
      new RegExp(`^${RETENTION_PERIODS.unconfirmedAccountDays} days after registration`),
    );
    expect(keptFor('Membership applications that were rejected')).toMatch(
      new RegExp(`^${RETENTION_PERIODS.rejectedApplicationYears} year after the decision`),
    );
    expect(keptFor('Payment proofs')).toMatch(
      new RegExp(`^${RETENTION_PERIODS.paymentProofYears} years after the payment`),
    );
    expect(keptFor('Sessions and sign-in records')).toBe(`${RETENTION_PERIODS.sessionDays} days`);
    expect(keptFor('E-mail delivery logs')).toBe(`${RETENTION_PERIODS.deliveryLogYears} year`);
    expect(keptFor('Statements of account, receipts and payments')).toMatch(
      new RegExp(`^${RETENTION_PERIODS.statementNameYears} years, .*; then the name is replaced$`),
    );
    expect(keptFor('Consent records')).toMatch(
      new RegExp(`, and ${RETENTION_PERIODS.consentAfterClosureYears} years after it closes, `),
    );
    expect(keptFor('Audit log of staff actions')).toMatch(
      new RegExp(`^${RETENTION_PERIODS.auditLogYears} years`),
    );
  });
});
