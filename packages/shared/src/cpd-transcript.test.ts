import { describe, expect, it } from 'vitest';
import { addMonths, addYears, renewalPeriods, unitsRequiredFor } from './cpd-transcript';

describe('units required by renewal year (PRC Memorandum Order 98 of 2023, as configured)', () => {
  it('holds each figure from its year: 15, 20, 30, then 45 from 2027; none before 2024', () => {
    expect([2023, 2024, 2025, 2026, 2027, 2031].map(unitsRequiredFor)).toEqual([0, 15, 20, 30, 45, 45]);
  });
});

describe('renewal periods', () => {
  it('end on the expiry, three years each, newest first, never before the registration date', () => {
    expect(renewalPeriods('2019-05-20', '2027-04-02')).toEqual([
      { from: '2024-04-03', to: '2027-04-02', renewalYear: 2027 },
      { from: '2021-04-03', to: '2024-04-02', renewalYear: 2024 },
      { from: '2019-05-20', to: '2021-04-02', renewalYear: 2021 },
    ]);
    expect(renewalPeriods('2025-01-10', '2028-01-10')).toEqual([
      { from: '2025-01-10', to: '2028-01-10', renewalYear: 2028 },
    ]);
  });

  it('moves dates by calendar months and years, the end of a short month kept', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-12-03', -5)).toBe('2026-07-03');
    expect(addYears('2028-02-29', -3)).toBe('2025-02-28');
  });
});
