/**
 * Writes a clearly titled SAMPLE PDF for every entry of the document catalogue
 * (packages/shared/src/documents.ts) to apps/api/content/documents/<folder>/<filename>.
 *
 * The association's own files are not available to us
 * (docs/product-rules.md "Money, dates and content"), so these placeholders hold their places until
 * the secretariat drops the official files in at the same paths.
 * Run: npx tsx apps/api/scripts/generate-sample-documents.ts
 *
 * Existing files are overwritten, so do not run it once official files are in place, or pass
 * --missing-only to write only the files that are not there yet.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DOCUMENT_COLLECTIONS,
  type DocumentCollection,
  getDocumentUrl,
  MEETING_ATTENDEES,
  MEETING_PRESENTATION_MINUTES,
  MGB_WEBSITE_URL,
  type StaticDocument,
  siteConfig,
} from '@portal/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

const contentRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../content/documents');

/** A fixed date keeps the output byte-for-byte stable, so regenerating shows no spurious diff. */
const FIXED_DATE = new Date('2025-01-06T00:00:00Z');

const association = `${siteConfig.name} (${siteConfig.acronym})`;

/**
 * One or two paragraphs of real-sounding guidance per file. They describe the subject in general
 * terms only; the notice above them says plainly that this is not the official document.
 */
