import { describe, expect, it } from 'vitest';
import { parsePesos } from './money';

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
