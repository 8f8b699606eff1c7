import { randomUUID } from 'node:crypto';
import { formatReceipt, manilaDateString, PROXY_CHAIR_LABEL, MEETING_MEMBER_TEXT as T } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { fetchSession, signInWithSecondFactor } from './second-factor';
import { E2E_ADMIN_PASSWORD } from './server';
import { DEMO_ADMIN_EMAIL, individualNameOf, memberInGoodStanding, signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A demo company in good standing (apps/api/src/db/seed-content.ts): it votes through its voting representative. */
const COMPANY = { email: 'hello@visayasgeoscience.example', name: 'Visayas Geoscience Consultants' };
const DAY = 86_400_000;

type Session = ReturnType<typeof fetchSession>;

/** A session of `email` kept in a cookie jar, through the second step where the account has one. */
async function sessionOf(email: string, password: string): Promise<Session> {
  const session = fetchSession(browser.baseUrl);
  await signInWithSecondFactor(browser.baseUrl, session.send, email, password);
  return session;
}

/**
 * A JSON call to the API in `session`; fails the journey on any answer but `status`. Access
 * tokens live 5 s here: a refused first try is repeated once after a refresh, as the app does.
 */
async function call(
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  status: number,
  body?: unknown,
) {
  let response = await session.send(method, `/api${path}`, body);
  if (response.status === 401) {
    await session.send('GET', '/api/auth/refresh');
    response = await session.send(method, `/api${path}`, body);
  }
  const answer = await response.json();
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(status);
  // As fetch's own `json()` gives it: the API's tests pin the shapes down.
  return answer as Awaited<ReturnType<Response['json']>>;
}

/** The receipt code shown in the ballot titled `title`, once it is cast. */
async function castBallot(page: Page, title: string, choices: string[]) {
  const ballot = page.getByRole('region', { name: title });
  for (const name of choices) await ballot.getByRole('checkbox', { name }).check();
  await ballot.getByText(T.chosenCount(choices.length, 7)).waitFor();
  await ballot.getByRole('button', { name: T.castButton }).click();
  const dialog = page.getByRole('alertdialog', { name: T.confirmTitle });
  for (const name of choices) await dialog.getByText(name).waitFor();
  await dialog.getByRole('button', { name: T.confirmButton }).click();
  const receipt = ballot.getByRole('status', { name: T.receiptTitle });
  await receipt.waitFor();
  return ((await receipt.textContent()) ?? '').trim();
}

describe('the annual meeting on a phone (docs/decisions/071, "the member screens")', () => {
  it('a company’s voting representative nominates, seconds, holds a proxy, votes twice and finds the receipt', async () => {
    const baseUrl = browser.baseUrl;
    const admin = await sessionOf(DEMO_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const ana = await memberInGoodStanding(baseUrl, 'ana');
    const ben = await memberInGoodStanding(baseUrl, 'ben');
    const [anaName, benName] = [individualNameOf(ana), individualNameOf(ben)];
    const asAna = await sessionOf(ana.email, ana.password);
    const asBen = await sessionOf(ben.email, ben.password);
    const asCompany = await sessionOf(COMPANY.email, inject('adminPassword'));

    // The secretariat calls the meeting and freezes its roll (the staff screens are meet-staff's journey).
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const title = `Annual meeting ${randomUUID().slice(0, 6)}`;
    const { data: created } = await call(admin, 'POST', '/meetings', 201, {
      kind: 'annual',
      title,
      startsAt: at(30 * DAY),
      venue: 'Makati Shangri-La, Ayala Avenue',
      onlineLink: 'https://meet.example.com/agm',
      agenda: '1. Call to order\n2. Determination of quorum\n3. Election of the seven trustees',
      procedure: 'Vote on the portal while voting is open, or name a proxy before the deadline.',
      recordDate: manilaDateString(),
      nominationsOpenAt: at(-DAY),
      nominationsCloseAt: at(10 * DAY),
      proxyDeadline: at(10 * DAY),
      correctionsCloseAt: at(10 * DAY),
      votingOpensAt: at(20 * DAY),
      votingClosesAt: at(31 * DAY),
      challengeEndsAt: at(40 * DAY),
      seconders: 1,
    });
    const meetingId = created.id as string;
    await call(admin, 'POST', `/meetings/${meetingId}/roll/freeze`, 200);
    const entryOf = async (session: Session) =>
      (await call(session, 'GET', `/meetings/${meetingId}`, 200)).data.me.entry as {
        id: string;
        voterName: string;
      };
    const [anaEntry, benEntry, companyEntry] = [
      await entryOf(asAna),
      await entryOf(asBen),
      await entryOf(asCompany),
    ];
    const representative = companyEntry.voterName;
    expect(representative).not.toBe(COMPANY.name);
    // Ben nominates himself; Ana nominates the company's representative.
    const { data: benNomination } = await call(asBen, 'POST', `/meetings/${meetingId}/nominations`, 201, {
      nomineeId: benEntry.id,
      statement: 'Fifteen years of field geology in the Cordillera.',
    });
    const { data: companyNomination } = await call(asAna, 'POST', `/meetings/${meetingId}/nominations`, 201, {
      nomineeId: companyEntry.id,
      statement: 'Led the association’s environmental committee.',
    });

    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, COMPANY.email, inject('adminPassword'));
    // From the account menu, where a member finds it.
    await openPage(page, paths.home);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Meetings' }).click();
    await page.getByRole('link', { name: new RegExp(title) }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page
      .getByText(`${COMPANY.name} votes through its voting representative, ${representative}.`)
      .waitFor();

    // Nominates Ana, seconds Ben, accepts its own nomination.
    const nominations = page.getByRole('region', { name: 'Nominations' });
    await nominations.getByRole('combobox', { name: 'Nominee' }).selectOption({ label: anaName });
    await nominations
      .getByRole('textbox', { name: 'Statement' })
      .fill('Twenty years in exploration finance.');
    await nominations.getByRole('button', { name: 'Nominate', exact: true }).click();
    await nominations.getByText(`You nominated ${anaName}.`).waitFor();
    await nominations.getByRole('button', { name: `Second ${benName}` }).click();
    await nominations.getByText(`Seconds (1 of 1):`).first().waitFor();
    await nominations.getByRole('button', { name: 'Accept my nomination' }).click();
    // Accepted: the button goes once the meeting is read again; withdrawing stays possible.
    await nominations.getByRole('button', { name: 'Accept my nomination' }).waitFor({ state: 'detached' });
    await nominations.getByRole('button', { name: 'Withdraw my nomination' }).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-page-phone');

    // The rest is staff's and the other members' work, through the API: Ben seconds, Ana accepts
    // and names the company her proxy; the secretariat validates it, the committee the nominations.
    const { data: meeting } = await call(asCompany, 'GET', `/meetings/${meetingId}`, 200);
    const anaNomination = meeting.nominations.find(
      (nomination: { nominee: { id: string } }) => nomination.nominee.id === anaEntry.id,
    );
    await call(asBen, 'POST', `/nominations/${anaNomination.id}/seconds`, 201);
    await call(asBen, 'POST', `/nominations/${companyNomination.id}/seconds`, 201);
    await call(asAna, 'POST', `/nominations/${anaNomination.id}/accept`, 200);
    const { data: proxy } = await call(asAna, 'POST', `/meetings/${meetingId}/proxies`, 201, {
      holderId: companyEntry.id,
      scope: 'election',
    });
    await call(admin, 'PUT', `/proxies/${proxy.id}/validation`, 200, { valid: true });
    for (const id of [anaNomination.id, benNomination.id, companyNomination.id])
      await call(admin, 'PUT', `/nominations/${id}/validation`, 200, { valid: true });
    await call(admin, 'POST', `/meetings/${meetingId}/voting/open`, 204);

    // The desktop view of the two ballots, before any is cast.
    {
      const desktop = await browser.newPage('laptop');
      await signInByApi(desktop.page, COMPANY.email, inject('adminPassword'));
      await openPage(desktop.page, paths.meeting(meetingId));
      await desktop.page.getByRole('region', { name: T.proxyBallot(anaName) }).waitFor();
      await desktop.page
        .getByRole('region', { name: T.ownBallot })
        .getByRole('checkbox', { name: representative })
        .check();
      await saveScreenshot(desktop.page, 'meetings-ballot-desktop');
      await desktop.context.close();
    }

    await page.reload();
    await page.locator('#root[data-app-started]').waitFor({ state: 'attached' });
    await page.getByRole('region', { name: T.ownBallot }).waitFor();
    await page
      .getByRole('region', { name: T.proxyBallot(anaName) })
      .getByRole('checkbox', { name: anaName })
      .check();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-ballot-phone');
    await page
      .getByRole('region', { name: T.proxyBallot(anaName) })
      .getByRole('checkbox', { name: anaName })
      .uncheck();

    // Votes for itself and Ana; then Ana's carried ballot, for Ben: each its own receipt.
    const ownReceipt = await castBallot(page, T.ownBallot, [representative, anaName]);
    const proxyReceipt = await castBallot(page, T.proxyBallot(anaName), [benName]);
    expect(ownReceipt).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(proxyReceipt).not.toBe(ownReceipt);
    await saveScreenshot(page, 'meetings-receipts-phone');
    // A second ballot for the same voter is refused with the server's words.
    await call(asCompany, 'POST', `/meetings/${meetingId}/ballots`, 409, { candidateIds: [] });

    // The committee closes and certifies; the representative checks the receipt on the results.
    await call(admin, 'POST', `/meetings/${meetingId}/voting/close`, 204);
    await call(admin, 'POST', `/meetings/${meetingId}/certify`, 204);
    await page.reload();
    await page.getByRole('link', { name: 'See the results and find your receipt' }).click();
    await page.getByRole('heading', { level: 1, name: 'Election results' }).waitFor();
    await page.getByLabel('Receipt code').fill(ownReceipt.toLowerCase());
    await page.getByRole('button', { name: T.findReceipt }).click();
    await page.getByText(T.receiptFound).waitFor();
    const mine = page.getByRole('list', { name: 'Ballots' }).locator('li[aria-current="true"]');
    expect(await mine.textContent()).toContain(ownReceipt);
    expect(await mine.textContent()).toContain(anaName);
    expect(await mine.textContent()).toContain(representative);
    const results = (await call(asCompany, 'GET', `/meetings/${meetingId}/results`, 200)).data;
    expect(
      results.ballots.map((ballot: { receipt: string }) => formatReceipt(ballot.receipt)).sort(),
    ).toEqual([ownReceipt, proxyReceipt].sort());
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-results-phone');
    await context.close();

    const desktop = await browser.newPage('laptop');
    await openPage(desktop.page, paths.meetingResults(meetingId));
    await desktop.page.getByLabel('Receipt code').fill(proxyReceipt);
    await desktop.page.getByRole('button', { name: T.findReceipt }).click();
    await desktop.page.getByText(T.receiptFound).waitFor();
    await expectNoAxeViolations(desktop.page);
    await saveScreenshot(desktop.page, 'meetings-results-desktop');
    await desktop.context.close();
  });

  it('a voter gives the proxy to the chair, whom the secretariat named; the chair casts it', async () => {
    const baseUrl = browser.baseUrl;
    const admin = await sessionOf(DEMO_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    const cora = await memberInGoodStanding(baseUrl, 'cora');
    const dan = await memberInGoodStanding(baseUrl, 'dan');
    const [coraName, danName] = [individualNameOf(cora), individualNameOf(dan)];
    const asCora = await sessionOf(cora.email, cora.password);
    const asDan = await sessionOf(dan.email, dan.password);
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const title = `Annual meeting ${randomUUID().slice(0, 6)}`;
    const { data: created } = await call(admin, 'POST', '/meetings', 201, {
      kind: 'annual',
      title,
      startsAt: at(30 * DAY),
      venue: 'Makati Shangri-La, Ayala Avenue',
      agenda: '1. Call to order\n2. Election of the seven trustees',
      procedure: 'Vote on the portal while voting is open, or name a proxy before the deadline.',
      recordDate: manilaDateString(),
      nominationsOpenAt: at(-DAY),
      nominationsCloseAt: at(10 * DAY),
      proxyDeadline: at(10 * DAY),
      correctionsCloseAt: at(10 * DAY),
      votingOpensAt: at(20 * DAY),
      votingClosesAt: at(31 * DAY),
      challengeEndsAt: at(40 * DAY),
      seconders: 1,
    });
    const meetingId = created.id as string;
    await call(admin, 'POST', `/meetings/${meetingId}/roll/freeze`, 200);

    // The secretariat names Dan chair on the meeting's staff page, found by e-mail.
    {
      const staff = await browser.newPage('laptop');
      await signInByApi(staff.page, 'secretariat@meap.org.ph', inject('adminPassword'));
      await openPage(staff.page, paths.adminMeeting(meetingId));
      const panel = staff.page.getByRole('region', { name: 'Chair of the meeting' });
      await panel.getByText('Not named yet.').waitFor();
      await panel.getByRole('searchbox').fill(dan.email);
      await panel.getByRole('button', { name: `Name ${danName} chair` }).click();
      await panel.getByText(danName, { exact: true }).waitFor();
      await expectNoAxeViolations(staff.page);
      await saveScreenshot(staff.page, 'meetings-chair-staff-desktop');
      await staff.context.close();
      const phone = await browser.newPage('phone');
      await signInByApi(phone.page, 'secretariat@meap.org.ph', inject('adminPassword'));
      await openPage(phone.page, paths.adminMeeting(meetingId));
      await phone.page.getByRole('region', { name: 'Chair of the meeting' }).getByText(danName).waitFor();
      await saveScreenshot(phone.page, 'meetings-chair-staff-phone');
      await phone.context.close();
    }

    // Cora gives her proxy to the chair on her phone: offered first, by the chair's name.
    const { page, context } = await browser.newPage('phone');
    await signInByApi(page, cora.email, cora.password);
    await openPage(page, paths.meeting(meetingId));
    const proxies = page.getByRole('region', { name: 'Proxies' });
    await proxies
      .getByRole('combobox', { name: 'Proxy holder' })
      .selectOption({ label: `${PROXY_CHAIR_LABEL} (${danName})` });
    await proxies.getByRole('button', { name: 'Name my proxy' }).click();
    await proxies.getByText('Whoever chairs the meeting when voting opens casts it.').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-chair-proxy-phone');
    await context.close();

    // Dan stands and is validated; the secretariat validates the proxy and opens voting.
    const danEntry = (await call(asDan, 'GET', `/meetings/${meetingId}`, 200)).data.me.entry;
    const { data: nomination } = await call(asDan, 'POST', `/meetings/${meetingId}/nominations`, 201, {
      nomineeId: danEntry.id,
      statement: 'Chaired the technical committee.',
    });
    await call(asCora, 'POST', `/nominations/${nomination.id}/seconds`, 201);
    await call(admin, 'PUT', `/nominations/${nomination.id}/validation`, 200, { valid: true });
    const { data: filed } = await call(admin, 'GET', `/meetings/${meetingId}/proxies`, 200);
    await call(admin, 'PUT', `/proxies/${filed[0].id}/validation`, 200, { valid: true });
    await call(admin, 'POST', `/meetings/${meetingId}/voting/open`, 204);

    // The chair sees Cora's ballot apart from his own, titled with whose it is, and casts it.
    const chair = await browser.newPage('phone');
    await signInByApi(chair.page, dan.email, dan.password);
    await openPage(chair.page, paths.meeting(meetingId));
    await chair.page.getByText('You chair this meeting: you cast the proxies given to the chair').waitFor();
    await chair.page.getByRole('region', { name: T.ownBallot }).waitFor();
    const carried = chair.page.getByRole('region', { name: T.chairBallot(coraName) });
    await carried.getByRole('checkbox', { name: danName }).check();
    await expectNoAxeViolations(chair.page);
    await saveScreenshot(chair.page, 'meetings-chair-ballot-phone');
    await carried.getByRole('checkbox', { name: danName }).uncheck();
    const receipt = await castBallot(chair.page, T.chairBallot(coraName), [danName]);
    expect(receipt).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // Cora's ballot is cast: her own try is refused with the server's words.
    await call(asCora, 'POST', `/meetings/${meetingId}/ballots`, 409, { candidateIds: [] });
    await chair.context.close();

    const desktop = await browser.newPage('laptop');
    await signInByApi(desktop.page, dan.email, dan.password);
    await openPage(desktop.page, paths.meeting(meetingId));
    await desktop.page.getByRole('heading', { name: T.chairBallot(coraName) }).waitFor();
    await desktop.page.getByText(T.alreadyCast).waitFor();
    await saveScreenshot(desktop.page, 'meetings-chair-ballot-desktop');
    await desktop.context.close();
  });
});
