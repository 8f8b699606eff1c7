// Money as people read and type it (docs/product-rules.md "Money, dates and content"): amounts are
// integer centavos everywhere else. A module of its own, apart from dues.ts, so that a public page
// showing a price loads these two functions, not the dues module's labels and messages.

const pesoFormat = new Intl.NumberFormat('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '₱15,000.00' from 1500000 centavos; integer arithmetic, so no amount is ever rounded. */
export function formatCentavos(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Not a whole number of centavos: ${centavos}`);
  const sign = centavos < 0 ? '-' : '';
  const absolute = Math.abs(centavos);
  const pesos = Math.trunc(absolute / 100);
  const cents = String(absolute % 100).padStart(2, '0');
  return `${sign}₱${pesoFormat.format(pesos).replace(/\.00$/, '')}.${cents}`;
}

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
