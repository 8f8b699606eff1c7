import { randomUUID } from 'node:crypto';
import {
  addToDate,
  type ConsentPurpose,
  CURRENT_NOTICE_VERSION,
  DEFAULT_FEES_CENTAVOS,
  displayName,
  EVENT_TYPES,
  formatMemberNumber,
  MEETING_FEE_TIERS,
  MEMBER_NUMBER_PREFIX,
  MEMBERSHIP_PERIOD_MONTHS,
  manilaDateString,
  parsePesos,
  SECOND_SEMESTER_DUE_DAYS,
  siteConfig,
  startOfManilaDay,
} from '@portal/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Storage } from '../lib/storage';
import type { Db, DbTransaction } from './client';
import {
  boardMembers,
  consentRecords,
  documentSequences,
  duesPayments,
  duesSettings,
  duesStatements,
  eventPriceTiers,
  eventRegistrations,
  eventSpeakers,
  eventStaff,
  events,
  eventWaitlist,
  type ImageOwnerType,
  memberships,
  type NewEvent,
  type NewUploadedFile,
  newsArticles,
  representatives,
  speakers,
  uploadedFiles,
  userRoles,
  users,
} from './schema';
import {
  type DemoMember,
  type DemoMembership,
  demoArticles,
  demoBoard,
  demoCpd,
  demoDuesSettings,
  demoEvents,
  demoMembers,
  demoNameColumns,
  demoNewUser,
  demoSpeakers,
  eventOrganizer,
} from './seed-content';
import { insertDemoCpd } from './seed-cpd';
import {
  insertDemoDirectory,
  insertDemoRepresentativeAgreements,
  listedInDemoDirectory,
} from './seed-directory';
import { type RenderedImage, renderBanner, renderLogo, renderPortrait } from './seed-images';
import { renderDemoMeetingDocuments } from './seed-meeting-documents';
import { demoPastMeetingTitle, demoPastMeetingYear, insertDemoMeetings } from './seed-meetings';

export type SeedOptions = {
  adminPassword: string;
  /** Every demo member signs in with this; defaults to the admin's password. */
  memberPassword?: string;
  /** The app's argon2id hasher, so the seed never chooses its own parameters. */
  hashPassword: (password: string) => Promise<string>;
  /** "Today" for the date offsets; tests pin it. */
  now?: Date;
  /** Called once the database is found empty, before the (slow) seeding starts: a progress line. */
  onStart?: () => void;
};

export type SeedAccount = { username: string; email: string; type: string };

export type SeedResult =
  | { seeded: false }
  | { seeded: true; admin: SeedAccount; members: SeedAccount[]; images: number };

/** Any constant: concurrent starts against one PostgreSQL server seed at most once. */
const SEED_LOCK_KEY = 72_410_002;
const DAY_MS = 86_400_000;

/** The demo administrator's name: she also applied last June's election to the board. */
const DEMO_ADMIN_NAME = { firstName: 'Teresita', lastName: 'Manalo' } as const;

/** The demo staff besides the administrator, one per role the README's demo accounts name. */
const DEMO_STAFF = [
  {
    username: 'treasurer',
    role: 'treasurer',
    firstName: 'Lorna',
    lastName: 'Villanueva',
    about: 'Treasurer: dues, payments and receipts.',
  },
  {
    username: 'secretariat',
    role: 'secretariat',
    firstName: 'Paolo',
    lastName: 'Dizon',
    about: 'Secretariat officer: members, events and news.',
  },
] as const;

/**
 * Loads the demo association when the users table is empty, and does nothing otherwise, so it
 * is safe to call on every start. Images are written first (storage is not transactional) and
 * removed again if the rows are not written.
 */
export async function seedDemoContent(db: Db, storage: Storage, options: SeedOptions): Promise<SeedResult> {
  if (!(await isUsersTableEmpty(db))) return { seeded: false };
  options.onStart?.();

  const now = options.now ?? new Date();
  const images = new ImageWriter(storage);
  try {
    const passwordHashes = {
      admin: await options.hashPassword(options.adminPassword),
      member: await options.hashPassword(options.memberPassword ?? options.adminPassword),
    };
    const pictures = await drawPictures(images);
    const qrImagePath = await images.savePrivateFile(
      await QRCode.toBuffer(demoDuesSettings.qrPayload, { type: 'png', margin: 2, width: 360 }),
      'png',
    );
    const meetingDocuments = await storeDemoMeetingDocuments(images, now);

    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if (!(await isUsersTableEmpty(tx))) return { seeded: false } as const;
      return insertDemoRows(tx, {
        now,
        passwordHashes,
        pictures,
        files: images.files,
        qrImagePath,
        meetingDocuments,
      });
    });
    if (!result.seeded) await images.removeAll();
    return result;
  } catch (error) {
    await images.removeAll();
    throw error;
  }
}

async function isUsersTableEmpty(db: Db | DbTransaction): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

class ImageWriter {
  readonly files: NewUploadedFile[] = [];
  private readonly privateFiles: string[] = [];
  constructor(private readonly storage: Storage) {}

  /** A private file of another kind (the dues settings' QR Ph image, a PNG). */
  async savePrivateFile(buffer: Buffer, ext: string): Promise<string> {
    const { reference } = await this.storage.savePrivate(buffer, ext);
    this.privateFiles.push(reference);
    return reference;
  }

