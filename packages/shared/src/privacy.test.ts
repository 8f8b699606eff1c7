import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consentBodyOf, registerBodySchema } from './index';
import {
  CONSENT_LABELS,
  CONSENT_PURPOSES,
  CURRENT_NOTICE_VERSION,
  OPTIONAL_CONSENT_PURPOSES,
  PRIVACY_NOTICE,
  RETENTION_SCHEDULE,
} from './privacy';

describe('the privacy notice (docs/product-rules.md "Privacy")', () => {
  it('has a version and a publication date', () => {
    expect(PRIVACY_NOTICE.version).toBe(CURRENT_NOTICE_VERSION);
    expect(PRIVACY_NOTICE.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('names a lawful basis of RA 10173 for every purpose, and the three kinds of recipient', () => {
    for (const purpose of PRIVACY_NOTICE.purposes) {
      expect(['consent', 'contract', 'legal obligation', 'legitimate interest']).toContain(purpose.basis);
    }
    expect(PRIVACY_NOTICE.sharing.map((recipient) => recipient.who).join(' ')).toMatch(
      /Payment gateways.*PRC.*e-mail provider/,
    );
  });

  it('shows the retention schedule of docs/product-rules.md, row for row', () => {
    const rules = readFileSync(new URL('../../../docs/product-rules.md', import.meta.url), 'utf8');
    const start = rules.indexOf('### Retention schedule');
    const table = rules.slice(start, rules.indexOf('\n## ', start));
    const rows = [...table.matchAll(/^\| (?!data \|)(?!---)(.+?) \| (.+?) \|$/gm)].map((match) => ({
      data: match[1],
      kept: match[2],
    }));
    expect(rows).toEqual(RETENTION_SCHEDULE.map((row) => ({ data: row.data, kept: row.kept })));
  });
});

describe('consent purposes', () => {
  it('the notice and three optional ones, each optional one with its label', () => {
    expect(CONSENT_PURPOSES).toEqual(['privacy_notice', ...OPTIONAL_CONSENT_PURPOSES]);
    for (const purpose of OPTIONAL_CONSENT_PURPOSES) expect(CONSENT_LABELS[purpose].label).not.toBe('');
  });

  it('a form sends the notice version only when its box is ticked, and the ticked purposes', () => {
    const none = { announcements_email: false, member_directory: false, cpd_prc_report: false };
    expect(consentBodyOf({ acceptNotice: false, optionalConsents: none })).toEqual({
      noticeVersion: '',
      consents: [],
    });
    expect(
      consentBodyOf({ acceptNotice: true, optionalConsents: { ...none, cpd_prc_report: true } }),
    ).toEqual({ noticeVersion: CURRENT_NOTICE_VERSION, consents: ['cpd_prc_report'] });
  });

  it('registration refuses a blank notice with its message, and takes the specification’s body without one', () => {
    const body = { username: 'ana_cruz', email: 'a@example.com', password: 'Correct-Horse-9' };
    const blank = registerBodySchema.safeParse({ ...body, noticeVersion: ' ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['noticeVersion', 'Please read and accept the privacy notice'],
    ]);
    expect(registerBodySchema.safeParse(body).success).toBe(true);
  });
});
