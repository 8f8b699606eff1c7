// A CPD certificate as a one-page PDF, A4 landscape (decision 055): drawn with pdfkit and the
// dues documents' embedded DejaVu fonts (decision 041), from what the certificate's row holds,
// when it is downloaded. The QR code's modules come from `qrcode` and are drawn as squares, as
// the membership card draws them (decision 043).
import { buffer } from 'node:stream/consumers';
import { CPD_ROLE_LABELS, formatDocumentDate, manilaDateString, siteConfig, sitePaths } from '@portal/shared';
import QRCode from 'qrcode';
import type { CpdCertificate } from '../../db/schema';
import { loadDocumentFonts, loadPdfKit } from '../dues';

// A4 landscape in points.
const WIDTH = 841.89;
const HEIGHT = 595.28;
const MARGIN = 48;
export const BRAND = '#17413b';
const GOLD = '#c99a3e';
export const INK = '#1f2328';
export const MUTED = '#5b6169';
const REVOKED_RED = '#b3261e';

/** The QR code of `url`, `size` points wide, its top left corner at x, y, with its quiet zone. */
export function drawQr(doc: PDFKit.PDFDocument, url: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const cell = size / (modules.size + 8);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) doc.rect(x + (column + 4) * cell, y + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

/** The QR code's address carries the certificate's code, not its printed number (decision 066). */
export const certificateVerifyUrl = (publicUrl: string, code: string) =>
  `${publicUrl}${sitePaths.verifyCertificate(code)}`;

/** The certificate's PDF: one page, about 30 KB with the fonts' subsets. */
export async function renderCertificatePdf(certificate: CpdCertificate, publicUrl: string): Promise<Buffer> {
  const fonts = await loadDocumentFonts();
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `CPD certificate ${certificate.number}`,
      Author: certificate.provider_name,
      Creator: siteConfig.name,
    },
    lang: 'en-PH',
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = buffer(doc);

  // Frame: a brand band on the left, a thin gold rule inside the page's edge.
  doc.rect(0, 0, WIDTH, HEIGHT).fill('#fbfaf7');
  doc.rect(0, 0, 14, HEIGHT).fill(BRAND);
  doc
    .lineWidth(1.2)
    .rect(MARGIN - 16, MARGIN - 20, WIDTH - 2 * MARGIN + 24, HEIGHT - 2 * MARGIN + 40)
    .stroke(GOLD);

  const left = MARGIN + 10;
  const textWidth = WIDTH - 2 * MARGIN - 20;
  const center = { width: textWidth, align: 'center' as const };

  doc
    .font('bold')
    .fontSize(12)
    .fillColor(BRAND)
    .text(certificate.provider_name.toUpperCase(), left, 52, center);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `PRC-accredited CPD provider no. ${certificate.provider_accreditation_number}, valid until ${formatDocumentDate(certificate.provider_accreditation_valid_until)}`,
      left,
      doc.y + 2,
      center,
    );

  doc.font('bold').fontSize(30).fillColor(INK).text('Certificate of Completion', left, 108, center);
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(MUTED)
    .text('Continuing Professional Development', left, doc.y + 2, center);

  doc.fontSize(11).fillColor(INK).text('This certifies that', left, 178, center);
  doc
    .font('bold')
    .fontSize(24)
    .fillColor(BRAND)
    .text(certificate.prc_name, left, doc.y + 6, center);
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(INK)
    .text(`${certificate.profession} · PRC licence no. ${certificate.prc_number}`, left, doc.y + 4, center);
  doc.text(`attended as ${CPD_ROLE_LABELS[certificate.role].toLowerCase()}`, left, doc.y + 10, center);
  doc
    .font('bold')
    .fontSize(16)
    .text(certificate.program_title, left + 40, doc.y + 6, {
      width: textWidth - 80,
      align: 'center',
    });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(INK)
    .text(`${certificate.dates} · ${certificate.venue}`, left, doc.y + 4, center);

  // The facts a PRC officer reads: hours, units, accreditation and the certificate's number.
  const factsTop = 372;
  const facts: [string, string][] = [
    ['Hours attended', certificate.hours.replace(/\.?0+$/, '') || '0'],
    ['CPD units earned', certificate.units.replace(/\.?0+$/, '') || '0'],
    ['Program accreditation no.', certificate.program_accreditation_number],
    ['Certificate no.', certificate.number],
  ];
  const columnWidth = (textWidth - 140) / facts.length;
  facts.forEach(([label, value], index) => {
    const x = left + 70 + index * columnWidth;
    doc.font('regular').fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, factsTop, {
      width: columnWidth,
      align: 'center',
    });
    doc
      .font('bold')
      .fontSize(13)
      .fillColor(INK)
      .text(value, x, factsTop + 13, { width: columnWidth, align: 'center' });
  });

  // Signatory on the left, the QR code on the right.
  const signY = 480;
  doc
    .lineWidth(0.8)
    .moveTo(left + 40, signY)
    .lineTo(left + 260, signY)
    .stroke(INK);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(certificate.signatory_name, left + 40, signY + 6, { width: 220, align: 'center' });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(certificate.signatory_title, left + 40, doc.y + 1, {
      width: 220,
      align: 'center',
    });
  doc
    .fontSize(8)
    .text(`Issued ${formatDocumentDate(manilaDateString(certificate.issued_at))}`, left + 40, doc.y + 4, {
      width: 220,
      align: 'center',
    });

  const qrSize = 96;
  const qrX = WIDTH - MARGIN - 10 - qrSize - 30;
  const qrY = 430;
  const url = certificateVerifyUrl(publicUrl, certificate.verify_code);
  drawQr(doc, url, qrX, qrY, qrSize);
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('Scan to verify', qrX - 20, qrY + qrSize + 2, {
      width: qrSize + 40,
      align: 'center',
    });

  if (certificate.revoked_at) {
    doc.save();
    doc.rotate(-24, { origin: [WIDTH / 2, HEIGHT / 2] });
    doc
      .font('bold')
      .fontSize(110)
      .fillColor(REVOKED_RED)
      .opacity(0.14)
      .text('REVOKED', 0, HEIGHT / 2 - 70, {
        width: WIDTH,
        align: 'center',
      });
    doc.restore();
  }
  doc.end();
  return done;
}
