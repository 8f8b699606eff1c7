// The two printable documents of the dues: the Statement of Account a member is billed with and the
// Acknowledgement Receipt for a payment. Amounts are integer centavos throughout (docs/architecture.md
// "Money"); this module only lays out what the caller has already computed and numbered.
//
// pdfkit rather than pdf-lib: pdfkit wraps text, flows it onto new pages and subsets embedded fonts
// with upstream fontkit, while pdf-lib's fontkit fork can silently drop glyphs when it subsets a
// TrueType font (text still extracts, the page shows blanks), and without subsetting every PDF would
// carry the whole font (~750 KB).
import { readFile } from 'node:fs/promises';
import { createRequire as createModuleRequire } from 'node:module';
import { formatCentavos, formatDocumentDate } from '@portal/shared';
// The Philippine locale alone: the package's main entry loads every one of its 135 locales.
import { toWords } from 'to-words/en-PH';

export type DocumentParty = {
  name: string;
  tin: string | null;
  address: string | null;
  email?: string | null;
};

export type StatementDocument = {
  association: { name: string; address: string; tin: string };
  number: string;
  issuedOn: string;
  dueOn: string;
  status: string;
  billedTo: DocumentParty;
  /** Each billed line: what it is, the period it covers as the reader should see it, the amount. */
  lines: { description: string; period: string; amountCentavos: number }[];
  totalCentavos: number;
  paidCentavos: number;
  balanceCentavos: number;
  /** Free text over several lines: bank account, GCash and Maya numbers. */
  paymentInstructions: string;
  /** A QR Ph code printed beside the instructions (pdfkit tells PNG from JPEG by the bytes). */
  qrImage?: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null;
  /** When set, the statement is marked VOID with this reason. */
  voidReason?: string | null;
};

export type ReceiptDocument = {
  association: { name: string; address: string; tin: string };
  number: string;
  receivedOn: string;
  receivedFrom: DocumentParty;
  amountCentavos: number;
  method: string;
  reference: string | null;
  /** The Statement of Account this payment settles. */
  statementNumber: string;
  /** Printed only when the association has issued a BIR-registered invoice for the payment. */
  birInvoiceNumber: string | null;
};

/**
 * The amount as a Philippine receipt writes it out, 'Fifteen Thousand Pesos and 00/100': the pesos
 * in words (to-words), the centavos as a fraction of 100.
 */
export function amountInWords(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) {
    throw new RangeError(`Not a whole, non-negative number of centavos: ${centavos}`);
  }
  const pesos = Math.floor(centavos / 100);
  const fraction = String(centavos % 100).padStart(2, '0');
  return `${toWords(pesos)} ${pesos === 1 ? 'Peso' : 'Pesos'} and ${fraction}/100`;
}

/**
 * pdfkit, imported with the first document rather than at start: it and fontkit hold about 7 MB
 * of the server's idle memory, and most processes never draw a PDF (docs/decisions/063).
 */
export async function loadPdfKit(): Promise<typeof import('pdfkit')> {
  return (await import('pdfkit')).default;
}