  /** A private file (a payment proof, decision 066): no `uploaded_files` row, no public address. */
  async savePrivate(image: RenderedImage): Promise<string> {
    const { reference } = await this.storage.savePrivate(image.buffer, 'webp');
    this.privateFiles.push(reference);
    return reference;
  }

  /**
   * A member-only picture (an avatar, a logo, a representative's photo, decision 066): a private
   * file with its `uploaded_files` row, whose path is the private reference, as the image
   * pipeline stores them.
   */
  async savePrivateImage(image: RenderedImage): Promise<string> {
    const { storageKey, reference } = await this.storage.savePrivate(image.buffer, 'webp');
    this.files.push({
      storageKey,
      publicPath: reference,
      contentType: 'image/webp',
      byteSize: image.buffer.length,
      width: image.width,
      height: image.height,
    });
    return reference;
  }

  async save(image: RenderedImage): Promise<string> {
    const { storageKey, publicPath } = await this.storage.save(image.buffer, 'webp');
    this.files.push({
      storageKey,
      publicPath,
      contentType: 'image/webp',
      byteSize: image.buffer.length,
      width: image.width,
      height: image.height,
    });
    return publicPath;
  }

  async removeAll(): Promise<void> {
    await Promise.all(
      [...this.files.map((file) => file.publicPath), ...this.privateFiles].map((path) =>
        this.storage.remove(path),
      ),
    );
    this.files.length = 0;
    this.privateFiles.length = 0;
  }
}

type Pictures = Awaited<ReturnType<typeof drawPictures>>;

async function drawPictures(images: ImageWriter) {
  // Seeds are handed out in a fixed order before any await, so the pictures are the same on
  // every run while sharp renders them in parallel.
  let seed = 1;
  const draw = (render: () => Promise<RenderedImage>) => render().then((image) => images.save(image));
  const drawPrivate = (render: () => Promise<RenderedImage>) =>
    render().then((image) => images.savePrivateImage(image));
  const portrait = (name: string, member = false) => {
    const own = seed++;
    return (member ? drawPrivate : draw)(() => renderPortrait(name, own));
  };
  const banner = () => {
    const own = seed++;
    return draw(() => renderBanner(own));
  };
  const keyed = async (entries: [string, Promise<string>][]) =>
    new Map(await Promise.all(entries.map(async ([key, path]) => [key, await path] as const)));

  const members = keyed(
    demoMembers.map((member) => {
      const own = seed++;
      const render = member.type === 'company' ? renderLogo : renderPortrait;
      return [member.username, drawPrivate(() => render(member.displayName, own))];
    }),
  );
  const representativePortraits = keyed(
    demoMembers
      .flatMap((member) => member.representatives)
      .filter((representative) => representative.withPortrait)
      .map((representative) => {
        const name = `${representative.firstName} ${representative.lastName}`;
        return [name, portrait(name, true)];
      }),
  );
  const speakerImages = keyed(demoSpeakers.map((speaker) => [speaker.key, portrait(speaker.name)]));
  const boardImages = keyed(demoBoard.map((member) => [member.name, portrait(member.name)]));
  const eventBanners = Promise.all(demoEvents.map(() => banner()));
  const articleGalleries = Promise.all(
    demoArticles.map((article) => Promise.all(Array.from({ length: article.images }, () => banner()))),
  );
  return {
    members: await members,
    representativePortraits: await representativePortraits,
    speakerImages: await speakerImages,
    boardImages: await boardImages,
    eventBanners: await eventBanners,
    articleGalleries: await articleGalleries,
    /** The photo of a receipt a demo member sent as proof of payment: a private file. */
    proof: await renderBanner(seed++).then((image) => images.savePrivate(image)),
    /** The photo of a certificate a demo member earned elsewhere (their external CPD units): private. */
    externalCertificate: await renderBanner(seed++).then((image) => images.savePrivate(image)),
  };
}

type InsertContext = {
  now: Date;
  passwordHashes: { admin: string; member: string };
  pictures: Pictures;
  files: NewUploadedFile[];
  /** The demo's QR Ph image, already in storage. */
  qrImagePath: string;
  /** The minutes and resolution of last June's meeting, already in storage (decision 078). */
  meetingDocuments: Awaited<ReturnType<typeof storeDemoMeetingDocuments>>;
};

/** Last June's minutes and resolution, drawn and stored as private files before the rows. */
async function storeDemoMeetingDocuments(images: ImageWriter, now: Date) {
  const year = demoPastMeetingYear(now);
  const { minutes, resolution } = await renderDemoMeetingDocuments(
    demoPastMeetingTitle(year),
    `${year}-06-20`,
  );
  return {
    minutes: { reference: await images.savePrivateFile(minutes, 'pdf'), byteSize: minutes.length },
    resolution: { reference: await images.savePrivateFile(resolution, 'pdf'), byteSize: resolution.length },
  };
}