const guidance: Record<string, string[]> = {
  'exploration-permit-application-guidelines.pdf': [
    'An exploration permit under Republic Act No. 7942, the Philippine Mining Act of 1995, gives its holder the right to explore for minerals in a defined area for an initial term of two years, renewable within the limits the law sets. Applications are filed with the MGB regional office that has jurisdiction over the area, after a check that the area is open and free of conflicting tenements.',
    'A complete application usually includes the location map and technical description of the area, a two-year Exploration Work Program, an Environmental Work Program, proof of technical competence signed by a licensed geologist or mining engineer, proof of financial capability, and the area clearances and consents required for the land concerned. Notices of the application are published, posted and broadcast before the permit may be granted.',
  ],
  'environmental-work-program-guidelines.pdf': [
    'Every exploration permit application is accompanied by an Environmental Work Program (EWP) describing how the applicant will prevent, reduce and repair the environmental effects of its exploration activities. The EWP is scaled to the work proposed: a mapping and sampling programme needs far less than a multi-rig drilling campaign with access roads.',
    'Reviewers look for a short description of the baseline (land use, water bodies, vegetation and communities), the activities that may disturb them, the mitigation measures for each, a schedule of progressive rehabilitation of trenches, drill pads and sumps, a monitoring plan, and the cost of all of these within the exploration budget.',
  ],
  'exploration-safety-and-health-guidelines.pdf': [
    'Exploration crews work far from medical help, often on steep ground and in heavy rain. A safe programme starts with a written hazard assessment for each activity, a named safety officer, daily toolbox meetings and a communication plan that works where mobile signal does not.',
    'Drilling contractors and camp staff should be covered by the same rules as the permit holder’s own employees. Every incident and near miss is recorded and reported, and the emergency response plan, including evacuation routes for the wet season, is rehearsed before work begins.',
  ],
  'exploration-permit-application-form.pdf': [
    'The application form identifies the applicant, the area applied for and the minerals sought, and lists the attachments filed with it. It is signed by the applicant or an authorised officer and notarised. Incomplete applications are not accepted for filing, so applicants are advised to use the checklist on the form before visiting the regional office.',
  ],
  'exploration-permit-renewal-form.pdf': [
    'A renewal is applied for before the current term of the permit expires. The application shows the exploration work done and the money spent against the approved work program, the results obtained, and the work proposed for the next term, together with an updated Environmental Work Program.',
    'Permit holders are reminded that renewals may require a relinquishment of part of the area and that overdue quarterly or annual reports are a common reason for delay.',
  ],
  'mineral-agreement-application-form.pdf': [
    'When exploration shows that a deposit may be mined at a profit, the permit holder may apply for a mineral agreement, such as a Mineral Production Sharing Agreement, over the area. The application is supported by a declaration of mining project feasibility and the studies behind it.',
    'Unlike an exploration permit, which a qualified foreign-owned corporation may hold, a mineral agreement requires the contractor to meet the nationality requirements of the Constitution. Applicants should take advice early on the corporate structure that will hold the agreement.',
  ],
  'exploration-work-program-template.pdf': [
    'The Exploration Work Program sets out what the applicant will do in each year of the permit: geological mapping, geochemical and geophysical surveys, trenching, drilling and laboratory work. For each activity it gives the quantity, the schedule, the technical staff responsible and the estimated cost.',
    'The approved work program is the yardstick against which the permit holder’s reports are later compared, so estimates should be realistic and any material change should be reported and approved before it is carried out.',
  ],
  'environmental-work-program-template.pdf': [
    'The template follows the structure reviewers expect: project description, environmental baseline, impact identification by activity, mitigation and rehabilitation measures, monitoring, and costs. Tables are provided for the rehabilitation schedule of each disturbed site and for the annual environmental budget.',
  ],
  'exploration-reporting-manual.pdf': [
    'Permit holders report on their exploration work quarterly and at the end of each year. Reports describe the work done against the approved program, the results, the expenditure, and any environmental and community activities carried out.',
    'Drill-hole data should be reported with collar coordinates, orientation, depth and sampling intervals. Maps are submitted at the scales stated in the permit conditions. Keep copies of every submission and its proof of receipt: they are needed again at renewal.',
  ],
  'code-of-conduct.pdf': [
    `Members of ${siteConfig.acronym} conduct their exploration work lawfully, honestly and with respect for the people and places where they work. They comply with the conditions of their permits, deal fairly with host communities, indigenous peoples and local governments, and report their results truthfully.`,
    'Members treat one another with courtesy, compete fairly, and declare any conflict of interest in the association’s affairs. A complaint that a member has breached this code is heard by the Board of Trustees, which may caution, suspend or expel the member after giving them a fair hearing.',
  ],
  'reporting-standards-summary.pdf': [
    'Public reports of exploration results, mineral resources and ore reserves should be transparent, material and prepared by a Competent Person. In the Philippines the Philippine Mineral Reporting Code (PMRC) sets this standard; many members also report to the Australasian JORC Code, with which it is closely aligned.',
    'Exploration results are reported with enough information on sampling, assaying and location for a reader to judge them; mineral resources are classified as inferred, indicated or measured according to confidence; and ore reserves are stated only where the modifying factors have been studied. The name and accreditation of the Competent Person appear in every report.',
  ],
  'responsible-exploration-practice-guide.pdf': [
    'Good exploration leaves a small footprint and a good name. Introduce the team to the barangay and municipal officials before work starts, explain what will be done and for how long, and give people a way to raise concerns that is answered promptly.',
    'Use existing tracks where possible, keep drill pads small, contain drilling fluids, and backfill and replant sites as soon as they are no longer needed. Hire and buy locally where you can, and keep a record of every commitment made to the community until it is fulfilled.',
  ],
  'change-of-representative-form.pdf': [
    'Member companies use this form to name a new representative or to remove one. A Regular member may name up to four representatives and any other company up to two; only one of them holds the company’s vote. The form is signed by an authorised officer of the company.',
  ],
  'member-information-update-form.pdf': [
    'Please tell the secretariat promptly of any change to your address, telephone, facsimile or e-mail, or to the person and address to whom invoices should be sent. Accurate details ensure that you receive meeting notices, announcements and invoices on time.',
  ],
  'presentation-request-form.pdf': [
    `Members may present a project, study, product or service at a monthly meeting. Presentations last ${MEETING_PRESENTATION_MINUTES} minutes and are usually heard by ${MEETING_ATTENDEES} attendees from exploration companies, consultancies, service providers and government.`,
    'Give the proposed title, the speaker and a short abstract. The programme committee schedules requests in the order received, taking account of topics already on the calendar.',
  ],
  'monthly-meeting-agenda-template.pdf': [
    'The monthly meeting is usually held on the first business Monday of the month. The standard agenda is: call to order and welcome of guests; approval of the minutes of the previous meeting; matters arising; reports of the Trustees and committees; technical presentation; announcements; open forum; adjournment.',
  ],
  'monthly-meeting-minutes-template.pdf': [
    'The minutes record the date and venue, the presiding officer, the members and guests present, the approval of the previous minutes, a brief account of each report and presentation, the resolutions adopted with their movers, and the time of adjournment.',
    'Draft minutes are circulated to the Trustees before they are presented for approval at the next meeting.',
  ],
  'annual-meeting-proxy-form.pdf': [
    'The seven Trustees are elected at the annual meeting in June. A voting representative who cannot attend may appoint a proxy using this form. The proxy must reach the secretariat before the deadline stated in the notice of meeting, and a member whose first semester dues are unpaid may not vote.',
  ],
  'monthly-meeting-calendar.pdf': [
    'Monthly meetings are usually held on the first business Monday of the month. Where that Monday is a public holiday the meeting moves to the next business day, and members are notified by e-mail at least a week ahead.',
  ],
  'call-for-trustee-nominations.pdf': [
    `The association is run by seven volunteer Trustees elected at the annual meeting in June, who in turn elect the President, Vice President, Secretary and Treasurer. Any member in good standing may nominate a representative of a member to stand for election.`,
    'Nominations are made in writing to the secretariat with the nominee’s consent and a short profile. The list of candidates is circulated to members with the notice of the annual meeting.',
  ],
  'semestral-dues-reminder.pdf': [
    'After the first year, which is billed twelve months in advance on approval, membership dues are paid in two semestral payments of six months each. The second payment is due within 30 days of the invoice.',
    'Voting rights at meetings require the first semester to be paid. Payments may be made by bank transfer or cheque; please send proof of payment to the secretariat so that it can be matched to your invoice.',
  ],
  'regulatory-update-exploration-permits.pdf': [
    'Members report that complete applications move noticeably faster than those completed after filing. Check the area status with the regional office before filing, prepare the clearances that apply to the land concerned, and make sure the work programs are signed by a licensed professional.',
    'For renewals, file well before the permit expires and bring your quarterly and annual reports up to date first. The secretariat collects members’ experiences of processing times and raises recurring problems with the Bureau at regular dialogues.',
  ],
  'membership-application-form.pdf': [
    'Complete the form for the category you are applying for: Regular, Associate or Individual. Companies name their representatives and indicate which one holds the company’s vote. Honorary membership is conferred only on the recommendation and approval of the board and cannot be applied for.',
    'Send the completed form to the secretariat or apply online through the website. After approval, new members are billed for twelve months in advance.',
  ],
  'membership-obligations-and-benefits.pdf': [
    `Members meet the industry every month, may present their projects and services in ${MEETING_PRESENTATION_MINUTES} minute slots to ${MEETING_ATTENDEES} attendees, pay a reduced meeting rate, receive member announcements, and have a voice in the association’s dialogue with government.`,
    'In return members pay their dues on time (twelve months in advance on approval, then two semestral payments, the second within 30 days of invoice), keep their details up to date, and follow the Code of Conduct. Voting rights need the first semester to be paid.',
  ],
};

