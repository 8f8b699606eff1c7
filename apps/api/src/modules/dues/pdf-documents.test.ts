import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duesStatements, eventPriceTiers } from '../../db/schema';
import { createEvent, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

// The statement as the route prints it from the database: what its line says it covers.

let context: Awaited<ReturnType<typeof buildTestApp>>;
const dir = mkdtempSync(join(tmpdir(), 'dues-pdf-documents-'));

beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(async () => {
  await context.close();
  rmSync(dir, { recursive: true, force: true });
});

function pdfText(bytes: Buffer): string {
  const path = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/** A guest registered for a paid event; the statement of its fee. */
async function eventFeeStatement(dates: { start_date: string; end_date?: string }) {
  const event = await createEvent(context.db, {
    title: 'Mine Safety Forum',
    status: 'published',
    is_registration_required: true,
    start_time: '09:00:00',
    ...dates,
  });
  const [tier] = await context.db
    .insert(eventPriceTiers)
    .values({
      event_id: event.id,
      name: 'Guest / non-member',
      audience: 'guest',
      amount_centavos: 50_000,
      position: 0,
    })
    .returning();
  const guest = tier?.id;
  const user = await createUser(context.db, { password: null, type: 'individual' });
  const { cookie } = await signIn(context, user);
  const registered = await context.app.inject({
    method: 'POST',
    url: `/api/events/${event.id}/registration`,
    headers: { cookie },
    payload: { tier_id: guest },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const [statement] = await context.db
    .select()
    .from(duesStatements)
    .where(eq(duesStatements.userId, user.id));
  if (!statement) throw new Error('no statement');
  const pdf = await context.app.inject({
    method: 'GET',
    url: `/api/dues/statements/${statement.id}/pdf`,
    headers: { cookie },
  });
  expect(pdf.statusCode).toBe(200);
  return { statement, text: pdfText(pdf.rawPayload) };
}

describe('an event fee’s statement', () => {
  it('prints the event’s date under “Period covered”, not its description again', async () => {
    const { statement, text } = await eventFeeStatement({ start_date: '2099-06-10' });
    expect(text).toContain('PERIOD COVERED');
    expect(text).toContain('10 June 2099');
    // The description (event and tier) is printed once, in its own column.
    const description = statement.description ?? '';
    expect(description).not.toBe('');
    expect(text.split(description.slice(0, 20)).length - 1).toBe(1);
  });

  it('prints both days of an event over several days, in the documents’ date style', async () => {
    const { text } = await eventFeeStatement({ start_date: '2099-07-01', end_date: '2099-07-03' });
    expect(text).toMatch(/PERIOD COVERED[\s\S]*1 July 2099 to 3 July 2099/);
  });
});
