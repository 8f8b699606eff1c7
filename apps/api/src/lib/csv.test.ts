import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CSV_CELL_OPTIONS } from './csv';

/** One cell as the users export writes it (without the file's byte order mark and line end). */
const csvCell = (value: string | null | undefined) =>
  stringify([[value]], { ...CSV_CELL_OPTIONS, bom: false }).replace(/\r\n$/, '');

describe('a cell of the users export', () => {
  it('prefixes with an apostrophe what a spreadsheet would run as a formula (OWASP: = + - @ tab CR)', () => {
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvCell('+SUM(A1:A9)')).toBe("'+SUM(A1:A9)");
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(csvCell('@import')).toBe("'@import");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe(`"'\r=1+1"`);
    // A tab or a letter after a phone-like start is not a phone number.
    expect(csvCell('+63\t917')).toBe("'+63\t917");
    expect(csvCell('+63 917 CALL')).toBe("'+63 917 CALL");
    expect(csvCell('-')).toBe("'-");
    // The full-width forms a spreadsheet may read as the same signs.
    expect(csvCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
  });

  it('leaves a value that is only a phone number as written', () => {
    expect(csvCell('+63 917 555 0101')).toBe('+63 917 555 0101');
    expect(csvCell('+63 (2) 8123-4567')).toBe('+63 (2) 8123-4567');
    expect(csvCell('-0917-555-0101')).toBe('-0917-555-0101');
    expect(csvCell('0917 555 0101')).toBe('0917 555 0101');
  });

  it('quotes a quote, a comma or a line break, and writes nothing for no value', () => {
    expect(csvCell('Unit 5, "Ore" Tower')).toBe('"Unit 5, ""Ore"" Tower"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});
