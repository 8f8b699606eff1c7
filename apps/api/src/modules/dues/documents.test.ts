import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amountInWords,
  type ReceiptDocument,
  renderReceiptPdf,
  renderStatementPdf,
  type StatementDocument,
} from './documents';

// The PDFs are read back the way a person's viewer would: poppler's pdftotext finds the words only
// if the embedded font maps its glyphs back to the characters (the peso sign above all).
// DUES_PDF_DIR keeps them in a folder of one's choice, to look at.
if (spawnSync('pdftotext', ['-v']).error) {
  throw new Error("These tests read the PDFs with poppler's pdftotext and pdffonts: install poppler-utils");
}
const dir = process.env.DUES_PDF_DIR ?? mkdtempSync(join(tmpdir(), 'dues-pdf-'));
afterAll(() => {
  if (!process.env.DUES_PDF_DIR) rmSync(dir, { recursive: true, force: true });
});

function save(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}
const textOf = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
const pagesOf = (path: string) =>
  Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);

const association = {
  name: 'Mining Engineers Association of the Philippines, Inc.',
  address: 'Unit 1204, Cityland Pasong Tamo Tower, 2210 Chino Roces Avenue, Makati City 1231, Metro Manila',
  tin: '000-123-456-000',
};
const member = {
  name: 'Ma. Cristina Dela Cruz-Villanueva',
  tin: '123-456-789-000',
  address: 'Blk 7 Lot 12, Sampaguita Street, Barangay San Isidro, Baguio City, Benguet 2600',
  email: 'cristina.delacruz@example.ph',
};
const instructions = [
  'Bank transfer: BDO Unibank, Makati Chino Roces branch. Account name: Mining Engineers Association of the Philippines, Inc. Account no. 0012-3456-7890 (peso savings). Please send the deposit slip or the transfer confirmation to treasurer@meap.example.ph so that we can match your payment within two banking days.',
  'GCash: 0917 123 4567 (M**A E****S A.) — put your statement number in the message.',
  'Maya: 0918 765 4321',
  'Cash or cheque at the secretariat, Monday to Friday, 9:00 to 17:00. Make cheques payable to "Mining Engineers Association of the Philippines, Inc.".',
].join('\n');

const statement: StatementDocument = {
  association,
  number: 'SOA-2026-000123',
  issuedOn: '2026-01-05',
  dueOn: '2026-02-04',
  status: 'Partly paid',
  billedTo: member,
  lines: [
    {
      description: 'Annual membership dues, regular member',
      period: '1 January 2026 to 31 December 2026',
      amountCentavos: 1_500_000,
    },
    {
      description: 'Arrears: membership dues for the second half of 2025, carried over from SOA-2025-000987',
      period: '1 July 2025 to 31 December 2025',
      amountCentavos: 750_000,
    },
    {
      description: 'Building fund contribution',
      period: '1 January 2026 to 30 June 2026',
      amountCentavos: 123_456_789,
    },
  ],
  totalCentavos: 125_706_789,
  paidCentavos: 500_000,
  balanceCentavos: 125_206_789,
  paymentInstructions: instructions,
  qrImage: null,
  voidReason: null,
};

const receipt: ReceiptDocument = {
  association,
  number: 'AR-2026-000045',
  receivedOn: '2026-01-20',
  receivedFrom: member,
  amountCentavos: 1_500_000,
  method: 'Bank transfer',
  reference: 'BDO-TRX-20260120-884213',
  statementNumber: 'SOA-2026-000123',
  birInvoiceNumber: '0001234',
};

/**
 * A QR-like image: the three finder squares and a fixed scatter of modules. Not a readable code, but
 * the size and contrast of one, which is what the layout has to hold.
 */
