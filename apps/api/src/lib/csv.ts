// How every CSV export of the API writes its cells (the users list, the dues statements).
import type { CastReturnObject, Options } from 'csv-stringify';

/**
 * A phone or fax number as people write it ('+63 917 555 0101', '(02) 8123-4567'): digits,
 * spaces, + ( ) and -, with a digit. A spreadsheet may compute it as arithmetic at worst, never
 * call a function or another program, so it is exported as written.
 */
const PHONE_NUMBER = /^(?=.*\d)[\d +()-]+$/;

/**
 * How a file and its cells are written (csv-stringify). The file starts with the UTF-8 byte order
 * mark, without which Excel on Windows reads "Parañaque" and "₱" in the system's code page, and
 * ends every line, the last one too, with CRLF (RFC 4180), whichever export it is. A cell is
 * quoted when it holds a quote, comma or line break, and a value a spreadsheet would run as a
 * formula (it starts with = + - @, a tab or CR, or their full-width forms: OWASP "CSV Injection")
 * is prefixed with ', unless it is only a phone number.
 */
export const CSV_CELL_OPTIONS = {
  bom: true,
  record_delimiter: 'windows',
  // csv-stringify quotes a value holding the record delimiter; with CRLF that leaves a lone LF or
  // CR unquoted, which a spreadsheet reads as the end of the row.
  quoted_match: /[\r\n]/,
  escape_formulas: true,
  cast: {
    // The per-value options csv-stringify merges in; its types leave escape_formulas out of them.
    string: (value: string) =>
      PHONE_NUMBER.test(value) ? ({ value, escape_formulas: false } as CastReturnObject) : value,
  },
} satisfies Options;
