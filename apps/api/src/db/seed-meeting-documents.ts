import { buffer } from 'node:stream/consumers';
import { siteConfig } from '@portal/shared';
import PDFDocument from 'pdfkit';

/**
 * The demo's minutes and resolution of last June's annual meeting (docs/decisions/078): short
 * sample PDFs, stored as private files like the real ones, so a member in good standing has
 * something to download from /meeting-documents.
 */
export async function renderDemoMeetingDocuments(meetingTitle: string, meetingDay: string) {
  const draw = async (heading: string, paragraphs: string[]) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 64,
      info: { Title: heading, Author: siteConfig.name },
    });
    const done = buffer(doc);
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#17413b')
      .text(siteConfig.name.toUpperCase(), { align: 'center' });
    doc
      .moveDown(1)
      .font('Helvetica-Bold')
      .fontSize(18)
      .fillColor('#1f2328')
      .text(heading, { align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#5b6169')
      .text(`${meetingTitle} · ${meetingDay}`, { align: 'center' });
    doc.moveDown(1.5).fillColor('#1f2328').fontSize(11);
    for (const paragraph of paragraphs) doc.text(paragraph, { align: 'justify', lineGap: 2 }).moveDown(0.8);
    doc.end();
    return done;
  };
  const minutes = await draw(`Minutes of the ${meetingTitle}`, [
    '1. Call to order. The President called the meeting to order at 9:00 AM and the Corporate Secretary certified that the notice was sent at least 21 days before the meeting.',
    '2. Quorum. The Corporate Secretary reported that a majority of the voters on the roll were present in person, online or by proxy, and declared a quorum.',
    '3. Minutes. The minutes of the previous annual meeting were approved as circulated.',
    "4. Reports. The President's report and the audited financial statements were presented and noted.",
    '5. Election of trustees. The election committee reported the results, certified the same day; the receipt codes and ballots were published on the portal.',
    '6. Adjournment. There being no other business, the meeting was adjourned at 12:10 PM.',
  ]);
  const resolution = await draw('Resolution No. 1: Approval of the audited financial statements', [
    'RESOLVED, that the audited financial statements of the association for the last fiscal year, as presented to the members at the annual meeting, be approved.',
    'RESOLVED FURTHER, that the Corporate Secretary file the General Information Sheet and the audited financial statements with the Securities and Exchange Commission within the period the rules allow.',
  ]);
  return { minutes, resolution };
}
