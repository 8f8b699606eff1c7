// Money as people type it (docs/product-rules.md "Money, dates and content"): amounts are integer
// centavos everywhere else; format.ts writes them out. A module of its own, apart from dues.ts, so
// that a form taking an amount loads this function, not the dues module's labels and messages.

/**
 * Pesos as a person types them ('15,000', '1500.5', '₱ 3,000.00') in centavos, or null when the
 * text is not an amount with at most two decimals. Read as text, never through floating point.
 */
export function parsePesos(text: string): number | null {
  const cleaned = text.replace(/[₱,\s]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