async function insertDemoRows(tx: DbTransaction, context: InsertContext): Promise<SeedResult> {
  const { now, passwordHashes, pictures } = context;
  await tx.insert(duesSettings).values({
    regularFeeCentavos: DEFAULT_FEES_CENTAVOS.Regular,
    associateFeeCentavos: DEFAULT_FEES_CENTAVOS.Associate,
    individualFeeCentavos: DEFAULT_FEES_CENTAVOS.Individual,
    paymentInstructions: demoDuesSettings.paymentInstructions,
    qrImagePath: context.qrImagePath,
    associationName: siteConfig.name,
    associationAddress: siteConfig.address,
    associationTin: demoDuesSettings.associationTin,
  });
  const daysAgo = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * 3_600_000);

  const adminAccount = {
    username: 'admin',
    email: `admin@${siteConfig.acronym.toLowerCase()}.org.ph`,
    type: 'admin',
  } as const;
  const [admin] = await tx
    .insert(users)
    .values({
      ...adminAccount,
      passwordHash: passwordHashes.admin,
      phone: siteConfig.phone,
      address: siteConfig.address,
      about: `Secretariat administrator of the ${siteConfig.name}.`,
      // Every demo person has a name (decision 056), the administrator too.
      ...DEMO_ADMIN_NAME,
      status: 'active',
      isNew: false,
      emailConfirmedAt: daysAgo(800),
      createdAt: daysAgo(800),
      updatedAt: daysAgo(800),
    })
    .returning({ id: users.id });
  if (!admin) throw new Error('The admin row was not inserted');
  // The demo staff (docs/product-rules.md "Staff roles"): the administrator, a treasurer and a
  // secretariat officer, all signing in with the demo admin's password.
  const domain = `${siteConfig.acronym.toLowerCase()}.org.ph`;
  const demoStaff = await tx
    .insert(users)
    .values(
      DEMO_STAFF.map((person) => ({
        username: person.username,
        email: `${person.username}@${domain}`,
        type: 'admin' as const,
        passwordHash: passwordHashes.admin,
        firstName: person.firstName,
        lastName: person.lastName,
        about: person.about,
        status: 'active' as const,
        isNew: false,
        emailConfirmedAt: daysAgo(400),
        createdAt: daysAgo(400),
        updatedAt: daysAgo(400),
      })),
    )
    .returning({ id: users.id, username: users.username });
  await tx.insert(userRoles).values([
    { userId: admin.id, role: 'admin' },
    ...demoStaff.map((person) => ({
      userId: person.id,
      role: DEMO_STAFF.find((demo) => demo.username === person.username)?.role ?? 'secretariat',
    })),
  ]);

  const memberRows = await tx
    .insert(users)
    .values([
      ...demoMembers.map((member) => {
        const joined = daysAgo(Math.max(...member.memberships.map((m) => m.createdDaysAgo)) + 5);
        return {
          username: member.username,
          email: member.email,
          passwordHash: passwordHashes.member,
          phone: member.phone,
          facsimile: member.facsimile ?? null,
          address: member.address,
          about: member.about,
          type: member.type,
          // What the account goes by, and what its statements and membership card print
          // (docs/product-rules.md "Names").
          ...demoNameColumns(member),
          status: member.status ?? 'active',
          isNew: false,
          avatarUrl: member.type === 'individual' ? pictures.members.get(member.username) : null,
          logoUrl: member.type === 'company' ? pictures.members.get(member.username) : null,
          emailConfirmedAt: joined,
          createdAt: joined,
          updatedAt: joined,
        };
      }),
      {
        username: demoNewUser.username,
        email: demoNewUser.email,
        firstName: demoNewUser.firstName,
        lastName: demoNewUser.lastName,
        passwordHash: passwordHashes.member,
        type: 'user' as const,
        status: 'active' as const,
        isNew: true,
        emailConfirmedAt: daysAgo(1),
        createdAt: daysAgo(1),
        updatedAt: daysAgo(1),
      },
    ])
    .returning({ id: users.id, username: users.username });
  const userIdOf = new Map(memberRows.map((row) => [row.username, row.id]));
  const requireUser = (username: string) => {
    const id = userIdOf.get(username);
    if (!id) throw new Error(`Demo user ${username} is missing`);
    return id;
  };

  await insertDemoConsents(tx, [admin.id, ...demoStaff.map((person) => person.id)], memberRows, daysAgo);
  await insertDemoDirectory(
    tx,
    requireUser,
    new Map(demoMembers.map((member) => [member.username, member.type])),
  );

  const demoMemberships = demoMembers.flatMap((member) =>
    member.memberships.map((membership) => ({ member, membership })),
  );
  const membershipRows = await tx
    .insert(memberships)
    .values(
      demoMemberships.map(({ member, membership }) => ({
        userId: requireUser(member.username),
        category: membership.category,
        ...membershipPeriod(membership, daysAgo),
      })),
    )
    .returning({ id: memberships.id, userId: memberships.userId });
  await insertDemoDues(
    tx,
    demoMemberships.map(({ member, membership }, index) => ({
      member,
      membership,
      id: membershipRows[index]?.id as string,
      userId: requireUser(member.username),
    })),
    { daysAgo, proofPath: pictures.proof },
  );

  const representativeRows = demoMembers.flatMap((member) =>
    member.representatives.map((representative) => ({
      userId: requireUser(member.username),
      firstName: representative.firstName,
      lastName: representative.lastName,
      preferredName: representative.preferredName ?? null,
      email: representative.email ?? null,
      position: representative.position,
      type: representative.type,
      avatarUrl:
        pictures.representativePortraits.get(`${representative.firstName} ${representative.lastName}`) ??
        null,
    })),
  );
  if (representativeRows.length > 0) {
    const inserted = await tx
      .insert(representatives)
      .values(representativeRows)
      .returning({ id: representatives.id, email: representatives.email });
    await insertDemoRepresentativeAgreements(tx, inserted, daysAgo);
  }

  // The galleries and photos are their records' images (lib/images.ts): the ids are chosen here
  // so that the files can be recorded as owned by them.
  const owners = new Map<string, Pick<NewUploadedFile, 'ownerType' | 'ownerId' | 'position'>>();
  const own = (ownerType: ImageOwnerType, paths: readonly string[]) => {
    const ownerId = randomUUID();
    for (const [position, path] of paths.entries()) owners.set(path, { ownerType, ownerId, position });
    return ownerId;
  };

  const speakerRows = await tx
    .insert(speakers)
    .values(
      demoSpeakers.map((speaker) => ({
        id: own(
          'speaker',
          [pictures.speakerImages.get(speaker.key)].filter((path) => path !== undefined),
        ),
        name: speaker.name,
        title: speaker.title,
        company: speaker.company,
        image_url: pictures.speakerImages.get(speaker.key) ?? null,
      })),
    )
    .returning({ id: speakers.id, name: speakers.name });
  const speakerIdOf = new Map(
    demoSpeakers.map((speaker) => [speaker.key, speakerRows.find((row) => row.name === speaker.name)?.id]),
  );

  const eventRows = await tx
    .insert(events)
    .values(
      demoEvents.map((event, index): NewEvent => {
        const created = daysAgo(Math.max(10 + index * 3, 30 - event.startInDays), index);
        const banner = pictures.eventBanners[index];
        return {
          id: own('event', banner ? [banner] : []),
          title: event.title,
          description: event.description,
          content: event.content,
          start_date: manilaDate(now, event.startInDays),
          end_date: manilaDate(now, event.startInDays + event.lengthDays),
          start_time: event.startTime,
          end_time: event.endTime,
          ...event.venue,
          country: 'Philippines',
          organizer_name: eventOrganizer.name,
          organizer_contact: eventOrganizer.contact,
          website_url: event.website_url ?? null,
          event_type: event.event_type,
          is_registration_required: event.is_registration_required,
          registration_url: event.registration_url ?? null,
          max_attendees: event.max_attendees ?? null,
          price: event.price,
          banner_image_url: pictures.eventBanners[index] ?? null,
          safety_focus: event.safety_focus ?? null,
          certification_provided: event.certification_provided,
          status: event.status,
          created_by: admin.id,
          created_at: created,
          updated_at: created,
        };
      }),
    )
    .returning({ id: events.id });

  const links = demoEvents.flatMap((event, index) =>
    event.speakerKeys.map((key) => ({
      event_id: eventRows[index]?.id as string,
      speaker_id: speakerIdOf.get(key) as string,
    })),
  );
  if (links.length > 0) await tx.insert(eventSpeakers).values(links);

  // Paid events taking registrations on this site carry tiers derived from their listed price.
  const tierRows = await tx
    .insert(eventPriceTiers)
    .values(
      demoEvents.flatMap((event, index) =>
        // A free event (no price, or 0) stays free.
        event.is_registration_required && !event.registration_url && Number(event.price ?? 0) > 0
          ? demoPriceTiers(event.price as string).map((tier, position) => ({
              event_id: eventRows[index]?.id as string,
              name: tier.name,
              audience: tier.audience,
              amount_centavos: tier.amount,
              position,
            }))
          : [],
      ),
    )
    .returning();
  const tierOf = (eventId: string, audience: string | undefined) =>
    tierRows.find((tier) => tier.event_id === eventId && tier.audience === audience);
  const registrations = demoEvents.flatMap((event, index) =>
    event.registrations.map((registration, position) => {
      const eventId = eventRows[index]?.id as string;
      return {
        event_id: eventId,
        user_id: requireUser(registration.username),
        status: registration.status,
        price_tier_id: tierOf(eventId, registration.tier)?.id ?? null,
        // An unpaid seat is held two more days.
        hold_expires_at:
          registration.tier && !registration.paid ? new Date(now.getTime() + 2 * DAY_MS) : null,
        created_at: daysAgo(Math.max(1, 8 - position), position),
        updated_at: daysAgo(Math.max(1, 8 - position), position),
      };
    }),
  );
  if (registrations.length > 0) {
    const registrationRows = await tx.insert(eventRegistrations).values(registrations).returning();
    await insertDemoEventFees(
      tx,
      registrationRows.map((row) => ({
        row,
        tier: tierRows.find((tier) => tier.id === row.price_tier_id),
      })),
      { titleOf: (eventId) => demoEvents[eventRows.findIndex((event) => event.id === eventId)]?.title ?? '' },
    );
    const [seminar] = await tx.select().from(events).where(eq(events.title, demoCpd.eventTitle));
    if (seminar) {
      await insertDemoCpd(tx, {
        event: seminar,
        registrations: registrationRows,
        userIdOf: requireUser,
        adminId: admin.id,
        now,
        externalCertificate: pictures.externalCertificate,
      });
    }
  }

  const waiting = demoEvents.flatMap((event, index) =>
    (event.waitlist ?? []).map((username, position) => ({
      event_id: eventRows[index]?.id as string,
      user_id: requireUser(username),
      state: 'waiting' as const,
      // Joined a day apart, in the list's order: the first is offered the next free seat.
      joined_at: daysAgo(5 - position, position),
    })),
  );
  if (waiting.length > 0) await tx.insert(eventWaitlist).values(waiting);
  const staff = demoEvents.flatMap((event, index) =>
    (event.checkInStaff ?? []).map((username) => ({
      event_id: eventRows[index]?.id as string,
      user_id: requireUser(username),
    })),
  );
  if (staff.length > 0) await tx.insert(eventStaff).values(staff);

  await tx.insert(newsArticles).values(
    demoArticles.map((article, index) => {
      const created = daysAgo(article.createdDaysAgo, 2 + index);
      // One article shows the detail page's "Last updated" line.
      const updated = index === 1 ? new Date(created.getTime() + DAY_MS) : created;
      return {
        id: own('news_article', pictures.articleGalleries[index] ?? []),
        title: article.title,
        description: article.description,
        content: article.content,
        status: article.status,
        author: article.author,
        likes: article.likes,
        views: article.views,
        created_by: admin.id,
        created_at: created,
        updated_at: updated,
      };
    }),
  );

  await tx.insert(boardMembers).values(
    demoBoard.map((member) => ({
      id: own(
        'board_member',
        [pictures.boardImages.get(member.name)].filter((path) => path !== undefined),
      ),
      name: member.name,
      title: member.title,
      position: member.position,
      description: member.description,
      // Trustees are elected at the annual meeting in June (spec 000 §1).
      trustee_since: `${Number(manilaDate(now, 0).slice(0, 4)) - member.trusteeSinceYearsAgo}-06-15`,
      display_order: member.display_order,
      is_active: member.is_active,
    })),
  );

  // The annual meetings (docs/decisions/071).
  await insertDemoMeetings(tx, {
    now,
    userIdOf: requireUser,
    boardAdmin: { id: admin.id, name: `${DEMO_ADMIN_NAME.firstName} ${DEMO_ADMIN_NAME.lastName}` },
    documents: context.meetingDocuments,
  });

  await tx
    .insert(uploadedFiles)
    .values(context.files.map((file) => ({ ...file, ...owners.get(file.publicPath) })));

  return {
    seeded: true,
    admin: adminAccount,
    members: [
      ...demoMembers.map(({ username, email, type }) => ({ username, email, type })),
      { username: demoNewUser.username, email: demoNewUser.email, type: 'user' },
    ],
    images: context.files.length,
  };
}

