// The membership card as a PNG and a PDF, wallet size (docs/decisions/043). The layout is worked
// out once, in millimetres, as a list of shapes; an SVG drawing of it is rasterised by sharp
// (libvips, already used for uploads) and the same shapes are drawn by pdfkit with the fonts of
// the dues documents, so the two files cannot drift apart.
import { buffer } from 'node:stream/consumers';
import { formatDate, MEMBERSHIP_CARD_SIZE_MM, type MembershipCard, siteConfig } from '@portal/shared';
import QRCode from 'qrcode';
import { loadDocumentFonts, loadPdfKit } from '../dues';

type Shape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill: string; radius?: number }
  | { kind: 'path'; d: string; fill?: string; stroke?: string; strokeWidth?: number; opacity?: number }
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      fill: string;
      bold?: boolean;
      anchor?: 'start' | 'end' | 'middle';
    };

const { width: WIDTH, height: HEIGHT } = MEMBERSHIP_CARD_SIZE_MM;
const BRAND = '#17413b';
const GOLD = '#e9b257';
const INK = '#1f2328';
const MUTED = '#5b6169';
/**
 * DejaVu Sans's widest usual advance, as a share of the font size (bold is wider): enough to wrap
 * names by their length and keep them clear of the QR code.
 */
const CHARACTER_WIDTH = { regular: 0.58, bold: 0.66 };

/** Lines of at most `width` millimetres at `size`, broken between words; the last one cut short. */
function wrap(text: string, size: number, width: number, maxLines: number, bold = false): string[] {
  const perLine = Math.max(8, Math.floor(width / (size * CHARACTER_WIDTH[bold ? 'bold' : 'regular'])));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const rest = lines.slice(maxLines - 1).join(' ');
  return [...lines.slice(0, maxLines - 1), `${rest.slice(0, perLine - 1).trimEnd()}…`];
}

/** The association's mark (apps/web components/layout/logo.tsx), placed at x, y and `size` mm. */
function logoShapes(x: number, y: number, size: number): Shape[] {
  const scale = size / 32;
  const at = (d: string) =>
    d.replace(
      /(-?[\d.]+) (-?[\d.]+)/g,
      (_match, px: string, py: string) =>
        `${(x + Number(px) * scale).toFixed(3)} ${(y + Number(py) * scale).toFixed(3)}`,
    );
  return [
    { kind: 'rect', x, y, width: size, height: size, fill: '#0f2e2a', radius: 7 * scale },
    { kind: 'path', d: at('M5 24 L12.5 11 L17 18.5 L20 14 L27 24 Z'), fill: GOLD },
    { kind: 'path', d: at('M5 24 L12.5 11 L15 15.2 L11.5 21 Z'), fill: '#f2d08f', opacity: 0.55 },
    { kind: 'path', d: at('M5 27 L27 27'), stroke: '#a9d6cc', strokeWidth: 1.6 * scale },
  ];
}

/** The QR code of the verification link as one path of dark modules, `size` mm wide at x, y. */
function qrShapes(url: string, x: number, y: number, size: number): Shape[] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  // Four modules of quiet zone on each side, as the standard asks.
  const cell = size / (modules.size + 8);
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (!modules.get(row, column)) continue;
      const left = x + (column + 4) * cell;
      const top = y + (row + 4) * cell;
      parts.push(
        `M${left.toFixed(3)} ${top.toFixed(3)} L${(left + cell).toFixed(3)} ${top.toFixed(3)} L${(left + cell).toFixed(3)} ${(top + cell).toFixed(3)} L${left.toFixed(3)} ${(top + cell).toFixed(3)} Z`,
      );
    }
  }
  return [
    { kind: 'rect', x, y, width: size, height: size, fill: '#ffffff', radius: 1 },
    { kind: 'path', d: parts.join(' '), fill: '#000000' },
  ];
}

