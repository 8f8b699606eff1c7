// Personal data shown to fewer people than hold the screen (docs/product-rules.md "CPD certificates",
// docs/decisions/066-private-files-and-verification-codes.md).

/** The character that stands for each hidden one. */
export const MASK_CHARACTER = '•';

/** How many of a PRC licence number's last characters a masked one keeps, to tell two apart. */
export const PRC_NUMBER_VISIBLE_DIGITS = 2;

/**
 * A PRC licence number as lists, CSV exports and logs show it: every character but the last two
 * replaced, the length kept ('0012367' → '•••••67'). Its owner and staff opening that person's
 * record see it in full; the CPD attendance report to the PRC prints it in full. A number of two
 * characters or fewer is hidden whole.
 */
export function maskPrcNumber(prcNumber: string): string {
  const visible = prcNumber.length > PRC_NUMBER_VISIBLE_DIGITS ? PRC_NUMBER_VISIBLE_DIGITS : 0;
  return MASK_CHARACTER.repeat(prcNumber.length - visible) + prcNumber.slice(prcNumber.length - visible);
}
