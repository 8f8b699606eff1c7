import { DOCUMENT_COLLECTIONS, getDocumentUrl, memberNewsCollection, type StaffRole } from '@portal/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembership, createUser, signIn } from '../test/factories';
import { buildTestApp } from '../test/helper';
import { accessPlugin, type RouteAccess } from './access';

/** Registers one API route with `config` on a bare app that has the access plugin. */
async function registerRoute(config: {
  access?: RouteAccess;
  ignoresViewer?: boolean;
  roles?: readonly StaffRole[];
}) {
  const app = Fastify();
  // No route here is `members-area`: the rule itself is exercised through the real app below.
  await app.register(accessPlugin, { inGoodStanding: async () => false });
  try {
    app.get('/api/example', { config }, async () => ({}));
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('route access declarations', () => {
  it('refuses an API route that does not say who may call it', async () => {
    await expect(registerRoute({})).rejects.toThrow('Route GET /api/example must declare config.access');
  });

  it('lets only public routes skip the session lookup', async () => {
    await expect(registerRoute({ access: 'public', ignoresViewer: true })).resolves.toBeUndefined();
    for (const access of ['member', 'members-area', 'staff'] as const) {
      const roles = access === 'staff' ? (['admin'] as const) : undefined;
      await expect(registerRoute({ access, ignoresViewer: true, roles })).rejects.toThrow(
        'Route GET /api/example needs the viewer to enforce its access',
      );
    }
  });
});

describe('staff routes declare their roles', () => {
  it('refuses a staff route without roles, with an unknown role, and roles on a route that is not staff', async () => {
    await expect(registerRoute({ access: 'staff' })).rejects.toThrow(
      'Route GET /api/example must declare config.roles (STAFF_AREAS)',
    );
    await expect(registerRoute({ access: 'staff', roles: ['janitor' as StaffRole] })).rejects.toThrow(
      'Route GET /api/example must declare config.roles (STAFF_AREAS)',
    );
    await expect(registerRoute({ access: 'member', roles: ['admin'] })).rejects.toThrow(
      'Route GET /api/example declares roles but is not a staff route',
    );
    await expect(registerRoute({ access: 'staff', roles: ['treasurer'] })).resolves.toBeUndefined();
  });
});

describe('caching of answers (private answers were once marked cacheable)', () => {
  let context: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  const get = (url: string, cookie?: string) =>
    context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const firstFile = (collection: (typeof DOCUMENT_COLLECTIONS)[number]) =>
    getDocumentUrl(collection, collection.documents[0] as (typeof collection.documents)[number]);

  it('forbids storing whatever depends on who asks: admin answers, members-only files, viewer-aware lists', async () => {
    const admin = await createUser(context.db, { type: 'admin' });
    const member = await createUser(context.db, { type: 'individual' });
    await createMembership(context.db, member.id);
    const adminCookie = (await signIn(context, admin)).cookie;
    const memberCookie = (await signIn(context, member)).cookie;

    const answers = [
      await get('/api/dashboard/admin/summary', adminCookie),
      await get(firstFile(memberNewsCollection), memberCookie),
      await get('/api/boards/get-board-members', memberCookie),
      await get('/api/news/get-news', adminCookie),
      await get('/api/auth/session', memberCookie),
      // Refusals too: a 403 for one member is not the answer for another.
      await get('/api/dashboard/admin/summary', memberCookie),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 403]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('private, no-store');
    for (const answer of answers) expect(answer.headers.vary).toContain('Cookie');
  });

  it("lets caches share a guest's public reads a minute, keyed by the Cookie header, with an ETag", async () => {
    const shared = 'public, max-age=60, stale-while-revalidate=300';
    for (const url of [
      '/api/news/get-news',
      '/api/events/retrieve-events',
      '/api/boards/get-board-members',
    ]) {
      const guest = await get(url);
      expect(guest.statusCode).toBe(200);
      expect(guest.headers['cache-control']).toBe(shared);
      expect(guest.headers.vary).toContain('Cookie');
      const etag = String(guest.headers.etag);
      expect(etag).toMatch(/^W\/"/);
      const unchanged = await context.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.body).toBe('');
      // Any cookie (a session, a visitor's like) may change the answer: not shared.
      expect((await get(url, 'visitor_id=abc')).headers['cache-control']).toBe('private, no-store');
    }
    // Not a read (a view counted), and not found: not kept.
    expect(
      (await get('/api/news/add-view/00000000-0000-0000-0000-000000000000')).headers['cache-control'],
    ).toBe('private, no-store');
    expect(
      (await get('/api/news/get-news/00000000-0000-0000-0000-000000000000')).headers['cache-control'],
    ).toBe('private, no-store');
  });

  it('keeps what is the same for everyone cacheable', async () => {
    const publicCollection = DOCUMENT_COLLECTIONS.find((collection) => collection.access === 'public');
    if (!publicCollection) throw new Error('the catalogue has no public collection');
    const file = await get(firstFile(publicCollection));
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=3600');
    expect((await get('/api/health')).headers['cache-control']).toBeUndefined();
  });
});

describe('who may call comes before what was sent', () => {
  let context: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    context = await buildTestApp();
  });
  afterAll(() => context.close());

  it('answers a guest 401 and a member 403 on routes not theirs, whatever the body, before validating it', async () => {
    const member = await createUser(context.db, { type: 'individual' });
    const memberCookie = (await signIn(context, member)).cookie;
    const withBody = context.app.routeTable.filter(
      (route) => route.config.access !== 'public' && ['POST', 'PUT', 'PATCH'].includes(route.method),
    );
    expect(withBody.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['PUT /api/reps/update-reps', 'PUT /api/users/filled-form/:id']),
    );
    const id = '00000000-0000-4000-8000-000000000000';
    for (const route of withBody) {
      const url = route.url.replace(/:\w+/g, id);
      const send = (cookie?: string) =>
        context.app.inject({
          method: route.method as 'POST',
          url,
          headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
          payload: {},
        });
      const guest = await send();
      expect({ route: url, status: guest.statusCode }).toEqual({ route: url, status: 401 });
      expect(guest.json().error).toBe('Authentication required');
      if (route.config.access === 'staff') {
        const refused = await send(memberCookie);
        expect({ route: url, status: refused.statusCode }).toEqual({ route: url, status: 403 });
      }
    }
  });
});