// The standard PDF fonts have no peso sign, so DejaVu Sans is embedded (subset to the glyphs used).
// It is resolved from its npm package rather than the system's fonts, which a server may not have,
// and read once, on the first document.
type Fonts = { regular: Buffer; bold: Buffer };
let fontsLoading: Promise<Fonts> | undefined;
export function loadFonts(): Promise<Fonts> {
  fontsLoading ??= (async () => {
    // Aliased: the production bundle's banner already declares `createRequire` at the top of
    // dist/main.js, and a second import under that name would be a SyntaxError there.
    const resolveFromHere = createModuleRequire(import.meta.url).resolve;
    const [regular, bold] = await Promise.all([
      readFile(resolveFromHere('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      readFile(resolveFromHere('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    ]);
    return { regular, bold };
  })();
  // A failed read is not cached: the next document tries again.
  fontsLoading.catch(() => {
    fontsLoading = undefined;
  });
  return fontsLoading;
}

// A4 in points, with the same 50 pt margin on every side.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const LEFT = MARGIN;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - LEFT;
const BOTTOM = PAGE_HEIGHT - MARGIN;

const INK = '#1f2328';
const MUTED = '#5b6169';
const RULE = '#c5c9ce';
const FAINT_RULE = '#e3e6e9';
const VOID_RED = '#b3261e';

type Pdf = PDFKit.PDFDocument;

async function createPdf(title: string, author: string): Promise<Pdf> {
  const fonts = await loadFonts();
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    // Kept so that every page can get its footer (and a void statement its mark) once the page
    // count is known.
    bufferPages: true,
    info: { Title: title, Author: author, Creator: author },
    lang: 'en-PH',
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.font('regular').fillColor(INK).lineGap(1.5);
  return doc;
}

function finish(doc: Pdf): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => {
      const all = Buffer.concat(chunks);
      resolve(new Uint8Array(all.buffer, all.byteOffset, all.byteLength));
    });
    doc.on('error', reject);
    doc.end();
  });
}

type TextStyle = { font?: 'regular' | 'bold'; size?: number; color?: string };
function style(doc: Pdf, { font = 'regular', size = 10, color = INK }: TextStyle): Pdf {
  return doc.font(font).fontSize(size).fillColor(color);
}

/** Writes `text` in a box `width` wide and returns the y below it. */
function write(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  textStyle: TextStyle = {},
  align: 'left' | 'right' | 'center' = 'left',
): number {
  style(doc, textStyle).text(text, x, y, { width, align });
  return doc.y;
}

function measure(doc: Pdf, text: string, width: number, textStyle: TextStyle = {}): number {
  return style(doc, textStyle).heightOfString(text, { width });
}

function rule(doc: Pdf, y: number, from = LEFT, to = RIGHT, color = RULE, thickness = 0.75): void {
  doc.save().moveTo(from, y).lineTo(to, y).lineWidth(thickness).strokeColor(color).stroke().restore();
}

/** Text drawn in the bottom margin, where pdfkit would otherwise start a new page. */
function inMargin(doc: Pdf, draw: () => void): void {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  draw();
  doc.page.margins.bottom = bottom;
}

/**
 * The association's block on the left and the document's title on the right, then a rule. Returns
 * the y below the rule.
 */
function letterhead(
  doc: Pdf,
  association: { name: string; address: string; tin: string },
  title: string,
): number {
  const titleStyle = { font: 'bold', size: 16 } as const;
  const titleWidth = Math.ceil(style(doc, titleStyle).widthOfString(title)) + 2;
  const blockWidth = CONTENT_WIDTH - titleWidth - 24;
  write(doc, title, RIGHT - titleWidth, MARGIN - 1, titleWidth, titleStyle, 'right');
  let y = write(doc, association.name, LEFT, MARGIN, blockWidth, { font: 'bold', size: 12 });
  y = write(doc, association.address, LEFT, y + 2, blockWidth, { size: 9, color: MUTED });
  // Until the secretariat types the association's TIN into the dues settings, none is printed.
  if (association.tin) {
    y = write(doc, `TIN ${association.tin}`, LEFT, y + 1, blockWidth, { size: 9, color: MUTED });
  }
  y = Math.max(y, MARGIN + 24) + 10;
  rule(doc, y, LEFT, RIGHT, INK, 1);
  return y + 14;
}

/** A party (billed to, received from) under a small label. Returns the y below it. */
function party(doc: Pdf, label: string, who: DocumentParty, x: number, y: number, width: number): number {
  let next = write(doc, label.toUpperCase(), x, y, width, { font: 'bold', size: 8, color: MUTED });
  next = write(doc, who.name, x, next + 3, width, { font: 'bold', size: 11 });
  if (who.tin) next = write(doc, `TIN ${who.tin}`, x, next + 2, width, { size: 9.5, color: MUTED });
  if (who.address) next = write(doc, who.address, x, next + 1, width, { size: 9.5 });
  if (who.email) next = write(doc, who.email, x, next + 1, width, { size: 9.5, color: MUTED });
  return next;
}

