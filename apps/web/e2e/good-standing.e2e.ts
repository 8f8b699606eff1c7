import { CARD_MESSAGES, MEMBERS_AREA_MESSAGES, memberNewsCollection, sitePaths } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { launchBrowser, openPage, type Viewport } from './browser';
import { type ClockServer, startClockServer } from './clock-server';
import { checkPage } from './joining';
import { useServer } from './server-under-test';
import { memberInGoodStanding, signInByApi, type TestMember } from './session';

/**
 * The grace keeps good standing (docs/product-rules.md "Good standing", decision 057): a member
 * who paid, then let a statement pass its due date, keeps the card and the members' area through
 * the grace, and loses both together the day after it. The server's clock is moved forward
 * (clock-server.ts), the browser's set to the same time.
 */
let server: ClockServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  server = await startClockServer();
  useServer(server);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ADMIN_EMAIL = 'admin@meap.org.ph'; // apps/api/src/db/seed-content.ts
const JOURNEY = 'good-standing';
const DAY_MS = 86_400_000;
const fileUrl = `${memberNewsCollection.publicPath}/${memberNewsCollection.documents[0]?.filename}`;

/** The secretariat bills the member a semester: issued today, due in 30 days (the default). */
async function billSemester(userId: string) {
  const { page, context } = await browser.newPage('desktop');
  await signInByApi(page, ADMIN_EMAIL, inject('adminPassword'));
  const draft = await page.request.post('/api/dues/statements', { data: { userId, months: 6 } });
  expect(draft.status(), await draft.text()).toBe(201);
  const id = (await draft.json()).data.id as string;
  const issued = await page.request.post(`/api/dues/statements/${id}/issue`, { data: {} });
  expect(issued.status(), await issued.text()).toBe(200);
  await context.close();
}

/** The member signed in on a page whose clock reads the server's time. */
async function memberPage(member: TestMember, viewport: Viewport) {
  const { page, context } = await browser.newPage(viewport);
  await page.clock.setFixedTime(server.now());
  await signInByApi(page, member.email, member.password);
  return { page, context };
}

async function answers(page: Page) {
  const card = await page.request.get('/api/members/card');
  const file = await page.request.get(fileUrl);
  return { card, file };
}

describe('good standing through the grace', { timeout: 240_000 }, () => {
  it('keeps the card and the files inside the grace and closes both past it', async () => {
    const member = await memberInGoodStanding(server.baseUrl, 'grace');
    {
      const { page, context } = await browser.newPage('desktop');
      const profile = await signInByApi(page, member.email, member.password);
      await context.close();
      await billSemester(profile.id);
    }

    // Five days past the due date: overdue, inside the 30 days of grace.
    await server.jumpClock(35 * DAY_MS);
    for (const viewport of ['laptop', 'phone'] as const) {
      const { page, context } = await memberPage(member, viewport);
      const { card, file } = await answers(page);
      expect({ card: card.status(), file: file.status() }).toEqual({ card: 200, file: 200 });
      await openPage(page, paths.profile);
      const cardRegion = page.getByRole('region', { name: CARD_MESSAGES.title });
      await cardRegion.getByText(/^MEAP-\d{4}-\d{4}$/).waitFor();
      await cardRegion.scrollIntoViewIfNeeded();
      await checkPage(page, viewport, JOURNEY, 'in-grace-profile');
      await openPage(page, sitePaths.membersNews);
      await page
        .getByRole('link', { name: memberNewsCollection.documents[0]?.title ?? '' })
        .first()
        .waitFor();
      await checkPage(page, viewport, JOURNEY, 'in-grace-members-news');
      await context.close();
    }

    // Thirty-five days past the due date: lapsed, both closed.
    await server.jumpClock(30 * DAY_MS);
    for (const viewport of ['laptop', 'phone'] as const) {
      const { page, context } = await memberPage(member, viewport);
      const { card, file } = await answers(page);
      expect({ card: card.status(), file: file.status() }).toEqual({ card: 403, file: 403 });
      expect((await card.json()).error).toBe(CARD_MESSAGES.notInGoodStanding);
      expect((await file.json()).error).toBe(MEMBERS_AREA_MESSAGES.documentRefused);
      await openPage(page, paths.profile);
      await page.getByRole('heading', { name: 'Membership Details' }).waitFor();
      expect(await page.getByRole('region', { name: CARD_MESSAGES.title }).count()).toBe(0);
      await openPage(page, sitePaths.membersNews);
      await page.getByText('Your dues are overdue').first().waitFor();
      await checkPage(page, viewport, JOURNEY, 'lapsed-members-news');
      await context.close();
    }
  });
});