function membershipPeriod(membership: DemoMembership, daysAgo: (days: number) => Date) {
  const createdAt = daysAgo(membership.createdDaysAgo);
  const base = { createdAt, updatedAt: createdAt };
  if (membership.state === 'pending') return { ...base, status: 'pending' as const };
  if (membership.state === 'rejected') {
    return { ...base, status: 'rejected' as const, updatedAt: daysAgo(membership.createdDaysAgo - 2) };
  }
  const approvedAt = daysAgo(membership.createdDaysAgo - 2);
  const approved = { ...base, status: 'approved' as const, updatedAt: approvedAt };
  if (membership.state !== 'approved-current' && membership.state !== 'approved-expired') {
    return { ...approved, startsAt: null, expiresAt: null };
  }
  // Paid five days after the approval, two after applying: the 12 months run from the payment
  // (docs/product-rules.md "Dues").
  const paidOn = demoPaymentDate(membership, daysAgo);
  return {
    ...approved,
    startsAt: startOfManilaDay(paidOn),
    expiresAt: startOfManilaDay(addToDate(paidOn, { months: MEMBERSHIP_PERIOD_MONTHS, days: 1 })),
  };
}

const demoPaymentDate = (membership: DemoMembership, daysAgo: (days: number) => Date) =>
  manilaDateString(daysAgo(membership.createdDaysAgo - 7));