type Line = { text: string; font: PDFFont; size: number; color: ReturnType<typeof rgb>; gapAfter?: number };

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const BRAND = rgb(0x17 / 255, 0x41 / 255, 0x3b / 255); // brand-800
const ACCENT = rgb(0x86 / 255, 0x49 / 255, 0x15 / 255); // accent-700
const INK = rgb(0.16, 0.15, 0.14);
const MUTED = rgb(0.36, 0.34, 0.32);

function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) > width && current) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function collectionLabel(collection: DocumentCollection): string {
  switch (collection.id) {
    case 'mgbGuidelines':
      return 'MGB Guidelines and Forms';
    case 'associationForms':
      return `${siteConfig.acronym} Forms`;
    case 'memberNews':
      return "Member's News";
    case 'membership':
      return 'Membership';
  }
}

function sampleNotice(collection: DocumentCollection, document: StaticDocument): string {
  const where = `content/documents/${collection.folder}/${document.filename}`;
  if (collection.id === 'mgbGuidelines') {
    return `This is a sample placeholder, not the official document. The official version is issued by the Mines and Geosciences Bureau; obtain the current one from ${MGB_WEBSITE_URL} or the MGB regional office. The secretariat will replace this file with the official one at the same path (${where}).`;
  }
  return `This is a sample placeholder, not the official document. The secretariat will replace it with the official file at the same path (${where}). Until then, please ask the secretariat at ${siteConfig.secretariatEmail} for the current version.`;
}