async function fakeQr(format: 'png' | 'jpeg'): Promise<Uint8Array> {
  const modules = 29;
  const scale = 8;
  const size = modules * scale;
  const inFinder = (row: number, col: number) =>
    [
      [0, 0],
      [0, modules - 7],
      [modules - 7, 0],
    ].some(([top = 0, left = 0]) => {
      const r = row - top;
      const c = col - left;
      if (r < 0 || c < 0 || r > 6 || c > 6) return false;
      return r === 0 || r === 6 || c === 0 || c === 6 || (r >= 2 && r <= 4 && c >= 2 && c <= 4);
    });
  const pixels = Buffer.alloc(size * size, 255);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!inFinder(row, col) && (row * 31 + col * 17 + row * col) % 3 !== 0) continue;
      for (let y = row * scale; y < (row + 1) * scale; y++) {
        pixels.fill(0, y * size + col * scale, y * size + (col + 1) * scale);
      }
    }
  }
  const image = sharp(pixels, { raw: { width: size, height: size, channels: 1 } });
  return new Uint8Array(await (format === 'png' ? image.png() : image.jpeg()).toBuffer());
}

describe('the Statement of Account', () => {
  let path: string;
  let text: string;
  beforeAll(async () => {
    path = save(
      'statement.pdf',
      await renderStatementPdf({ ...statement, qrImage: { bytes: await fakeQr('png'), type: 'image/png' } }),
    );
    text = textOf(path);
  });

  it('shows the association, the member, the number and the dates', () => {
    expect(text).toContain('Statement of Account');
    expect(text).toContain('Mining Engineers Association of the Philippines, Inc.');
    expect(text).toContain('TIN 000-123-456-000');
    expect(text).toContain('Ma. Cristina Dela Cruz-Villanueva');
    expect(text).toContain('TIN 123-456-789-000');
    expect(text).toContain('Baguio City');
    expect(text).toContain('SOA-2026-000123');
    expect(text).toContain('5 January 2026');
    expect(text).toContain('4 February 2026');
    expect(text).toContain('Partly paid');
  });

  it('lists each line with its period and its amount in pesos, then the totals', () => {
    expect(text).toContain('1 January 2026 to 31 December 2026');
    expect(text).toContain('1 July 2025 to 31 December 2025');
    expect(text).toMatch(/Annual membership dues, regular.*₱15,000\.00/);
    expect(text).toContain('₱7,500.00');
    expect(text).toContain('₱1,234,567.89');
    expect(text).toMatch(/Total\s+₱1,257,067\.89/);
    expect(text).toMatch(/Payments received\s+₱5,000\.00/);
    expect(text).toMatch(/Balance due\s+₱1,252,067\.89/);
  });

  it('prints the payment instructions whole, wrapped within the page', () => {
    expect(text).toContain('How to pay');
    expect(text).toContain('GCash: 0917 123 4567');
    expect(text).toContain('Maya: 0918 765 4321');
    expect(text).toContain('treasurer@meap.example.ph');
    expect(text).not.toContain('VOID');
    expect(pagesOf(path)).toBe(1);
  });

  it('stays small: the font is embedded as a subset', () => {
    // The whole regular font alone is 750 KB; the statement, QR image included, is about 30 KB.
    expect(statSync(path).size).toBeLessThan(150_000);
    const fonts = execFileSync('pdffonts', [path], { encoding: 'utf8' });
    expect(fonts).toMatch(/\+DejaVuSans\s.*yes\s+yes/);
    expect(fonts).toMatch(/\+DejaVuSans-Bold\s.*yes\s+yes/);
  });

  it('marks a voided statement VOID with its reason', async () => {
    const voided = save(
      'statement-void.pdf',
      await renderStatementPdf({
        ...statement,
        status: 'Void',
        qrImage: { bytes: await fakeQr('jpeg'), type: 'image/jpeg' },
        voidReason: 'Billed to the wrong member; replaced by SOA-2026-000124',
      }),
    );
    const voidText = textOf(voided);
    expect(voidText).toContain('VOID');
    expect(voidText).toContain('Void: Billed to the wrong member; replaced by SOA-2026-000124');
  });

  it('goes on to further pages when the lines do not fit on one', async () => {
    const lines = Array.from({ length: 45 }, (_, index) => ({
      description: `Chapter assessment no. ${index + 1}, with a description long enough to wrap onto a second line`,
      period: '1 January 2026 to 31 March 2026',
      amountCentavos: 10_000 + index,
    }));
    const long = save('statement-long.pdf', await renderStatementPdf({ ...statement, lines }));
    const longText = textOf(long);
    expect(pagesOf(long)).toBeGreaterThan(1);
    expect(longText).toContain('Chapter assessment no. 1,');
    expect(longText).toContain('Chapter assessment no. 45,');
    expect(longText).toContain('Statement of Account SOA-2026-000123 (continued)');
    expect(longText).toContain(`Page 2 of ${pagesOf(long)}`);
    expect(longText).toMatch(/Balance due\s+₱1,252,067\.89/);
  });

  it('asks for no payment once the statement is paid in full, nor on a void one', async () => {
    const paid = textOf(
      save(
        'statement-paid.pdf',
        await renderStatementPdf({
          ...statement,
          status: 'Paid',
          paidCentavos: statement.totalCentavos,
          balanceCentavos: 0,
          qrImage: { bytes: await fakeQr('png'), type: 'image/png' },
        }),
      ),
    );
    expect(paid).toMatch(/Balance due\s+₱0\.00/);
    expect(paid).not.toContain('How to pay');
    expect(paid).not.toContain('GCash: 0917 123 4567');
    expect(paid).not.toContain('Scan with any QR Ph app');
    const voided = textOf(
      save('statement-void-no-pay.pdf', await renderStatementPdf({ ...statement, voidReason: 'Duplicate' })),
    );
    expect(voided).not.toContain('How to pay');
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    await expect(renderStatementPdf({ ...statement, dueOn: '04/02/2026' })).rejects.toThrow(RangeError);
    await expect(renderStatementPdf({ ...statement, dueOn: '2026-02-31' })).rejects.toThrow(RangeError);
  });
});

