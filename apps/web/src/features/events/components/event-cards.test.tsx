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

  it('shows a guest the guest rate with the member rate beside it, and a member in good standing the member rate', () => {
    const event = {
      price: 4500,
      price_range: { lowest: 180_000, highest: 450_000, member: 180_000, guest: 450_000 },
    };
    expect(eventPriceText(event)).toBe('₱4,500.00 · Members ₱1,800.00');
    expect(eventPriceText(event, { goodStanding: false })).toBe('₱4,500.00 · Members ₱1,800.00');
    expect(eventPriceText(event, { goodStanding: true })).toBe('₱1,800.00');
    // No member tier: everyone pays the guest rate; no guest tier: the range as before.
    expect(
      eventPriceText(
        { price: 500, price_range: { lowest: 50_000, highest: 50_000, member: null, guest: 50_000 } },
        { goodStanding: true },
      ),
    ).toBe('₱500.00');
    expect(
      eventPriceText({
        price: 0,
        price_range: { lowest: 20_000, highest: 25_000, member: 20_000, guest: null },
      }),
    ).toBe('From ₱200.00');
  });
});
