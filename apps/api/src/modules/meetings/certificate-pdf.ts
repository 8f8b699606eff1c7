// The secretary's certificate of an election as a one-page A4 PDF (decision 078): drawn with
// pdfkit and the dues documents' embedded DejaVu fonts (decision 041), from the certified results
// when it is downloaded, as the CPD certificate is (decision 055).
import { buffer } from 'node:stream/consumers';
import { formatDocumentDate, manilaDateString, siteConfig } from '@portal/shared';
import { loadDocumentFonts, loadPdfKit } from '../dues';
import type { certificateContent } from './after-service';

const WIDTH = 595.28;
const MARGIN = 64;
const BRAND = '#17413b';
const INK = '#1f2328';
const MUTED = '#5b6169';

const percent = (part: number, whole: number) => (whole === 0 ? '0' : ((100 * part) / whole).toFixed(1));

export async function renderElectionCertificatePdf({
  meeting,
  outcome,
  secretaryName,
}: Awaited<ReturnType<typeof certificateContent>>): Promise<Buffer> {
  const [fonts, PDFDocument] = await Promise.all([loadDocumentFonts(), loadPdfKit()]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Secretary's Certificate: ${meeting.title}`,
      Author: siteConfig.name,
      Creator: siteConfig.name,
    },
    lang: 'en-PH',
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = buffer(doc);
  const width = WIDTH - 2 * MARGIN;
  const meetingDay = formatDocumentDate(manilaDateString(meeting.startsAt));

  doc.rect(0, 0, WIDTH, 10).fill(BRAND);
  doc.font('bold').fontSize(12).fillColor(BRAND).text(siteConfig.name.toUpperCase(), MARGIN, 48, {
    width,
    align: 'center',
  });
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(INK)
    .text("Secretary's Certificate", MARGIN, doc.y + 18, {
      width,
      align: 'center',
    });
  doc.font('regular').fontSize(11).fillColor(MUTED).text('Election of Trustees', { width, align: 'center' });

  const signatory = secretaryName ?? '______________________________';
  doc
    .moveDown(1.6)
    .font('regular')
    .fontSize(11)
    .fillColor(INK)
    .text(
      `I, ${signatory}, Corporate Secretary of the ${siteConfig.name}, certify that at the ${meeting.title}, held on ${meetingDay} at ${meeting.venue}, the members elected the trustees named below, as the election committee certified on ${formatDocumentDate(manilaDateString(meeting.certifiedAt ?? meeting.startsAt))}.`,
      MARGIN,
      doc.y,
      { width, align: 'justify', lineGap: 3 },
    );

  // The roll and the turnout.
  doc.moveDown(1.2);
  const facts: [string, string][] = [
    ['Voters on the roll', String(outcome.rollSize)],
    ['Ballots cast', String(outcome.voted)],
    ['Turnout', `${percent(outcome.voted, outcome.rollSize)}%`],
    ['Seats', String(outcome.seats)],
  ];
  const factsTop = doc.y;
  const column = width / facts.length;
  facts.forEach(([label, value], index) => {
    const x = MARGIN + index * column;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(label.toUpperCase(), x, factsTop, { width: column, align: 'center' });
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(INK)
      .text(value, x, factsTop + 12, { width: column, align: 'center' });
  });

  // The elected trustees, with their votes.
  let y = factsTop + 52;
  doc.font('bold').fontSize(12).fillColor(BRAND).text('Elected trustees', MARGIN, y);
  y = doc.y + 6;
  const row = (name: string, votes: string, bold = false, right = 100) => {
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(11)
      .fillColor(INK)
      .text(name, MARGIN, y, { width: width - right });
    doc.text(votes, MARGIN + width - right, y, { width: right, align: 'right' });
    y = doc.y + 4;
    doc
      .lineWidth(0.4)
      .moveTo(MARGIN, y - 2)
      .lineTo(MARGIN + width, y - 2)
      .stroke('#d0d4d9');
  };
  row('Name', 'Votes', true);
  for (const trustee of outcome.elected) row(trustee.name, String(trustee.votes));
  if (outcome.tie) {
    y += 8;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text(
        `Tied for the last ${outcome.tie.needed === 1 ? 'seat' : `${outcome.tie.needed} seats`} with ${outcome.tie.votes} votes each, to be resolved: ${outcome.tie.candidates.map((candidate) => candidate.name).join(', ')}.`,
        MARGIN,
        y,
        { width },
      );
    y = doc.y + 4;
  } else if (outcome.applied?.tieReason) {
    y += 8;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`A tie at the last seat was resolved: ${outcome.applied.tieReason}`, MARGIN, y, { width });
    y = doc.y + 4;
  }

  if (outcome.officers.length > 0) {
    y += 14;
    doc.font('bold').fontSize(12).fillColor(BRAND).text('Officers elected by the trustees', MARGIN, y);
    y = doc.y + 6;
    for (const officer of outcome.officers) row(officer.position, officer.name, false, width / 2);
  }

  // Signature.
  y = Math.max(y + 60, 640);
  doc
    .lineWidth(0.8)
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + 220, y)
    .stroke(INK);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(secretaryName ?? 'Corporate Secretary', MARGIN, y + 6, { width: 220 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text('Corporate Secretary', MARGIN, doc.y + 1, { width: 220 });
  doc
    .fontSize(8)
    .text(
      `Drawn from the certified results on ${formatDocumentDate(manilaDateString(new Date()))}`,
      MARGIN,
      doc.y + 4,
      { width: 320 },
    );
  doc.end();
  return done;
}
