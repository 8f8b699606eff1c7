import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { hasAccountName, manilaDateString, siteConfig } from '@portal/shared';
import { and, count, eq, gt, inArray, isNotNull, like, lt, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, type DiskStorage } from '../lib/storage';
import { statementPdf } from '../modules/dues';
import { type DatabaseHandle, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import {
  boardMembers,
  cpdCertificates,
  documentSequences,
  duesPayments,
  duesStatements,
  eventCheckIns,
  eventCpdSettings,
  eventEvaluationResponses,
  eventPriceTiers,
  eventRegistrations,
  eventSpeakers,
  events,
  eventWaitlist,
  memberships,
  newsArticles,
  representatives,
  speakers,
  uploadedFiles,
  users,
} from './schema';
import { seedBenchmarkContent, seedDemoContent } from './seed';
import { demoEvents } from './seed-content';

const hashPassword = (password: string) => hash(password);

/** PGlite in memory by default; a scratch database on the server when TEST_DATABASE_URL is set. */
const serverUrl = process.env.TEST_DATABASE_URL;
const scratchDatabase = `seed_test_${process.pid}_${Date.now()}`;

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(handle);
    return handle;
  }
  await onServer(`create database ${scratchDatabase}`);
  const url = new URL(serverUrl);
  url.pathname = `/${scratchDatabase}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  await migrateDatabase(handle, url.toString());
  return handle;
}

describe('seedDemoContent', () => {
  let handle: DatabaseHandle;
  let storage: DiskStorage;
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = join(await mkdtemp(join(tmpdir(), 'seed-test-')), 'uploads');
    storage = createDiskStorage({ uploadsDir });
    handle = await openTestDatabase();
  });

  afterAll(async () => {
    await handle?.close();
    if (serverUrl) await onServer(`drop database if exists ${scratchDatabase} with (force)`);
    await rm(join(uploadsDir, '..'), { recursive: true, force: true });
  });

  it('loads the demo association into an empty database', async () => {
    const progress: string[] = [];
    const result = await seedDemoContent(handle.db, storage, {
      adminPassword: 'Admin-Demo-2025!',
      hashPassword,
      onStart: () => progress.push('seeding'),
    });
    // The first start's progress line (main.ts) is printed once, before the slow part.
    expect(progress).toEqual(['seeding']);

    expect(result.seeded).toBe(true);
    if (!result.seeded) return;
    expect(result.admin).toEqual({
      username: 'admin',
      email: `admin@${siteConfig.acronym.toLowerCase()}.org.ph`,
      type: 'admin',
    });

    const [admin] = await handle.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.type).toBe('admin');
    expect(admin?.status).toBe('active');
    expect(await verify(admin?.passwordHash ?? '', 'Admin-Demo-2025!')).toBe(true);
  });

  it('shows dues at work: paid with receipts, awaiting payment, overdue, a proof to verify', async () => {
    const today = manilaDateString();
    const statements = await handle.db.select().from(duesStatements);
    const payments = await handle.db.select().from(duesPayments);
    const paid = statements.filter((statement) => statement.status === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(3);
    for (const statement of paid) {
      const receipt = payments.find((payment) => payment.statementId === statement.id);
      expect(receipt?.receiptNumber).toMatch(/^AR-\d{4}-\d{6}$/);
    }
    const unpaid = statements.filter((statement) => statement.status === 'issued');
    expect(unpaid.some((statement) => statement.dueOn < today)).toBe(true);
    expect(unpaid.some((statement) => statement.dueOn >= today)).toBe(true);
    expect(payments.filter((payment) => payment.status === 'submitted' && payment.proofPath)).toHaveLength(1);
    // The API's next numbers follow the demo's.
    const sequences = await handle.db.select().from(documentSequences);
    for (const { number } of statements) {
      const sequence = sequences.find(
        (row) => row.kind === 'SOA' && row.year === Number(number?.slice(4, 8)),
      );
      expect(sequence?.lastNumber).toBeGreaterThanOrEqual(Number(number?.slice(-6)));
    }
  });

  it('gives the dues settings a sample TIN, payment instructions and a QR Ph image the statements print', async () => {
    const [unpaid] = await handle.db.select().from(duesStatements).where(eq(duesStatements.status, 'issued'));
    if (!unpaid) throw new Error('no unpaid statement in the demo');
    const path = join(uploadsDir, 'demo-statement.pdf');
    writeFileSync(path, await statementPdf(handle.db, storage, unpaid));
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
    expect(text).toContain('TIN 000-000-000-000');
    expect(text).toContain('BDO Unibank');
    expect(text).toContain('GCash: 0917 000 1234');
    expect(text).toContain('Scan with any QR Ph app');
    const images = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' });
    expect(images.trim().split('\n').length).toBeGreaterThan(2);
  });

  it('names every demo person and company (decision 056), and the door person can sign in', async () => {
    const [person] = await handle.db.select().from(users).where(eq(users.username, 'mlsantos'));
    expect(person).toMatchObject({ firstName: 'Maria Lourdes', lastName: 'Santos', registeredName: null });
    const rows = await handle.db.select().from(users);
    const unnamed = rows.filter((row) => !hasAccountName(row)).map((row) => row.username);
    expect(unnamed).toEqual([]);
    // The README's door person (decision 053) is active; the disabled demo account is another.
    const [door] = rows.filter((row) => row.email === 'ramon.torres@geomail.example');
    expect(door?.status).toBe('active');
    expect(rows.filter((row) => row.status === 'inactive' && row.username === 'docampo')).toHaveLength(1);
  });

  it('covers every membership state', async () => {
    const now = new Date();
    const rows = await handle.db.select().from(memberships);
    expect(rows.some((row) => row.status === 'pending')).toBe(true);
    expect(rows.some((row) => row.status === 'rejected')).toBe(true);
    expect(rows.some((row) => row.status === 'approved' && row.expiresAt && row.expiresAt > now)).toBe(true);
    expect(rows.some((row) => row.status === 'approved' && row.expiresAt && row.expiresAt < now)).toBe(true);
  });

  it('gives every company exactly one voting representative', async () => {
    const companies = await handle.db.select({ id: users.id }).from(users).where(eq(users.type, 'company'));
    expect(companies.length).toBeGreaterThan(0);
    for (const company of companies) {
      const [voting] = await handle.db
        .select({ n: count() })
        .from(representatives)
        .where(and(eq(representatives.userId, company.id), eq(representatives.type, 'voting')));
      expect(voting?.n).toBe(1);
    }
  });

  it('has upcoming and past published events, drafts, a cancelled one, speakers and registrations', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await handle.db.select().from(events);
    const published = rows.filter((row) => row.status === 'published');
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(published.filter((row) => row.start_date > today).length).toBeGreaterThan(
      published.filter((row) => row.start_date < today).length,
    );
    expect(published.some((row) => row.start_date < today)).toBe(true);
    expect(rows.filter((row) => row.status === 'draft')).toHaveLength(2);
    expect(rows.filter((row) => row.status === 'cancelled')).toHaveLength(1);
    expect(rows.some((row) => Number(row.price) === 0)).toBe(true);
    expect(rows.every((row) => row.banner_image_url?.startsWith('/uploads/'))).toBe(true);

    const [speakerCount] = await handle.db.select({ n: count() }).from(speakers);
    expect(speakerCount?.n).toBe(8);
    const [linkCount] = await handle.db.select({ n: count() }).from(eventSpeakers);
    expect(linkCount?.n).toBeGreaterThan(0);
    const statuses = await handle.db
      .selectDistinct({ status: eventRegistrations.status })
      .from(eventRegistrations);
    expect(statuses.map((row) => row.status).sort()).toEqual(['approved', 'pending', 'rejected']);
  });

  it('charges what each paid event lists: guests its price, members and professionals less', async () => {
    const rows = await handle.db.select().from(events);
    const tiers = await handle.db.select().from(eventPriceTiers);
    const paid = rows.filter(
      (row) => row.is_registration_required && !row.registration_url && Number(row.price ?? 0) > 0,
    );
    expect(paid.length).toBeGreaterThanOrEqual(3);
    for (const event of paid) {
      const amountOf = (audience: string) =>
        tiers.find((tier) => tier.event_id === event.id && tier.audience === audience)?.amount_centavos;
      expect(amountOf('guest')).toBe(Math.round(Number(event.price) * 100));
      expect(amountOf('member')).toBeLessThan(amountOf('professional') as number);
      expect(amountOf('professional')).toBeLessThan(amountOf('guest') as number);
    }
    // The monthly meeting keeps the specification's fees (docs/product-rules.md "Event prices").
    const meeting = rows.find((row) => row.title.startsWith('Monthly Technical Meeting'));
    expect(
      tiers
        .filter((tier) => tier.event_id === meeting?.id)
        .map((tier) => [tier.audience, tier.amount_centavos])
        .sort(),
    ).toEqual([
      ['guest', 50_000],
      ['member', 20_000],
      ['professional', 25_000],
    ]);
    // No tiers where registration is elsewhere or free.
    const unpaid = rows.filter((row) => !paid.includes(row)).map((row) => row.id);
    expect(tiers.filter((tier) => unpaid.includes(tier.event_id))).toEqual([]);
  });

  it('has a full upcoming event with members waiting for a seat, in order', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const waiting = await handle.db
      .select({
        eventId: eventWaitlist.event_id,
        state: eventWaitlist.state,
        joinedAt: eventWaitlist.joined_at,
      })
      .from(eventWaitlist)
      .orderBy(eventWaitlist.joined_at);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(waiting.every((row) => row.state === 'waiting')).toBe(true);
    const eventId = waiting[0]?.eventId ?? '';
    const [event] = await handle.db.select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({ status: 'published', is_registration_required: true });
    expect((event?.start_date ?? '') > today).toBe(true);
    const [taken] = await handle.db
      .select({ n: count() })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.event_id, eventId),
          inArray(eventRegistrations.status, ['pending', 'approved']),
        ),
      );
    expect(taken?.n).toBe(event?.max_attendees);
  });

  it('has 7 published news articles, a draft and an archived one, each with a gallery', async () => {
    const rows = await handle.db.select().from(newsArticles);
    expect(rows.filter((row) => row.status === 'published')).toHaveLength(7);
    expect(rows.filter((row) => row.status === 'draft')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'archived')).toHaveLength(1);
    const galleries = await handle.db
      .select({ ownerId: uploadedFiles.ownerId, images: count() })
      .from(uploadedFiles)
      .where(eq(uploadedFiles.ownerType, 'news_article'))
      .groupBy(uploadedFiles.ownerId);
    expect(galleries).toHaveLength(rows.length);
    for (const row of rows) {
      const images = galleries.find((gallery) => gallery.ownerId === row.id)?.images ?? 0;
      expect(images).toBeGreaterThanOrEqual(1);
      expect(images).toBeLessThanOrEqual(3);
    }
  });

  it('seats four officers and seven trustees in all, plus one inactive member', async () => {
    const rows = await handle.db.select().from(boardMembers);
    const active = rows.filter((row) => row.is_active);
    expect(active.map((row) => row.position).slice(0, 4)).toEqual([
      'President',
      'Vice President',
      'Treasurer',
      'Secretary',
    ]);
    expect(active).toHaveLength(7);
    expect(rows.filter((row) => !row.is_active)).toHaveLength(1);
    const [withSince] = await handle.db
      .select({ n: count() })
      .from(boardMembers)
      .where(isNotNull(boardMembers.trustee_since));
    expect(withSince?.n).toBe(rows.length);
  });

  it('writes every referenced image to storage and records it', async () => {
    const files = await handle.db.select().from(uploadedFiles);
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(existsSync(storage.resolve(file.publicPath))).toBe(true);
    const onDisk = (await readdir(uploadsDir)).filter((name) => name.endsWith('.webp'));
    expect(onDisk).toHaveLength(files.filter((file) => file.publicPath.startsWith('/uploads/')).length);
  });

  it("stores the members' pictures as private files (decision 066)", async () => {
    const pictures = [
      ...(await handle.db.select({ avatar: users.avatarUrl, logo: users.logoUrl }).from(users)).flatMap(
        (user) => [user.avatar, user.logo],
      ),
      ...(await handle.db.select({ photo: representatives.avatarUrl }).from(representatives)).map(
        (rep) => rep.photo,
      ),
    ].filter((path) => path !== null);
    expect(pictures.length).toBeGreaterThan(5);
    expect(pictures.every((path) => path.startsWith('private/'))).toBe(true);
    for (const path of pictures) expect(existsSync(storage.resolve(path))).toBe(true);
  });

  it('has a past certified seminar with CPD settings, check-ins, evaluations and certificates', async () => {
    const rows = await handle.db
      .select({
        number: cpdCertificates.number,
        revoked: cpdCertificates.revoked_at,
        units: cpdCertificates.units,
      })
      .from(cpdCertificates)
      .orderBy(cpdCertificates.number);
    const year = manilaDateString().slice(0, 4);
    expect(rows.map((row) => row.number)).toEqual([
      `CPD-${year}-00001`,
      `CPD-${year}-00002`,
      `CPD-${year}-00003`,
    ]);
    // Andrea Villanueva's (7.5 hours at 1 unit) stands; Jose Mendoza's was revoked.
    expect(rows[0]).toMatchObject({ revoked: null, units: '7.50' });
    expect(rows.filter((row) => row.revoked !== null)).toHaveLength(1);
    const [responses] = await handle.db.select({ n: count() }).from(eventEvaluationResponses);
    expect(responses?.n).toBe(3);
    const [checkIns] = await handle.db.select({ n: count() }).from(eventCheckIns);
    expect(checkIns?.n).toBe(7);
    const [settings] = await handle.db.select({ n: count() }).from(eventCpdSettings);
    expect(settings?.n).toBe(1);
  });

  it('does nothing when users exist', async () => {
    const before = await readdir(uploadsDir);
    let started = false;
    const result = await seedDemoContent(handle.db, storage, {
      adminPassword: 'another',
      hashPassword,
      onStart: () => {
        started = true;
      },
    });
    expect(result).toEqual({ seeded: false });
    expect(started).toBe(false);
    const [eventCount] = await handle.db.select({ n: count() }).from(events);
    expect(eventCount?.n).toBe(demoEvents.length);
    expect(await readdir(uploadsDir)).toEqual(before);
  });

  it('bulk-loads published benchmark content', async () => {
    await seedBenchmarkContent(handle.db, { events: 6_000, news: 1_200 });

    const [eventCount] = await handle.db
      .select({ n: count() })
      .from(events)
      .where(and(eq(events.status, 'published'), sql`${events.title} like '%#%'`));
    expect(eventCount?.n).toBe(6_000);
    const [newsCount] = await handle.db
      .select({ n: count() })
      .from(newsArticles)
      .where(gt(newsArticles.views, -1));
    expect(newsCount?.n).toBe(1_200 + 9);
    const [freeOrPaid] = await handle.db.select({ n: count() }).from(events).where(lt(events.price, '0'));
    expect(freeOrPaid?.n).toBe(0);
  });

  it('adds benchmark users numbered after those already there, a membership for every third', async () => {
    const memberCount = async () => {
      const [row] = await handle.db.select({ n: count() }).from(users).where(like(users.email, 'member%@%'));
      return row?.n;
    };
    await seedBenchmarkContent(handle.db, { events: 0, news: 0, users: 30 });
    await seedBenchmarkContent(handle.db, { events: 0, news: 0, users: 60 });
    expect(await memberCount()).toBe(90);
    const [last] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'member90@drill.example'));
    const [third] = await handle.db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(like(users.email, 'member%@%'));
    expect(last).toBeDefined();
    expect(third?.n).toBe(30);
  });
});