/** Label/value pairs in two columns (document number, dates, status). Returns the y below them. */
function facts(
  doc: Pdf,
  rows: [label: string, value: string, valueStyle?: TextStyle][],
  x: number,
  y: number,
  width: number,
): number {
  const labelWidth = 78;
  let next = y;
  for (const [label, value, valueStyle] of rows) {
    write(doc, label, x, next + 1, labelWidth, { size: 9, color: MUTED });
    next = write(doc, value, x + labelWidth, next, width - labelWidth, { size: 10, ...valueStyle }) + 4;
  }
  return next;
}

function footer(doc: Pdf, text: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    inMargin(doc, () => {
      rule(doc, BOTTOM + 12, LEFT, RIGHT, FAINT_RULE, 0.5);
      const pageText = `Page ${index - range.start + 1} of ${range.count}`;
      write(doc, text, LEFT, BOTTOM + 18, CONTENT_WIDTH - 90, { size: 8, color: MUTED });
      write(doc, pageText, RIGHT - 90, BOTTOM + 18, 90, { size: 8, color: MUTED }, 'right');
    });
  }
}

/** A large, faint VOID across the page: a voided statement must not pass for a bill at a glance. */
function voidMark(doc: Pdf): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    inMargin(doc, () => {
      doc.save();
      doc.rotate(-35, { origin: [PAGE_WIDTH / 2, PAGE_HEIGHT / 2] });
      doc.fillOpacity(0.13);
      style(doc, { font: 'bold', size: 150, color: VOID_RED });
      doc.text('VOID', 0, PAGE_HEIGHT / 2 - 90, { width: PAGE_WIDTH, align: 'center', lineBreak: false });
      doc.restore();
    });
  }
}

// The statement's table: description, period covered, amount (right-aligned). The period column is
// wide enough for the longest pair of dates ('30 September 2026 – 30 September 2026') on one line,
// the amount column for ₱99,999,999.99.
const COLUMNS = {
  description: { x: LEFT, width: 190 },
  period: { x: LEFT + 203, width: 204 },
  amount: { x: RIGHT - 80, width: 80 },
};
const CELL = { size: 9.5 };

function tableHeader(doc: Pdf, y: number): number {
  const head = { font: 'bold' as const, size: 8, color: MUTED };
  write(doc, 'DESCRIPTION', COLUMNS.description.x, y, COLUMNS.description.width, head);
  write(doc, 'PERIOD COVERED', COLUMNS.period.x, y, COLUMNS.period.width, head);
  write(doc, 'AMOUNT', COLUMNS.amount.x, y, COLUMNS.amount.width, head, 'right');
  const below = y + 14;
  rule(doc, below);
  return below + 7;
}

/** Starts a further page of a long statement, its number at the top, and returns the y to go on at. */
function continuation(doc: Pdf, statement: StatementDocument): number {
  doc.addPage();
  const y = write(doc, `Statement of Account ${statement.number} (continued)`, LEFT, MARGIN, CONTENT_WIDTH, {
    font: 'bold',
    size: 10,
    color: MUTED,
  });
  return y + 14;
}

