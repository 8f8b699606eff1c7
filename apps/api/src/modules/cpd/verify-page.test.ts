import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpdCertificates } from '../../db/schema';
import { createEvent, createUser } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let folder: string;
/** The certificates' verification codes, given by the database (decision 066). */
let codes: string[] = [];
const shell =
  '<!doctype html><html><head><title>Association</title></head><body><div id="root"></div></body></html>';
const get = (url: string) => context.app.inject({ method: 'GET', url });

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'portal-certificate-'));
  const webDist = join(folder, 'web');
  await mkdir(webDist, { recursive: true });
  await writeFile(join(webDist, 'index.html'), shell);
  context = await buildTestApp({ WEB_DIST_DIR: webDist });
  const user = await createUser(context.db);
  const event = await createEvent(context.db, { certification_provided: true, start_date: '2026-10-15' });
  const certificate = {
    event_id: event.id,
    user_id: user.id,
    prc_name: 'Ana M. Reyes',
    profession: 'Geologist',
    prc_number: '0012345',
    role: 'participant' as const,
    program_title: 'Porphyry Copper Field Course',
    dates: '15 October 2026',
    venue: 'Baguio',
    hours: '7.5',
    units: '7.5',
    provider_name: 'Provider',
    provider_accreditation_number: 'P-1',
    provider_accreditation_valid_until: '2028-12-31',
    program_accreditation_number: 'G-1',
    signatory_name: 'Signatory',
    signatory_title: 'Chair',
  };
  const inserted = await context.db
    .insert(cpdCertificates)
    .values([
      { ...certificate, number: 'CPD-2026-00001' },
      { ...certificate, number: 'CPD-2026-00002', revoked_at: new Date(), revoked_reason: 'Issued in error' },
    ])
    .returning({ code: cpdCertificates.verify_code });
  codes = inserted.map((row) => row.code);
});
afterAll(async () => {
  await context.close();
  await rm(folder, { recursive: true, force: true });
});

describe('GET /certificates/verify/{code}', () => {
  it('gives every certificate its own code of 22 base64url characters (16 bytes, 122 random bits)', () => {
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(codes).size).toBe(2);
  });

  it('answers 200 HTML for a certificate, revoked ones included, and 404 for an unknown code', async () => {
    for (const code of codes) {
      const page = await get(`/certificates/verify/${code}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toContain('no-store');
      expect(page.body).toContain('<div id="root">');
    }
    // The printed numbers are not found: the QR code and the address carry the code (decision 066).
    for (const unknown of [
      'CPD-2026-00001',
      'CPD-2026-00002',
      'CPD-2026-99999',
      'nothing',
      '%00',
      'x'.repeat(90),
    ]) {
      expect((await get(`/certificates/verify/${unknown}`)).statusCode).toBe(404);
    }
  });

  it('the API says what the page shows, never the licence number', async () => {
    const valid = await get(`/api/certificates/verify/${codes[0]}`);
    expect(valid.json().data).toEqual({
      status: 'valid',
      number: 'CPD-2026-00001',
      name: 'Ana M. Reyes',
      program: 'Porphyry Copper Field Course',
      dates: '15 October 2026',
      units: '7.5',
      role: 'participant',
      provider: 'Provider',
    });
    expect(valid.body).not.toContain('0012345');
    expect(valid.body).not.toContain('Geologist');
    const revoked = await get(`/api/certificates/verify/${codes[1]}`);
    expect(revoked.json().data).toMatchObject({ status: 'revoked', number: 'CPD-2026-00002' });
    expect(revoked.body).not.toContain('Issued in error');
    expect((await get('/api/certificates/verify/CPD-2026-00001')).json().data).toEqual({
      status: 'not_found',
    });
  });
});