/** The next number of a document kind, continuing the sequences the demo's dues left. */
/**
 * The demo people's consent records (docs/decisions/065): everyone accepted the notice when they
 * joined; most take announcements; some are listed in the directory or have their CPD credits
 * reported; one member gave announcements and withdrew them later (history of two rows).
 */
async function insertDemoConsents(
  tx: DbTransaction,
  staffIds: string[],
  members: { id: string; username: string }[],
  daysAgo: (days: number, hours?: number) => Date,
) {
  const row = (userId: string, purpose: ConsentPurpose, given: boolean, at: Date) => ({
    userId,
    purpose,
    given,
    noticeVersion: CURRENT_NOTICE_VERSION,
    source: 'seed' as const,
    createdAt: at,
  });
  const rows = [
    ...staffIds.flatMap((id) => [
      row(id, 'privacy_notice', true, daysAgo(30)),
      row(id, 'announcements_email', true, daysAgo(30)),
    ]),
    ...members.flatMap((member, index) => [
      row(member.id, 'privacy_notice', true, daysAgo(30, 1)),
      row(member.id, 'announcements_email', true, daysAgo(30, 1)),
      ...(listedInDemoDirectory(member.username)
        ? [row(member.id, 'member_directory', true, daysAgo(30, 1))]
        : []),
      ...(index % 3 === 0 ? [row(member.id, 'cpd_prc_report', true, daysAgo(30, 1))] : []),
      // One member gave announcements at first and withdrew them later.
      ...(index === members.length - 2 ? [row(member.id, 'announcements_email', false, daysAgo(3))] : []),
    ]),
  ];
  await tx.insert(consentRecords).values(rows);
}