describe('the Acknowledgement Receipt', () => {
  it('shows the payment, the statement it pays, the BIR invoice and the tax notice', async () => {
    const path = save('receipt.pdf', await renderReceiptPdf(receipt));
    const text = textOf(path);
    expect(text).toContain('Acknowledgement Receipt');
    expect(text).toContain('AR-2026-000045');
    expect(text).toContain('20 January 2026');
    expect(text).toContain('Ma. Cristina Dela Cruz-Villanueva');
    expect(text).toContain('TIN 123-456-789-000');
    expect(text).toContain('₱15,000.00');
    expect(text).toContain('Bank transfer');
    expect(text).toContain('BDO-TRX-20260120-884213');
    expect(text).toMatch(/Amount in words\s+Fifteen Thousand Pesos and 00\/100/);
    expect(text).toContain('For Statement of Account SOA-2026-000123');
    expect(text).toContain('BIR invoice no. 0001234');
    expect(text).toContain('Not valid for claim of input tax');
    expect(text).not.toContain('VOID');
    expect(pagesOf(path)).toBe(1);
  });

  it('leaves out the BIR line when there is no BIR invoice', async () => {
    const path = save(
      'receipt-no-bir.pdf',
      await renderReceiptPdf({ ...receipt, birInvoiceNumber: null, method: 'Cash', reference: null }),
    );
    const text = textOf(path);
    expect(text).toContain('₱15,000.00');
    expect(text).toContain('Not valid for claim of input tax');
    expect(text).not.toContain('BIR invoice');
  });
});

describe('the amount in words', () => {
  it('writes the pesos out and the centavos as a fraction of 100', () => {
    expect(amountInWords(1_500_000)).toBe('Fifteen Thousand Pesos and 00/100');
    expect(amountInWords(350_007)).toBe('Three Thousand Five Hundred Pesos and 07/100');
    expect(amountInWords(125_206_789)).toBe(
      'One Million Two Hundred Fifty Two Thousand Sixty Seven Pesos and 89/100',
    );
    expect(amountInWords(100)).toBe('One Peso and 00/100');
    expect(amountInWords(45)).toBe('Zero Pesos and 45/100');
  });

  it('refuses what is not a whole number of centavos', () => {
    expect(() => amountInWords(12.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });
});