async function renderDocument(collection: DocumentCollection, document: StaticDocument): Promise<Uint8Array> {
  const paragraphs = guidance[document.filename];
  if (!paragraphs) throw new Error(`No sample text for ${document.filename}: add it to the guidance table.`);

  const pdf = await PDFDocument.create();
  pdf.setTitle(`SAMPLE - ${document.title}`);
  pdf.setAuthor(association);
  pdf.setSubject(document.description);
  pdf.setKeywords(['sample', document.category, collectionLabel(collection)]);
  pdf.setCreator(siteConfig.acronym);
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const width = PAGE_WIDTH - MARGIN * 2;

  // Header band with the association's name.
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 72, width: PAGE_WIDTH, height: 72, color: BRAND });
  page.drawText(siteConfig.name, {
    x: MARGIN,
    y: PAGE_HEIGHT - 40,
    size: 12,
    font: bold,
    color: rgb(1, 1, 1),
  });
  page.drawText(`${collectionLabel(collection)}  |  ${document.category}`, {
    x: MARGIN,
    y: PAGE_HEIGHT - 57,
    size: 9,
    font: regular,
    color: rgb(0.85, 0.92, 0.9),
  });
  page.drawText('SAMPLE', {
    x: PAGE_WIDTH - MARGIN - bold.widthOfTextAtSize('SAMPLE', 14),
    y: PAGE_HEIGHT - 46,
    size: 14,
    font: bold,
    color: rgb(0.95, 0.82, 0.56),
  });

  const lines: Line[] = [];
  const push = (text: string, font: PDFFont, size: number, color: Line['color'], gapAfter = 0) => {
    const wrapped = wrapText(text, font, size, width);
    wrapped.forEach((line, index) => {
      lines.push({ text: line, font, size, color, gapAfter: index === wrapped.length - 1 ? gapAfter : 0 });
    });
  };

  push('SAMPLE DOCUMENT', bold, 10, ACCENT, 6);
  push(document.title, bold, 20, INK, 8);
  push(document.description, regular, 11, MUTED, 18);

  let y = PAGE_HEIGHT - 72 - 48;
  const drawLines = (from: number) => {
    for (const line of lines.slice(from)) {
      page.drawText(line.text, { x: MARGIN, y, size: line.size, font: line.font, color: line.color });
      y -= line.size * 1.45 + (line.gapAfter ?? 0);
    }
  };
  drawLines(0);

  // The honest notice, boxed so nobody mistakes the file for the real one.
  const notice = wrapText(sampleNotice(collection, document), regular, 10, width - 24);
  const boxHeight = notice.length * 14.5 + 30;
  page.drawRectangle({
    x: MARGIN,
    y: y - boxHeight + 14,
    width,
    height: boxHeight,
    color: rgb(0.99, 0.97, 0.93),
    borderColor: rgb(0.91, 0.7, 0.34),
    borderWidth: 1,
  });
  let noticeY = y - 6;
  page.drawText('About this file', { x: MARGIN + 12, y: noticeY, size: 10, font: bold, color: ACCENT });
  noticeY -= 16;
  for (const line of notice) {
    page.drawText(line, { x: MARGIN + 12, y: noticeY, size: 10, font: regular, color: INK });
    noticeY -= 14.5;
  }
  y -= boxHeight + 16;

  const guidanceStart = lines.length;
  push('In brief', bold, 13, BRAND, 6);
  for (const paragraph of paragraphs) push(paragraph, regular, 11, INK, 10);
  drawLines(guidanceStart);

  page.drawLine({
    start: { x: MARGIN, y: 64 },
    end: { x: PAGE_WIDTH - MARGIN, y: 64 },
    thickness: 0.5,
    color: MUTED,
  });
  page.drawText(`${association}  |  ${siteConfig.secretariatEmail}  |  ${siteConfig.phone}`, {
    x: MARGIN,
    y: 48,
    size: 8,
    font: regular,
    color: MUTED,
  });
  page.drawText(`Published at ${getDocumentUrl(collection, document)}`, {
    x: MARGIN,
    y: 36,
    size: 8,
    font: regular,
    color: MUTED,
  });

  if (y < 80) throw new Error(`${document.filename}: text runs into the footer; shorten it.`);
  return pdf.save();
}

async function main() {
  const missingOnly = process.argv.includes('--missing-only');
  let written = 0;
  for (const collection of DOCUMENT_COLLECTIONS) {
    const folder = path.join(contentRoot, collection.folder);
    await mkdir(folder, { recursive: true });
    for (const document of collection.documents) {
      const target = path.join(folder, document.filename);
      if (missingOnly && existsSync(target)) continue;
      const bytes = await renderDocument(collection, document);
      await writeFile(target, bytes);
      written += 1;
      console.log(`${path.relative(process.cwd(), target)}  ${bytes.length} bytes`);
    }
  }
  console.log(`Wrote ${written} sample document(s).`);
}

await main();
