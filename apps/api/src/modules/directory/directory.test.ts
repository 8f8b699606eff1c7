import {
  DIRECTORY_FIELDS_BY_KIND,
  DIRECTORY_MESSAGES,
  DIRECTORY_MESSAGES_PER_HOUR,
  type DirectoryField,
  type DirectoryVisibility,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryMessages, mailOutbox } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const inject = (options: InjectOptions) => context.app.inject(options);
type Member = Awaited<ReturnType<typeof createUser>> & { cookie: string };

/** A signed-in account; `standing: true` gives it a membership in good standing. */
async function account(
  type: 'company' | 'individual' | 'user',
  { standing = true, roles }: { standing?: boolean; roles?: ('secretariat' | 'treasurer')[] } = {},
): Promise<Member> {
  const user = await createUser(context.db, roles ? { roles } : { type });
  if (standing && !roles) await createMembership(context.db, user.id);
  const { cookie } = await signIn(context, user);
  return { ...user, cookie };
}

const putListing = (member: Member, payload: object) =>
  inject({ method: 'PUT', url: '/api/me/directory', headers: { cookie: member.cookie }, payload });

/** A listed company copper explorer in Surigao, each field at its own visibility. */
const companyListing = (visibility: Partial<Record<DirectoryField, DirectoryVisibility>> = {}) => ({
  listed: true,
  about: 'Porphyry copper exploration in Caraga.',
  commodities: ['copper', 'gold'],
  activities: ['exploration', 'drilling'],
  provinces: ['surigao_del_norte'],
  website: 'https://copper.example.ph',
  contactPerson: 'Ana Reyes',
  visibility,
});

const professionalListing = (visibility: Partial<Record<DirectoryField, DirectoryVisibility>> = {}) => ({
  listed: true,
  about: 'Resource geologist.',
  commodities: ['nickel'],
  regions: ['region_4a'],
  profession: 'geologist',
  specialisations: ['resource_estimation', 'structural_geology'],
  yearsOfPractice: 12,
  employer: 'Nickel Asia',
  competentPerson: true,
  visibility,
});

const get = (url: string, member?: Member) =>
  inject({ method: 'GET', url, headers: member ? { cookie: member.cookie } : {} });

/** The keys of an answer that belong to the field (the licence badge goes with the profession). */
const KEYS: Record<DirectoryField, string[]> = {
  name: ['name'],
  logo: ['logoUrl'],
  about: ['about'],
  commodities: ['commodities'],
  activities: ['activities'],
  areas: ['regions', 'provinces'],
  website: ['website'],
  contactPerson: ['contactPerson'],
  profession: ['profession', 'licenceVerified'],
  specialisations: ['specialisations'],
  yearsOfPractice: ['yearsOfPractice'],
  employer: ['employer'],
  competentPerson: ['competentPerson'],
  representatives: ['representatives'],
};

