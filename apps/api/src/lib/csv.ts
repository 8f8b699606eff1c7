// How every CSV export of the API writes its cells (the users list, the dues statements).
import type { CastReturnObject, Options } from 'csv-stringify';

/**
 * A phone or fax number as people write it ('+63 917 555 0101', '(02) 8123-4567'): digits,
 * spaces, + ( ) and -, with a digit. A spreadsheet may compute it as arithmetic at worst, never
 * call a function or another program, so it is exported as written.
 */
const PHONE_NUMBER = /^(?=.*\d)[\d +()-]+$/;

/**
 * How a cell is written (csv-stringify): quoted when it holds a quote, comma or line break, and a
 * value a spreadsheet would run as a formula (it starts with = + - @, a tab or CR, or their
 * full-width forms: OWASP "CSV Injection") prefixed with ', unless it is only a phone number.
 */
export const CSV_CELL_OPTIONS = {
  escape_formulas: true,
  cast: {
    // The per-value options csv-stringify merges in; its types leave escape_formulas out of them.
    string: (value: string) =>
      PHONE_NUMBER.test(value) ? ({ value, escape_formulas: false } as CastReturnObject) : value,
  },
} satisfies Options;

/** Pesos with two decimals and no sign or separators, as a spreadsheet reads a number. */
export const csvPesos = (centavos: number) =>
  `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
