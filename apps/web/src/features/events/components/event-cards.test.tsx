import { describe, expect, it } from 'vitest';
import { eventPriceText } from './event-cards';

describe('eventPriceText (docs/product-rules.md "Event prices")', () => {
  it('shows the listed price of an event without tiers', () => {
    expect(eventPriceText({ price: 4500, price_range: null })).toBe('₱4,500.00');
    expect(eventPriceText({ price: null, price_range: null })).toBe('Free');
  });

  it('shows the lowest tier after From when the tiers differ, whatever the listed price', () => {
    expect(eventPriceText({ price: 5500, price_range: { lowest: 220_000, highest: 550_000 } })).toBe(
      'From ₱2,200.00',
    );
    expect(eventPriceText({ price: null, price_range: { lowest: 0, highest: 50_000 } })).toBe(
      'Free to ₱500.00',
    );
  });

  it('shows the one amount of tiers that are all alike', () => {
    expect(eventPriceText({ price: 0, price_range: { lowest: 30_000, highest: 30_000 } })).toBe('₱300.00');
    expect(eventPriceText({ price: 500, price_range: { lowest: 0, highest: 0 } })).toBe('Free');
  });
});
