import { describe, expect, it } from 'vitest';
import {
  type CpdUnitSettings,
  formatCertificateNumber,
  hoursAttended,
  hundredthsOf,
  unitsEarned,
} from './cpd';
import { formatHundredths } from './format';
import { cpdSettingsSchema, prcDetailsSchema } from './schemas/cpd';

const settings: CpdUnitSettings = {
  participant_units_per_hour: '0.5',
  speaker_units_per_talk: '3',
  moderator_units: '1.5',
  facilitator_units: '1',
  morning_hours: '3.5',
  afternoon_hours: '4',
  day_hours: '3',
};

describe('CPD units (docs/product-rules.md "CPD certificates")', () => {
  it('reads and writes hundredths exactly', () => {
    expect(['0', '1', '1.5', '1.05', '12.25', '3.50'].map(hundredthsOf)).toEqual([
      0, 100, 150, 105, 1225, 350,
    ]);
    expect([0, 100, 150, 105, 1225, 350].map(formatHundredths)).toEqual([
      '0',
      '1',
      '1.5',
      '1.05',
      '12.25',
      '3.5',
    ]);
  });

  it('counts the hours of the sessions checked into, and each role’s units on top', () => {
    expect(hoursAttended(settings, ['morning', 'afternoon'])).toBe(750);
    expect(unitsEarned(settings, ['morning', 'afternoon'], 'participant')).toBe(375);
    // 3.5 hours at 0.5 is 1.75; a speaker of two talks adds 6.
    expect(unitsEarned(settings, ['morning'], 'speaker', 2)).toBe(775);
    expect(unitsEarned(settings, ['day'], 'moderator')).toBe(300);
    expect(unitsEarned(settings, [], 'facilitator')).toBe(100);
    // An hour's units are rounded down to the hundredth: 3.5 h at 0.33 is 1.155 → 1.15.
    expect(unitsEarned({ ...settings, participant_units_per_hour: '0.33' }, ['morning'], 'participant')).toBe(
      115,
    );
  });

  it('numbers certificates per year, five digits and more', () => {
    expect(formatCertificateNumber(2026, 1)).toBe('CPD-2026-00001');
    expect(formatCertificateNumber(2026, 123_456)).toBe('CPD-2026-123456');
  });
});

describe('CPD schemas', () => {
  it('take units and hours as a person types them, at most two decimals and in range', () => {
    const base = {
      provider_name: 'P',
      provider_accreditation_number: 'A',
      provider_accreditation_valid_until: '2028-12-31',
      program_accreditation_number: 'G',
      signatory_name: 'S',
      signatory_title: 'T',
      ...settings,
    };
    expect(cpdSettingsSchema.parse({ ...base, speaker_units_per_talk: 3 }).speaker_units_per_talk).toBe('3');
    expect(cpdSettingsSchema.parse({ ...base, morning_hours: ' 3.50 ' }).morning_hours).toBe('3.5');
    for (const bad of ['1.234', '-1', '25', 'abc', '']) {
      expect(cpdSettingsSchema.safeParse({ ...base, morning_hours: bad }).success).toBe(false);
    }
    expect(
      cpdSettingsSchema.safeParse({ ...base, provider_accreditation_valid_until: '2028-02-30' }).success,
    ).toBe(false);
  });

  it('want a seven-digit PRC number', () => {
    const details = { prc_name: 'Ana Reyes', profession: 'Geologist' };
    expect(prcDetailsSchema.safeParse({ ...details, prc_number: '0012345' }).success).toBe(true);
    for (const bad of ['012345', '00123456', '00l2345']) {
      expect(prcDetailsSchema.safeParse({ ...details, prc_number: bad }).success).toBe(false);
    }
  });
});