export async function renderStatementPdf(statement: StatementDocument): Promise<Uint8Array> {
  const doc = await createPdf(`Statement of Account ${statement.number}`, statement.association.name);
  const isVoid = Boolean(statement.voidReason);

  let y = letterhead(doc, statement.association, 'Statement of Account');
  const factsX = LEFT + 300;
  const partyBottom = party(doc, 'Billed to', statement.billedTo, LEFT, y, 270);
  const factsBottom = facts(
    doc,
    [
      ['Statement no.', statement.number, { font: 'bold' }],
      ['Issued on', formatDocumentDate(statement.issuedOn)],
      ['Due on', formatDocumentDate(statement.dueOn)],
      ['Status', statement.status, isVoid ? { font: 'bold', color: VOID_RED } : { font: 'bold' }],
    ],
    factsX,
    y,
    RIGHT - factsX,
  );
  y = Math.max(partyBottom, factsBottom) + 14;

  if (statement.voidReason) {
    const text = `VOID — this statement is cancelled and must not be paid.\nVoid: ${statement.voidReason}`;
    const height = measure(doc, text, CONTENT_WIDTH - 20, { font: 'bold', size: 10 });
    doc
      .save()
      .rect(LEFT, y, CONTENT_WIDTH, height + 16)
      .lineWidth(1)
      .strokeColor(VOID_RED)
      .stroke()
      .restore();
    write(doc, text, LEFT + 10, y + 8, CONTENT_WIDTH - 20, { font: 'bold', size: 10, color: VOID_RED });
    y += height + 30;
  }

  y = tableHeader(doc, y);
  for (const line of statement.lines) {
    const { period } = line;
    const height = Math.max(
      measure(doc, line.description, COLUMNS.description.width, CELL),
      measure(doc, period, COLUMNS.period.width, CELL),
    );
    if (y + height + 8 > BOTTOM) y = tableHeader(doc, continuation(doc, statement));
    write(doc, line.description, COLUMNS.description.x, y, COLUMNS.description.width, CELL);
    write(doc, period, COLUMNS.period.x, y, COLUMNS.period.width, CELL);
    write(doc, formatCentavos(line.amountCentavos), COLUMNS.amount.x, y, COLUMNS.amount.width, CELL, 'right');
    y += height + 6;
    rule(doc, y - 1, LEFT, RIGHT, FAINT_RULE, 0.5);
    y += 6;
  }

  // Totals, right-aligned under the amount column; kept together on one page.
  const totalsX = RIGHT - 240;
  const totalsHeight = 80;
  if (y + totalsHeight > BOTTOM) y = continuation(doc, statement);
  y += 4;
  const totalRow = (label: string, centavos: number, rowStyle: TextStyle) => {
    write(doc, label, totalsX, y, 140, rowStyle);
    y = write(doc, formatCentavos(centavos), RIGHT - 110, y, 110, rowStyle, 'right') + 5;
  };
  totalRow('Total', statement.totalCentavos, { size: 10 });
  totalRow('Payments received', statement.paidCentavos, { size: 10 });
  rule(doc, y, totalsX, RIGHT, INK, 0.75);
  y += 6;
  totalRow('Balance due', statement.balanceCentavos, { font: 'bold', size: 12 });
  y += 18;

  // How to pay: the instructions, with the QR Ph code beside them when there is one. A statement
  // with nothing left to pay (paid in full) or one that must not be paid (void) asks for no payment.
  if (statement.balanceCentavos > 0 && !isVoid) {
    const qrSize = statement.qrImage ? 120 : 0;
    const textWidth = statement.qrImage ? CONTENT_WIDTH - qrSize - 24 : CONTENT_WIDTH;
    const instructions = statement.paymentInstructions.replace(/\r\n?/g, '\n').trim();
    const instructionsHeight = style(doc, { size: 9.5 }).heightOfString(instructions, {
      width: textWidth,
      paragraphGap: 3,
    });
    const blockHeight = 22 + Math.max(instructionsHeight, qrSize);
    // Starts the block on a fresh page rather than split it, unless it is too long for any page.
    if (y + blockHeight > BOTTOM && blockHeight <= BOTTOM - MARGIN - 30) y = continuation(doc, statement);
    rule(doc, y - 8, LEFT, RIGHT, FAINT_RULE, 0.5);
    y = write(doc, 'How to pay', LEFT, y, CONTENT_WIDTH, { font: 'bold', size: 11 }) + 6;
    if (statement.qrImage) {
      const bytes = statement.qrImage.bytes;
      doc.image(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), RIGHT - qrSize, y, {
        fit: [qrSize, qrSize],
        align: 'center',
      });
      write(
        doc,
        'Scan with any QR Ph app',
        RIGHT - qrSize,
        y + qrSize + 4,
        qrSize,
        { size: 7.5, color: MUTED },
        'center',
      );
    }
    style(doc, { size: 9.5 }).text(instructions, LEFT, y, { width: textWidth, paragraphGap: 3 });
    write(
      doc,
      `Please quote ${statement.number} as the reference of your payment.`,
      LEFT,
      doc.y + 8,
      textWidth,
      { size: 9.5, color: MUTED },
    );
  }

  footer(doc, `${statement.association.name} · Statement of Account ${statement.number}`);
  if (isVoid) voidMark(doc);
  return finish(doc);
}

