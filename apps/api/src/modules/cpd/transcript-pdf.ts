// A licence's CPD transcript as a PDF, A4 portrait (decision 070): drawn with pdfkit and the dues
// documents' embedded fonts (decision 041), as the certificates are (./certificate-pdf.ts). Each
// PDF is recorded with an unguessable code its QR code carries, so the public verification shows
// what it said (decision 066).
import { buffer } from 'node:stream/consumers';
import {
  formatDocumentDate,
  formatHundredths,
  hundredthsOf,
  manilaDateString,
  siteConfig,
  TRANSCRIPT_MESSAGES,
  type TranscriptPeriod,
  transcriptVerifyPath,
} from '@portal/shared';
import type { Db } from '../../db/client';
import { cpdTranscriptCopies } from '../../db/schema';
import { loadDocumentFonts, loadPdfKit } from '../dues';
import { BRAND, drawQr, INK, MUTED } from './certificate-pdf';

const WIDTH = 595.28;
const HEIGHT = 841.89;
const MARGIN = 48;
const RULE = '#d7d2c8';
const WARN = '#b3261e';

const STATUS_TEXT = {
  issued: 'Certificate',
  approved: 'Approved',
  pending: 'Waiting for review',
  rejected: 'Rejected',
} as const;

/**
 * The transcript of one licence (every period the transcript lists for it, newest first), and the
 * row its QR code verifies: the current period's figures as printed.
 */
export async function renderTranscriptPdf(
  db: Db,
  { userId, prcName, periods }: { userId: string; prcName: string; periods: TranscriptPeriod[] },
  publicUrl: string,
  now = new Date(),
): Promise<Buffer> {
  const current = periods[0] as TranscriptPeriod;
  const [copy] = await db
    .insert(cpdTranscriptCopies)
    .values({
      user_id: userId,
      prc_name: prcName,
      profession: current.profession_label,
      period_from: current.from,
      period_to: current.to,
      required: current.required,
      earned: current.earned,
      external: current.external,
      issued_at: now,
    })
    .returning({ code: cpdTranscriptCopies.verify_code });
  const fonts = await loadDocumentFonts();
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `CPD transcript of ${prcName}`, Author: siteConfig.name, Creator: siteConfig.name },
    lang: 'en-PH',
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = buffer(doc);
  const width = WIDTH - 2 * MARGIN;

  doc.rect(0, 0, WIDTH, 10).fill(BRAND);
  doc.font('bold').fontSize(11).fillColor(BRAND).text(siteConfig.name.toUpperCase(), MARGIN, 36, { width });
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text('CPD transcript', MARGIN, doc.y + 8, { width: width - 110 });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(INK)
    .text(prcName, MARGIN, doc.y + 6, { width: width - 110 })
    .fillColor(MUTED)
    .text(
      `${current.profession_label} · ${current.board} · PRC licence no. ${current.licence_number}`,
      MARGIN,
      doc.y + 2,
      { width: width - 110 },
    )
    .text(`Generated ${formatDocumentDate(manilaDateString(now))}`, MARGIN, doc.y + 2, {
      width: width - 110,
    });
  const qrSize = 92;
  drawQr(doc, `${publicUrl}${transcriptVerifyPath(copy?.code ?? '')}`, WIDTH - MARGIN - qrSize, 40, qrSize);
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text('Scan to verify', WIDTH - MARGIN - qrSize, 40 + qrSize + 2, { width: qrSize, align: 'center' });

  let y = Math.max(doc.y, 40 + qrSize + 14) + 18;
  const columns = [
    { label: 'Date', width: 64 },
    { label: 'Programme', width: 160 },
    { label: 'Provider / accreditation no.', width: 136 },
    { label: 'Units', width: 40, align: 'right' as const },
    { label: 'Status', width: width - 400 },
  ];
  const row = (cells: string[], font: 'regular' | 'bold', color = INK) => {
    let x = MARGIN;
    const heights = cells.map((cell, index) =>
      doc
        .font(font)
        .fontSize(8.5)
        .heightOfString(cell, { width: (columns[index]?.width ?? 40) - 6 }),
    );
    const height = Math.max(...heights) + 6;
    if (y + height > HEIGHT - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    cells.forEach((cell, index) => {
      const column = columns[index] as (typeof columns)[number];
      doc
        .font(font)
        .fontSize(8.5)
        .fillColor(color)
        .text(cell, x, y + 3, { width: column.width - 6, align: column.align ?? 'left' });
      x += column.width + (index === 3 ? 8 : 0);
    });
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(WIDTH - MARGIN, y)
      .lineWidth(0.5)
      .stroke(RULE);
  };

  for (const period of periods) {
    if (y + 110 > HEIGHT - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    doc
      .font('bold')
      .fontSize(13)
      .fillColor(BRAND)
      .text(
        `${period.current ? 'Current period' : 'Earlier period'}: ${formatDocumentDate(period.from)} – ${formatDocumentDate(period.to)}`,
        MARGIN,
        y,
        { width },
      );
    y = doc.y + 4;
    if (period.lapsed) {
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(WARN)
        .text(TRANSCRIPT_MESSAGES.lapsed(formatDocumentDate(period.to)), MARGIN, y, { width });
      y = doc.y + 4;
    }
    const figures: [string, string][] = [
      [`${TRANSCRIPT_MESSAGES.required} (renewal ${period.renewal_year})`, period.required],
      [TRANSCRIPT_MESSAGES.earnedHere, period.earned],
      [TRANSCRIPT_MESSAGES.external, period.external],
      [TRANSCRIPT_MESSAGES.remaining, period.remaining],
    ];
    const boxWidth = width / figures.length;
    figures.forEach(([label, value], index) => {
      const x = MARGIN + index * boxWidth;
      doc
        .font('regular')
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(label.toUpperCase(), x, y, { width: boxWidth - 8 });
      doc
        .font('bold')
        .fontSize(15)
        .fillColor(index === 3 && hundredthsOf(value) > 0 ? WARN : INK)
        .text(value, x, y + 20, { width: boxWidth - 8 });
    });
    y += 48;
    row(
      columns.map((column) => column.label),
      'bold',
      MUTED,
    );
    if (period.entries.length === 0) row(['', 'No entries in this period', '', '', ''], 'regular', MUTED);
    for (const entry of period.entries) {
      row(
        [
          formatDocumentDate(entry.date),
          entry.title,
          `${entry.provider}\n${entry.accreditation_number}`,
          formatHundredths(hundredthsOf(entry.units)),
          entry.status === 'rejected' && entry.reason
            ? `Rejected: ${entry.reason}`
            : entry.certificate_number
              ? `${STATUS_TEXT[entry.status]} ${entry.certificate_number}`
              : STATUS_TEXT[entry.status],
        ],
        'regular',
        entry.status === 'pending' || entry.status === 'rejected' ? MUTED : INK,
      );
    }
    y += 18;
  }
  doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      'Entries waiting for review or rejected do not count. Units earned at our events are those of the certificates issued.',
      MARGIN,
      Math.min(y, HEIGHT - MARGIN - 20),
      { width },
    );
  doc.end();
  return done;
}
