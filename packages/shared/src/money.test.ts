import { describe, expect, it } from 'vitest';
import { formatCentavos, parsePesos } from './money';

describe('formatCentavos', () => {
  it.each([
    [0, '₱0.00'],
    [1, '₱0.01'],
    [99, '₱0.99'],
    [100, '₱1.00'],
    [1_500_000, '₱15,000.00'],
    [123_456_789, '₱1,234,567.89'],
    [-500, '-₱5.00'],
    [-123_456_789, '-₱1,234,567.89'],
  ])('formats %i centavos as %s', (centavos, expected) => {
    expect(formatCentavos(centavos)).toBe(expected);
  });

  it('refuses fractions of a centavo', () => {
    expect(() => formatCentavos(10.5)).toThrow(RangeError);
    expect(() => formatCentavos(Number.NaN)).toThrow(RangeError);
  });
});

describe('parsePesos', () => {
  it.each([
    ['15,000', 1_500_000],
    ['1500.5', 150_050],
    ['₱ 3,000.00', 300_000],
    ['0.01', 1],
  ])('reads %s as %i centavos', (text, expected) => {
    expect(parsePesos(text)).toBe(expected);
  });

  it.each(['', 'abc', '1.005', '-5', '1e3', '12,34.5.6'])('refuses %s', (text) => {
    expect(parsePesos(text)).toBeNull();
  });
});