/** The card's shapes, in millimetres from its top left corner. */
export function cardLayout(card: MembershipCard): Shape[] {
  const header = 13;
  const qrSize = 27;
  const qrX = WIDTH - qrSize - 3;
  const qrY = header + 3;
  const left = 5;
  const textWidth = qrX - left - 2;
  const shapes: Shape[] = [
    { kind: 'rect', x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: '#fbfaf7' },
    { kind: 'rect', x: 0, y: 0, width: WIDTH, height: header, fill: BRAND },
    { kind: 'rect', x: 0, y: header, width: WIDTH, height: 0.8, fill: GOLD },
    ...logoShapes(left - 1, 2.5, 8),
    { kind: 'text', x: left + 9, y: 6.2, text: siteConfig.acronym, size: 3.6, fill: '#ffffff', bold: true },
    ...wrap(card.associationName, 1.9, WIDTH - left - 10 - 22, 2).map<Shape>((line, index) => ({
      kind: 'text',
      x: left + 9,
      y: 8.9 + index * 2.3,
      text: line,
      size: 1.9,
      fill: '#d6ebe6',
    })),
    {
      kind: 'text',
      x: WIDTH - 4,
      y: 6.2,
      text: 'MEMBERSHIP CARD',
      size: 1.9,
      fill: GOLD,
      bold: true,
      anchor: 'end',
    },
  ];
  let y = header + 5.5;
  shapes.push({ kind: 'text', x: left, y, text: 'MEMBER', size: 1.7, fill: MUTED, bold: true });
  y += 3.8;
  for (const line of wrap(card.name, 3.3, textWidth, 2, true)) {
    shapes.push({ kind: 'text', x: left, y, text: line, size: 3.3, fill: INK, bold: true });
    y += 3.8;
  }
  const reps = card.representatives.slice(0, 4);
  for (const representative of reps) {
    const [line = ''] = wrap(representative, 2, textWidth, 1);
    shapes.push({ kind: 'text', x: left, y: y - 0.6, text: line, size: 2, fill: MUTED });
    y += 2.4;
  }
  const facts: [string, string][] = [
    ['CATEGORY', card.category],
    ['MEMBER NO.', card.memberNumber],
    ['VALID THROUGH', formatDate(card.validThrough)],
  ];
  const factsTop = HEIGHT - 5 - 2 * 4.6;
  facts.forEach(([label, value], index) => {
    const rowY = factsTop + index * 4.6;
    shapes.push({ kind: 'text', x: left, y: rowY, text: label, size: 1.6, fill: MUTED, bold: true });
    shapes.push({ kind: 'text', x: left + 17, y: rowY, text: value, size: 2.5, fill: INK, bold: index > 0 });
  });
  shapes.push(...qrShapes(card.verifyUrl, qrX, qrY, qrSize));
  shapes.push({
    kind: 'text',
    x: qrX + qrSize / 2,
    y: qrY + qrSize + 3,
    text: 'Scan to verify',
    size: 1.8,
    fill: MUTED,
    anchor: 'middle',
  });
  return shapes;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[character]};`);

/** The card drawn as SVG, `pixelWidth` wide. */
export function cardSvg(card: MembershipCard, pixelWidth: number): string {
  const pixelHeight = Math.round((pixelWidth * HEIGHT) / WIDTH);
  const body = cardLayout(card)
    .map((shape) => {
      switch (shape.kind) {
        case 'rect':
          return `<rect x="${shape.x}" y="${shape.y}" width="${shape.width}" height="${shape.height}" rx="${shape.radius ?? 0}" fill="${shape.fill}"/>`;
        case 'path':
          return `<path d="${shape.d}" fill="${shape.fill ?? 'none'}"${shape.stroke ? ` stroke="${shape.stroke}" stroke-width="${shape.strokeWidth}" stroke-linecap="round"` : ''}${shape.opacity ? ` opacity="${shape.opacity}"` : ''}/>`;
        default:
          return `<text x="${shape.x}" y="${shape.y}" font-family="DejaVu Sans" font-size="${shape.size}" fill="${shape.fill}"${shape.bold ? ' font-weight="bold"' : ''}${shape.anchor ? ` text-anchor="${shape.anchor}"` : ''}>${escapeXml(shape.text)}</text>`;
      }
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixelWidth}" height="${pixelHeight}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

/** The PNG of the card at 300 dots per inch (1011 × 638 pixels). */
export async function renderCardPng(card: MembershipCard): Promise<Buffer> {
  // Loaded with the first card, as the uploads load it (docs/decisions/035).
  const { default: sharp } = await import('sharp');
  const pixelWidth = Math.round((WIDTH / 25.4) * 300);
  return sharp(Buffer.from(cardSvg(card, pixelWidth)), { density: 72 })
    .png()
    .toBuffer();
}

const POINTS_PER_MM = 72 / 25.4;

/** The card as a one-page PDF of its own size, with the fonts of the dues documents. */
export async function renderCardPdf(card: MembershipCard): Promise<Buffer> {
  const fonts = await loadDocumentFonts();
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: [WIDTH * POINTS_PER_MM, HEIGHT * POINTS_PER_MM],
    margin: 0,
    info: {
      Title: `${siteConfig.acronym} membership card ${card.memberNumber}`,
      Author: card.associationName,
      Creator: card.associationName,
    },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = buffer(doc);
  doc.scale(POINTS_PER_MM);
  for (const shape of cardLayout(card)) {
    if (shape.kind === 'rect') {
      doc.roundedRect(shape.x, shape.y, shape.width, shape.height, shape.radius ?? 0).fill(shape.fill);
    } else if (shape.kind === 'path') {
      doc.save();
      if (shape.opacity) doc.opacity(shape.opacity);
      doc.path(shape.d);
      if (shape.stroke)
        doc
          .lineWidth(shape.strokeWidth ?? 0.2)
          .lineCap('round')
          .stroke(shape.stroke);
      else doc.fill(shape.fill ?? '#000000');
      doc.restore();
    } else {
      doc
        .font(shape.bold ? 'bold' : 'regular')
        .fontSize(shape.size)
        .fillColor(shape.fill);
      // pdfkit places text by its top; the SVG by its baseline.
      const top = shape.y - doc.currentLineHeight() * 0.78;
      const width = doc.widthOfString(shape.text);
      const x =
        shape.anchor === 'end' ? shape.x - width : shape.anchor === 'middle' ? shape.x - width / 2 : shape.x;
      doc.text(shape.text, x, top, { lineBreak: false });
    }
  }
  doc.end();
  return done;
}