export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Uint8Array> {
  const doc = await createPdf(`Acknowledgement Receipt ${receipt.number}`, receipt.association.name);

  let y = letterhead(doc, receipt.association, 'Acknowledgement Receipt');
  const factsX = LEFT + 300;
  const partyBottom = party(doc, 'Received from', receipt.receivedFrom, LEFT, y, 270);
  const factsBottom = facts(
    doc,
    [
      ['Receipt no.', receipt.number, { font: 'bold' }],
      ['Date', formatDocumentDate(receipt.receivedOn)],
    ],
    factsX,
    y,
    RIGHT - factsX,
  );
  y = Math.max(partyBottom, factsBottom) + 22;

  // The amount, large, in a light band.
  doc.save().rect(LEFT, y, CONTENT_WIDTH, 52).fillColor('#f3f4f6').fill().restore();
  write(doc, 'AMOUNT RECEIVED', LEFT + 14, y + 10, 200, { font: 'bold', size: 8, color: MUTED });
  write(doc, formatCentavos(receipt.amountCentavos), LEFT + 14, y + 22, 250, { font: 'bold', size: 20 });
  const paysFor = `For Statement of Account ${receipt.statementNumber}`;
  write(doc, paysFor, RIGHT - 294, y + 21, 280, { font: 'bold', size: 10.5 }, 'right');
  y += 52 + 18;

  const rows: [string, string][] = [
    ['Amount in words', amountInWords(receipt.amountCentavos)],
    ['Payment method', receipt.method],
    ['Reference', receipt.reference ?? '—'],
  ];
  if (receipt.birInvoiceNumber) rows.push(['Invoice', `BIR invoice no. ${receipt.birInvoiceNumber}`]);
  for (const [label, value] of rows) {
    write(doc, label, LEFT, y + 1, 120, { size: 9, color: MUTED });
    y = write(doc, value, LEFT + 120, y, CONTENT_WIDTH - 120, { size: 10.5 }) + 6;
    rule(doc, y - 2, LEFT, RIGHT, FAINT_RULE, 0.5);
    y += 5;
  }
  y += 14;

  // This receipt is not a BIR invoice: the tax notice must be impossible to miss.
  doc.save().rect(LEFT, y, CONTENT_WIDTH, 34).lineWidth(1.25).strokeColor(INK).stroke().restore();
  write(
    doc,
    'Not valid for claim of input tax',
    LEFT,
    y + 10,
    CONTENT_WIDTH,
    { font: 'bold', size: 13 },
    'center',
  );
  y += 34 + 16;

  write(
    doc,
    `Issued electronically by ${receipt.association.name}; no signature is needed.`,
    LEFT,
    y,
    CONTENT_WIDTH,
    { size: 8.5, color: MUTED },
  );

  footer(doc, `${receipt.association.name} · Acknowledgement Receipt ${receipt.number}`);
  return finish(doc);
}