describe('visibility of every field for every viewer', () => {
  const kinds = [
    ['company', companyListing],
    ['individual', professionalListing],
  ] as const;
  for (const [type, listing] of kinds) {
    const kind = type === 'company' ? 'company' : 'professional';
    const fields = DIRECTORY_FIELDS_BY_KIND[kind].filter((field) => field !== 'name');
    for (const level of ['public', 'members', 'nobody'] as const) {
      it(`${kind}: every field at ${level}`, async () => {
        const owner = await account(type);
        const visibility = Object.fromEntries(fields.map((field) => [field, level]));
        expect((await putListing(owner, listing(visibility))).statusCode).toBe(200);
        const { id } = (await get('/api/me/directory', owner)).json().data;
        const viewers = {
          guest: undefined,
          memberInGoodStanding: await account('individual'),
          memberNotInGoodStanding: await account('individual', { standing: false }),
          secretariat: await account('individual', { roles: ['secretariat'] }),
          owner,
        };
        const seesMembersFields = new Set(['memberInGoodStanding', 'secretariat', 'owner']);
        for (const [who, viewer] of Object.entries(viewers)) {
          const response = await get(`/api/directory/${id}`, viewer);
          expect(response.statusCode, who).toBe(200);
          const entry = response.json().data;
          const shown =
            who === 'owner' || level === 'public' || (level === 'members' && seesMembersFields.has(who));
          for (const field of fields) {
            for (const key of KEYS[field]) expect(key in entry, `${who} ${field}.${key}`).toBe(shown);
          }
          // The list answers the same entry with the same keys.
          const listed = (
            await get(`/api/directory?search=${encodeURIComponent(entry.name)}`, viewer)
          ).json();
          expect(listed.data, who).toEqual([entry]);
        }
      });
    }
  }

  it('shows a members-only name to members and not to guests', async () => {
    const owner = await account('company');
    await putListing(owner, companyListing({ name: 'members' }));
    const { id, name } = (await get('/api/me/directory', owner)).json().data;
    expect((await get(`/api/directory/${id}`)).statusCode).toBe(404);
    expect((await get(`/api/directory?search=${encodeURIComponent(name)}`)).json().data).toEqual([]);
    expect((await get(`/api/directory/${id}`, await account('company'))).statusCode).toBe(200);
  });

  it('never lets a name be hidden from everyone', async () => {
    const owner = await account('company');
    const response = await putListing(owner, companyListing({ name: 'nobody' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'visibility.name',
      error: 'Name visibility must be public or members',
    });
  });
});

describe('finding entries', () => {
  let company: Member;
  let companyName: string;
  beforeAll(async () => {
    company = await account('company');
    await putListing(company, companyListing({ commodities: 'public', areas: 'members' }));
    companyName = (await get('/api/me/directory', company)).json().data.name;
  });
  const search = (query: string, viewer?: Member) =>
    get(`/api/directory?search=${encodeURIComponent(companyName)}&${query}`, viewer);

  it('filters by commodity, activity, region and province; a province brings its region', async () => {
    const member = await account('individual');
    for (const query of [
      'commodity=copper',
      'activity=drilling',
      'region=region_13',
      'province=surigao_del_norte',
    ]) {
      expect((await search(query, member)).json().data, query).toHaveLength(1);
    }
    for (const query of ['commodity=nickel', 'activity=assaying', 'region=ncr', 'profession=geologist']) {
      expect((await search(query, member)).json().data, query).toHaveLength(0);
    }
  });

  it('does not let a guest find an entry by a members-only field', async () => {
    expect((await search('commodity=copper')).json().data).toHaveLength(1);
    const byRegion = await search('region=region_13');
    expect(byRegion.statusCode).toBe(200);
    expect(byRegion.json().data).toEqual([]);
    const guestEntry = (await search('')).json().data[0];
    expect(guestEntry).not.toHaveProperty('regions');
    expect(guestEntry).not.toHaveProperty('activities');
  });

  it('refuses unknown filter values with the field and its message', async () => {
    const cases = [
      ['commodity=unobtainium', 'commodity', /^Commodity must be one of gold, copper/],
      ['activity=piracy', 'activity', /^Activity must be one of exploration/],
      ['region=atlantis', 'region', /^Region must be one of ncr, car/],
      ['province=gotham', 'province', /^Province must be one of the provinces of the Philippines$/],
      ['profession=wizard', 'profession', /^Profession must be one of geologist/],
      ['specialisation=dowsing', 'specialisation', /^Specialisation must be one of/],
      ['page=abc', 'page', /^Page must be a whole number$/],
    ] as const;
    for (const [query, field, message] of cases) {
      const response = await get(`/api/directory?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().field).toBe(field);
      expect(response.json().error).toMatch(message);
    }
  });

  it('filters professionals by profession and specialisation', async () => {
    const geologist = await account('individual');
    await putListing(geologist, professionalListing({ profession: 'public', specialisations: 'public' }));
    const { name } = (await get('/api/me/directory', geologist)).json().data;
    const base = `/api/directory?search=${encodeURIComponent(name)}`;
    expect(
      (await get(`${base}&profession=geologist&specialisation=resource_estimation`)).json().data,
    ).toHaveLength(1);
    expect((await get(`${base}&profession=chemist`)).json().data).toHaveLength(0);
    expect((await get(`${base}&specialisation=hydrogeology`)).json().data).toHaveLength(0);
  });
});

describe('listing by consent', () => {
  it('lists no one by default, and only with the directory consent', async () => {
    const owner = await account('company');
    const draft = await putListing(owner, { ...companyListing(), listed: false });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data).toMatchObject({ listed: false });
    const { id, name } = draft.json().data;
    expect((await get(`/api/directory/${id}`)).statusCode).toBe(404);
    const consents = (await get('/api/me/consents', owner)).json().data;
    expect(JSON.stringify(consents)).toContain('member_directory');
    await putListing(owner, companyListing());
    expect((await get(`/api/directory?search=${encodeURIComponent(name)}`)).json().data).toHaveLength(1);
  });

  it('takes the entry out at once when the consent is withdrawn, and caches a guest answer a minute at most', async () => {
    const owner = await account('company');
    await putListing(owner, companyListing());
    const { id, name } = (await get('/api/me/directory', owner)).json().data;
    const guest = await get(`/api/directory?search=${encodeURIComponent(name)}`);
    expect(guest.json().data).toHaveLength(1);
    expect(guest.headers['cache-control']).toBe('public, max-age=60');
    const member = await get(`/api/directory/${id}`, await account('company'));
    expect(member.headers['cache-control']).toBe('private, no-store');

    const withdraw = await inject({
      method: 'PUT',
      url: '/api/me/consents/member_directory',
      headers: { cookie: owner.cookie },
      payload: { given: false },
    });
    expect(withdraw.statusCode).toBe(200);
    expect((await get(`/api/directory?search=${encodeURIComponent(name)}`)).json().data).toEqual([]);
    expect((await get(`/api/directory/${id}`)).statusCode).toBe(404);
    expect((await get('/api/me/directory', owner)).json().data.listed).toBe(false);
  });

  it('refuses a listing to an account that is not a member', async () => {
    const registered = await account('user', { standing: false });
    const response = await putListing(registered, companyListing());
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(DIRECTORY_MESSAGES.notAMember);
  });

  it('refuses bad listing fields with their messages', async () => {
    const owner = await account('individual');
    const cases = [
      [{ commodities: ['gold', 'kryptonite'] }, 'commodities.1'],
      [{ provinces: ['gotham'] }, 'provinces.0'],
      [{ yearsOfPractice: -1 }, 'yearsOfPractice'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ visibility: { about: 'friends' } }, 'visibility.about'],
      [{ listed: 'yes' }, 'listed'],
    ] as const;
    for (const [change, field] of cases) {
      const response = await putListing(owner, { ...professionalListing(), ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });
});

describe('messages', () => {
  const send = (id: string, sender: Member | undefined, payload: object) =>
    inject({
      method: 'POST',
      url: `/api/directory/${id}/messages`,
      headers: sender ? { cookie: sender.cookie } : {},
      payload,
    });
  const message = (text = 'Hello, are you drilling in Surigao next year?') => ({
    message: text,
    acceptShowAddress: true,
  });

  async function listedEntry(changes: object = {}) {
    const owner = await account('company');
    await putListing(owner, { ...companyListing(), ...changes });
    const { id } = (await get('/api/me/directory', owner)).json().data;
    return { owner, id: id as string };
  }

  it('relays a plain-text message with reply-to the sender, through the outbox', async () => {
    const { owner, id } = await listedEntry();
    const sender = await account('individual');
    const body = 'Hi <script>alert(1)</script>\r\nBcc: victim@example.com\nSee you.';
    const response = await send(id, sender, message(body));
    expect(response.statusCode).toBe(202);
    expect(response.json().data.message).toBe(DIRECTORY_MESSAGES.sent);
    const [mail] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, owner.email));
    expect(mail?.headers).toEqual({ 'Reply-To': sender.email });
    expect(mail?.subject).not.toMatch(/[\r\n]/);
    expect(mail?.text).toContain(body);
    expect(mail?.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.subject).toContain('Test Person');
    // The recipient finds it on their listing and can report it to the secretariat.
    const received = (await get('/api/me/directory/messages', owner)).json().data;
    expect(received).toMatchObject([{ body, senderName: expect.stringContaining('Test Person') }]);
    const report = await inject({
      method: 'POST',
      url: `/api/me/directory/messages/${received[0].id}/report`,
      headers: { cookie: owner.cookie },
      payload: { reason: 'Spam' },
    });
    expect(report.statusCode).toBe(200);
    const secretariat = await account('individual', { roles: ['secretariat'] });
    const reports = (await get('/api/directory/admin/reports', secretariat)).json().data;
    expect(reports.find((row: { id: string }) => row.id === received[0].id)).toMatchObject({
      reason: 'Spam',
      body,
    });
    // Another member cannot report it.
    const other = await account('company');
    const refused = await inject({
      method: 'POST',
      url: `/api/me/directory/messages/${received[0].id}/report`,
      headers: { cookie: other.cookie },
      payload: {},
    });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses guests, members not in good standing, oneself, contact off and unlisted entries', async () => {
    const { owner, id } = await listedEntry();
    expect((await send(id, undefined, message())).statusCode).toBe(401);
    const lapsed = await account('individual', { standing: false });
    expect((await send(id, lapsed, message())).statusCode).toBe(403);
    const self = await send(id, owner, message());
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe(DIRECTORY_MESSAGES.toYourself);

    const quiet = await listedEntry({ contactEnabled: false });
    const member = await account('individual');
    const off = await send(quiet.id, member, message());
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe(DIRECTORY_MESSAGES.contactOff);
    expect((await get(`/api/directory/${quiet.id}`)).json().data.contactable).toBe(false);

    const unlisted = await listedEntry({ listed: false });
    expect((await send(unlisted.id, member, message())).statusCode).toBe(404);
  });

  it('asks for the acceptance and at most 1,000 characters', async () => {
    const { id } = await listedEntry();
    const member = await account('individual');
    const noAccept = await send(id, member, { message: 'Hello' });
    expect(noAccept.statusCode).toBe(400);
    expect(noAccept.json()).toMatchObject({
      field: 'acceptShowAddress',
      error: DIRECTORY_MESSAGES.acceptRequired,
    });
    const long = await send(id, member, message('x'.repeat(1001)));
    expect(long.json()).toMatchObject({ field: 'message', error: DIRECTORY_MESSAGES.messageTooLong });
    expect((await send(id, member, message('x'.repeat(1000)))).statusCode).toBe(202);
    const blank = await send(id, member, message('   '));
    expect(blank.json()).toMatchObject({ field: 'message', error: DIRECTORY_MESSAGES.messageRequired });
  });

  it('allows 20 messages an hour from one sender and refuses the 21st with 429', async () => {
    const { id } = await listedEntry();
    const other = await listedEntry();
    const sender = await account('individual');
    for (let index = 0; index < DIRECTORY_MESSAGES_PER_HOUR; index += 1) {
      const target = index % 2 === 0 ? id : other.id;
      expect((await send(target, sender, message(`Message ${index}`))).statusCode).toBe(202);
    }
    const refused = await send(id, sender, message('One too many'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', error: DIRECTORY_MESSAGES.tooManyMessages });
    // Another sender is not held back; and an hour later this one may write again.
    expect((await send(id, await account('company'), message())).statusCode).toBe(202);
    await context.db
      .update(directoryMessages)
      .set({ createdAt: sql`${directoryMessages.createdAt} - interval '61 minutes'` })
      .where(eq(directoryMessages.senderId, sender.id));
    expect((await send(id, sender, message('Next hour'))).statusCode).toBe(202);
  });

  it('lets 20 parallel sends through and no more', async () => {
    const { id } = await listedEntry();
    const sender = await account('individual');
    const statuses = await Promise.all(
      Array.from({ length: DIRECTORY_MESSAGES_PER_HOUR + 5 }, (_, index) =>
        send(id, sender, message(`Parallel ${index}`)).then((response) => response.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 202)).toHaveLength(DIRECTORY_MESSAGES_PER_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe("the secretariat's moderation", () => {
  it('hides an entry with a reason the member reads, sets the licence badge, counts entries', async () => {
    const owner = await account('individual');
    await putListing(owner, professionalListing({ profession: 'public' }));
    const { id } = (await get('/api/me/directory', owner)).json().data;
    const secretariat = await account('individual', { roles: ['secretariat'] });
    const moderate = (payload: object, who: Member = secretariat) =>
      inject({
        method: 'PUT',
        url: `/api/directory/admin/entries/${id}/moderation`,
        headers: { cookie: who.cookie },
        payload,
      });

    expect((await moderate({ hidden: true })).json()).toMatchObject({
      field: 'reason',
      error: DIRECTORY_MESSAGES.reasonRequired,
    });
    const treasurer = await account('individual', { roles: ['treasurer'] });
    expect((await moderate({ hidden: true, reason: 'x' }, treasurer)).statusCode).toBe(403);

    expect((await get(`/api/directory/${id}`)).json().data.licenceVerified).toBe(false);
    const badge = await inject({
      method: 'PUT',
      url: `/api/directory/admin/entries/${id}/licence`,
      headers: { cookie: secretariat.cookie },
      payload: { verified: true },
    });
    expect(badge.json().data.licenceVerified).toBe(true);
    const entry = (await get(`/api/directory/${id}`)).json().data;
    expect(entry.licenceVerified).toBe(true);
    expect(JSON.stringify(entry)).not.toMatch(/prc|licenceNumber/i);

    const hidden = await moderate({ hidden: true, reason: 'Misleading claims' });
    expect(hidden.statusCode).toBe(200);
    expect((await get(`/api/directory/${id}`)).statusCode).toBe(404);
    expect((await get('/api/me/directory', owner)).json().data.hiddenReason).toBe('Misleading claims');
    const list = (await get('/api/directory/admin/entries?status=hidden', secretariat)).json();
    expect(list.data.map((row: { id: string }) => row.id)).toContain(id);
    expect(list.counts.hidden).toBeGreaterThanOrEqual(1);

    await moderate({ hidden: false });
    expect((await get(`/api/directory/${id}`)).statusCode).toBe(200);
  });
  it("gives the dashboard the directory's figures: listed by kind, hidden, messages this month", async () => {
    const secretariat = await account('individual', { roles: ['secretariat'] });
    const figures = async () => {
      const response = await get('/api/dashboard/admin/summary', secretariat);
      expect(response.statusCode).toBe(200);
      return response.json().data.directory;
    };
    const before = await figures();
    const company = await account('company');
    await putListing(company, companyListing({ name: 'public' }));
    const professional = await account('individual');
    await putListing(professional, professionalListing({ name: 'public' }));
    const unlisted = await account('individual');
    await putListing(unlisted, { ...professionalListing(), listed: false });
    const { id } = (await get('/api/me/directory', professional)).json().data;
    const sent = await inject({
      method: 'POST',
      url: `/api/directory/${id}/messages`,
      headers: { cookie: company.cookie },
      payload: { message: 'Hello from the dashboard test.', acceptShowAddress: true },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await inject({
      method: 'PUT',
      url: `/api/directory/admin/entries/${id}/moderation`,
      headers: { cookie: secretariat.cookie },
      payload: { hidden: true, reason: 'Checking' },
    });
    const after = await figures();
    expect(after).toEqual({
      listedCompanies: before.listedCompanies + 1,
      // The professional is hidden now: no longer counted as listed, counted as hidden.
      listedProfessionals: before.listedProfessionals,
      hidden: before.hidden + 1,
      messagesThisMonth: before.messagesThisMonth + 1,
    });
  });
});