async function nextDemoNumber(tx: DbTransaction, kind: 'SOA' | 'AR', on: string) {
  const year = Number(on.slice(0, 4));
  const [row] = await tx
    .insert(documentSequences)
    .values({ kind, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.kind, documentSequences.year],
      set: { lastNumber: sql`${documentSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentSequences.lastNumber });
  return `${kind}-${year}-${String(row?.lastNumber ?? 1).padStart(6, '0')}`;
}

/**
 * A demo event's tiers from its listed price (docs/product-rules.md "Event prices"): guests and
 * non-members pay the listed price, and members and professionals the specification's meeting
 * proportions of it (₱200 and ₱250 of ₱500), rounded to whole pesos, so the monthly meeting
 * listed at ₱500 has exactly the specification's fees and no event lists one price and charges
 * another.
 */
export function demoPriceTiers(listedPrice: string) {
  const listed = parsePesos(listedPrice);
  if (listed === null) throw new Error(`Not a price: ${listedPrice}`);
  const guestRate = MEETING_FEE_TIERS.find((tier) => tier.audience === 'guest')?.amount as number;
  return MEETING_FEE_TIERS.map((tier) => ({
    ...tier,
    amount: Math.round((listed * tier.amount) / guestRate / 100) * 100,
  }));
}

/**
 * The statements of the demo's paid registrations (docs/product-rules.md "Event prices"): paid
 * with a receipt for the approved one, unpaid and due on the hold's last day for the held ones.
 */
async function insertDemoEventFees(
  tx: DbTransaction,
  registrations: {
    row: typeof eventRegistrations.$inferSelect;
    tier: typeof eventPriceTiers.$inferSelect | undefined;
  }[],
  { titleOf }: { titleOf: (eventId: string) => string },
) {
  const today = manilaDateString();
  for (const { row, tier } of registrations) {
    if (!tier || tier.amount_centavos === 0 || row.status === 'rejected') continue;
    const [user] = await tx.select().from(users).where(eq(users.id, row.user_id));
    if (!user) continue;
    const paid = row.status === 'approved';
    const [statement] = await tx
      .insert(duesStatements)
      .values({
        number: await nextDemoNumber(tx, 'SOA', today),
        kind: 'event_fee',
        status: paid ? 'paid' : 'issued',
        userId: user.id,
        eventRegistrationId: row.id,
        description: `${titleOf(row.event_id)}, ${tier.name}`,
        amountCentavos: tier.amount_centavos,
        issuedOn: today,
        dueOn: row.hold_expires_at ? manilaDateString(row.hold_expires_at) : today,
        billedName: displayName(user),
        billedEmail: user.billingEmail ?? user.email,
        billedAddress: user.billingAddress ?? user.address,
      })
      .returning({ id: duesStatements.id });
    if (!statement || !paid) continue;
    await tx.insert(duesPayments).values({
      statementId: statement.id,
      status: 'recorded',
      method: 'GCash',
      reference: 'GC-EVENT-0001',
      amountCentavos: tier.amount_centavos,
      paidOn: today,
      receiptNumber: await nextDemoNumber(tx, 'AR', today),
      recordedAt: new Date(),
    });
  }
}

type DemoBilled = { member: DemoMember; membership: DemoMembership; id: string; userId: string };

/**
 * The dues of the demo (docs/product-rules.md "Dues"): each approved membership's first statement,
 * paid with a receipt for the current ones, unpaid for the one awaiting payment and the overdue
 * one, with a proof waiting for the secretariat for another. Numbered in sequence per year, and
 * the sequences left where the API continues them.
 */
async function insertDemoDues(
  tx: DbTransaction,
  billed: DemoBilled[],
  { daysAgo, proofPath }: { daysAgo: (days: number) => Date; proofPath: string },
) {
  const last = new Map<string, number>();
  const nextSequence = (kind: string, on: string) => {
    const key = `${kind}-${on.slice(0, 4)}`;
    const number = (last.get(key) ?? 0) + 1;
    last.set(key, number);
    return number;
  };
  const nextNumber = (kind: 'SOA' | 'AR', on: string) =>
    `${kind}-${on.slice(0, 4)}-${String(nextSequence(kind, on)).padStart(6, '0')}`;
  const billable = billed
    .filter(({ membership }) =>
      ['approved-current', 'approved-awaiting', 'approved-overdue', 'approved-proof'].includes(
        membership.state,
      ),
    )
    .sort((a, b) => b.membership.createdDaysAgo - a.membership.createdDaysAgo);
  for (const { member, membership, id, userId } of billable) {
    const issuedOn = manilaDateString(daysAgo(membership.createdDaysAgo - 2));
    const overdue = membership.state === 'approved-overdue';
    const paid = membership.state === 'approved-current';
    const paidOn = demoPaymentDate(membership, daysAgo);
    const fee = DEFAULT_FEES_CENTAVOS[membership.category];
    const [statement] = await tx
      .insert(duesStatements)
      .values({
        number: nextNumber('SOA', issuedOn),
        kind: 'new_member',
        status: paid ? 'paid' : 'issued',
        userId,
        membershipId: id,
        category: membership.category,
        months: MEMBERSHIP_PERIOD_MONTHS,
        periodFrom: paid ? paidOn : null,
        periodTo: paid ? addToDate(paidOn, { months: MEMBERSHIP_PERIOD_MONTHS }) : null,
        amountCentavos: fee,
        issuedOn,
        // The overdue member was given 30 days and let them pass (a week ago: the first daily run
        // sends the reminder 7 days after); the others are within theirs.
        dueOn: overdue
          ? manilaDateString(daysAgo(7))
          : addToDate(issuedOn, { days: SECOND_SEMESTER_DUE_DAYS }),
        billedName: member.displayName,
        billedEmail: member.email,
        billedAddress: member.address,
        createdAt: daysAgo(membership.createdDaysAgo - 2),
      })
      .returning({ id: duesStatements.id });
    if (!statement) throw new Error('The demo statement was not inserted');
    if (paid) {
      // Numbered at the first payment in full, as the API does (docs/product-rules.md "Membership card").
      const memberNumber = formatMemberNumber(
        Number(paidOn.slice(0, 4)),
        nextSequence(MEMBER_NUMBER_PREFIX, paidOn),
      );
      await tx.update(memberships).set({ memberNumber }).where(eq(memberships.id, id));
      await tx.insert(duesPayments).values({
        statementId: statement.id,
        status: 'recorded',
        method: 'Bank transfer',
        reference: `BDO-${paidOn.replaceAll('-', '')}-${member.username.slice(0, 4).toUpperCase()}`,
        amountCentavos: fee,
        paidOn,
        receiptNumber: nextNumber('AR', paidOn),
        recordedAt: daysAgo(membership.createdDaysAgo - 8),
        createdAt: daysAgo(membership.createdDaysAgo - 8),
      });
    } else if (membership.state === 'approved-proof') {
      await tx.insert(duesPayments).values({
        statementId: statement.id,
        status: 'submitted',
        method: 'GCash',
        reference: '7012 345 678',
        amountCentavos: fee,
        paidOn: manilaDateString(daysAgo(1)),
        proofPath,
        proofType: 'image/webp',
        submittedBy: userId,
      });
    }
  }
  if (last.size > 0) {
    await tx.insert(documentSequences).values(
      [...last].map(([key, lastNumber]) => ({
        kind: key.slice(0, key.indexOf('-')),
        year: Number(key.slice(key.indexOf('-') + 1)),
        lastNumber,
      })),
    );
  }
}

/** The calendar date in Manila `offsetDays` from `now`: event dates are Manila wall-clock dates. */
const manilaDate = (now: Date, offsetDays: number) =>
  manilaDateString(new Date(now.getTime() + offsetDays * DAY_MS));

// ---------------------------------------------------------------------------------------------
// Benchmark content

export type BenchmarkOptions = { events?: number; news?: number; users?: number };

const BENCHMARK_CHUNK = 5_000;

/** `array['a', 'b']` from constants; inlined because the lists are ours, not user input. */
function textArray(values: readonly string[]): SQL {
  return sql.raw(`(array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}])`);
}

const BENCHMARK_TOPICS = [
  'porphyry copper',
  'epithermal gold',
  'nickel laterite',
  'chromite',
  'drill core logging',
  'geochemical sampling',
  'induced polarisation surveys',
  'community engagement',
  'mine rehabilitation',
];
const BENCHMARK_KINDS = ['Technical Meeting', 'Field Workshop', 'Safety Training', 'Forum', 'Seminar'];
const BENCHMARK_CITIES = [
  'Makati City',
  'Taguig City',
  'Pasig City',
  'Baguio City',
  'Cebu City',
  'Davao City',
  'Iloilo City',
  'Surigao City',
];
const BENCHMARK_PROVINCES = [
  'Metro Manila',
  'Metro Manila',
  'Metro Manila',
  'Benguet',
  'Cebu',
  'Davao del Sur',
  'Iloilo',
  'Surigao del Norte',
];
const BENCHMARK_AUTHORS = [
  'Secretariat',
  'Maria Lourdes Santos',
  'Paolo Reyes',
  'Grace Ocampo',
  'Cecilia Tan',
];

/**
 * Bulk-inserts published events and news, and users, for the load benchmark: one INSERT … SELECT
 * over generate_series per chunk, so 10,000 rows take one round trip per 5,000 on either driver.
 */
export async function seedBenchmarkContent(
  db: Db,
  { events: eventCount = 10_000, news: newsCount = 10_000, users: userCount = 0 }: BenchmarkOptions = {},
): Promise<{ events: number; news: number; users: number }> {
  for (let first = 1; first <= eventCount; first += BENCHMARK_CHUNK) {
    const last = Math.min(eventCount, first + BENCHMARK_CHUNK - 1);
    await db.execute(sql`
      insert into events (
        title, description, content, start_date, end_date, start_time, end_time, location_name,
        address, city, province, country, organizer_name, organizer_contact, event_type,
        is_registration_required, max_attendees, price, safety_focus, certification_provided,
        status, created_at, updated_at
      )
      select
        ${textArray(BENCHMARK_KINDS)}[1 + i % ${BENCHMARK_KINDS.length}] || ' on '
          || ${textArray(BENCHMARK_TOPICS)}[1 + i % ${BENCHMARK_TOPICS.length}] || ' #' || i,
        'Benchmark event ' || i || ' about ' || ${textArray(BENCHMARK_TOPICS)}[1 + (i / 7) % ${BENCHMARK_TOPICS.length}]
          || ' in ' || ${textArray(BENCHMARK_CITIES)}[1 + i % ${BENCHMARK_CITIES.length}],
        '<p>Generated for the load benchmark.</p>',
        current_date + (i % 730 - 365),
        current_date + (i % 730 - 365) + (i % 3),
        time '08:00' + (i % 4) * interval '1 hour',
        time '17:00',
        ${textArray(BENCHMARK_CITIES)}[1 + i % ${BENCHMARK_CITIES.length}] || ' Convention Center',
        'Main Street',
        ${textArray(BENCHMARK_CITIES)}[1 + i % ${BENCHMARK_CITIES.length}],
        ${textArray(BENCHMARK_PROVINCES)}[1 + i % ${BENCHMARK_PROVINCES.length}],
        'Philippines',
        ${`${siteConfig.acronym} Secretariat`},
        ${siteConfig.secretariatEmail},
        ${textArray(EVENT_TYPES)}[1 + i % ${EVENT_TYPES.length}],
        i % 2 = 0,
        case when i % 3 = 0 then null else 20 + i % 200 end,
        case when i % 4 = 0 then 0 else 500 + (i % 20) * 250 end,
        case when i % 5 = 0 then 'Field safety briefing' end,
        i % 6 = 0,
        'published',
        now() - i * interval '1 minute',
        now() - i * interval '1 minute'
      from generate_series(${first}::int, ${last}::int) as series(i)
    `);
  }

  for (let first = 1; first <= newsCount; first += BENCHMARK_CHUNK) {
    const last = Math.min(newsCount, first + BENCHMARK_CHUNK - 1);
    await db.execute(sql`
      insert into news_articles (
        title, description, content, status, author, likes, views, created_at, updated_at
      )
      select
        'Exploration update on ' || ${textArray(BENCHMARK_TOPICS)}[1 + i % ${BENCHMARK_TOPICS.length}] || ' #' || i,
        'Benchmark article ' || i || ' from ' || ${textArray(BENCHMARK_CITIES)}[1 + i % ${BENCHMARK_CITIES.length}],
        '<p>Generated for the load benchmark.</p>',
        'published',
        ${textArray(BENCHMARK_AUTHORS)}[1 + i % ${BENCHMARK_AUTHORS.length}],
        i % 50,
        i % 1000,
        now() - i * interval '1 minute',
        now() - i * interval '1 minute'
      from generate_series(${first}::int, ${last}::int) as series(i)
    `);
  }
  if (userCount > 0) await seedBenchmarkUsers(db, userCount);
  // Fresh statistics and visibility map, as autovacuum would give a real table: without them the
  // planner guesses row counts and counts cannot use index-only scans. It also moves new rows out
  // of a GIN index's pending list, which the planner otherwise prices as a reason to scan them all.
  for (const table of ['events', 'news_articles', 'users', 'memberships']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  return { events: eventCount, news: newsCount, users: userCount };
}

const BENCHMARK_NAME_WORDS = [
  'copper',
  'nickel',
  'gold',
  'chromite',
  'basalt',
  'andesite',
  'porphyry',
  'laterite',
  'magnetite',
  'pyrite',
  'silver',
  'zinc',
  'cobalt',
  'quartz',
  'diorite',
  'gabbro',
  'schist',
  'breccia',
  'skarn',
  'tuff',
];
const BENCHMARK_EMAIL_DOMAINS = ['geomail.example', 'mines.example', 'drill.example', 'survey.example'];

/**
 * `count` more accounts of every type and status (member<i>@…, numbered after those already
 * there), their names and addresses drawn from mining words so a search matches a realistic share
 * (1 in 20 for a word), and a membership for every third one: of those a tenth pending, a tenth
 * rejected, a tenth approved but expired, the rest active; companies Regular or Associate, the
 * others Individual. Each has the first admin's password, so the bench can sign in as any of them.
 */
async function seedBenchmarkUsers(db: Db, count: number) {
  const result = (await db.execute(
    sql`select coalesce(max(substring(email from '^member(\\d+)@')::int), 0) as last from users`,
  )) as unknown as { rows: { last: number }[] };
  const after = Number(result.rows[0]?.last ?? 0);
  const email = sql`'member' || i || '@' || ${textArray(BENCHMARK_EMAIL_DOMAINS)}[1 + i % ${BENCHMARK_EMAIL_DOMAINS.length}]`;
  for (let first = after + 1; first <= after + count; first += BENCHMARK_CHUNK) {
    const last = Math.min(after + count, first + BENCHMARK_CHUNK - 1);
    await db.execute(sql`
      insert into users (username, email, password_hash, type, status, is_new, email_confirmed_at, created_at, updated_at)
      select
        ${textArray(BENCHMARK_NAME_WORDS)}[1 + i % ${BENCHMARK_NAME_WORDS.length}] || '_' || i,
        ${email},
        (select password_hash from users where type = 'admin' order by created_at limit 1),
        (array['individual', 'company', 'user', 'individual', 'company'])[1 + i % 5],
        (array['active', 'active', 'active', 'pending', 'inactive'])[1 + (i / 5) % 5],
        false, now(), now() - make_interval(mins => i), now()
      from generate_series(${first}::int, ${last}::int) as series(i)
    `);
    // Each chunk's own statement: 30,000 at once outlast the connection's statement timeout.
    await db.execute(sql`
      insert into memberships (user_id, category, status, starts_at, expires_at, created_at)
      select users.id,
        case when users.type <> 'company' then 'Individual' when (i / 20) % 2 = 0 then 'Regular' else 'Associate' end,
        case (i / 20) % 10 when 0 then 'pending' when 1 then 'rejected' else 'approved' end,
        case when (i / 20) % 10 < 2 then null when (i / 20) % 10 = 2 then now() - interval '13 months'
          else now() - interval '1 month' end,
        case when (i / 20) % 10 < 2 then null when (i / 20) % 10 = 2 then now() - interval '1 month'
          else now() + interval '11 months' end,
        now() - make_interval(mins => i)
      -- The standing follows i / 20, not i % 20 (the name's word): every word has every standing.
      from generate_series(${first}::int, ${last}::int) as series(i)
      join users on lower(users.email) = ${email}
      where i % 3 = 0
    `);
  }
}
