import { addToDate, CHECK_IN_MESSAGES, manilaDateString } from '@portal/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot, type Viewport } from './browser';
import {
  adminCookie,
  applyAsIndividual,
  createConfirmedMember,
  individualNameOf,
  memberInGoodStanding,
  signedInCookie,
  signInByApi,
  type TestMember,
} from './session';

/**
 * The annual meeting from the staff's side (docs/decisions/071): the secretariat creates a meeting
 * linked to an event, sends the notice, freezes the roll and validates a proxy; the election
 * committee validates a nomination; the secretariat opens voting, members' ballots are cast through
 * the API, turnout shows who voted; the quorum page counts a check-in at the event's door; the
 * secretariat closes voting and the committee certifies. Members act through the API: their
 * screens are another journey's.
 */

let browser: Awaited<ReturnType<typeof launchBrowser>>;
const SECRETARIAT_EMAIL = 'secretariat@meap.org.ph'; // apps/api/src/db/seed.ts
const TITLE = `Annual Meeting Journey ${Date.now().toString(36)}`;
const EVENT_TITLE = `Annual Meeting Venue ${Date.now().toString(36)}`;
const DAY = 86_400_000;

let nominee: TestMember;
let nominator: TestMember;
let grantor: TestMember;
/** Votes on the venue's tablet (decision 071 "Venue voting"), once checked in at the door. */
let venueVoter: TestMember;
let committee: TestMember;
let eventId: string;
let meetingId: string;

/** A member's session for the API (members act through it here). */
async function memberApi(member: TestMember) {
  const cookie = await signedInCookie(browser.baseUrl, member.email, member.password);
  return async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${browser.baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
}

/** A time `offset` from now as the meeting form takes it: Manila's wall clock, to the minute. */
const manilaInput = (offset: number) =>
  new Date(Date.now() + offset + 8 * 3_600_000).toISOString().slice(0, 16);

async function staffPage(viewport: Viewport, email: string, password: string) {
  const session = await browser.newPage(viewport);
  await signInByApi(session.page, email, password);
  return session;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name }).click();
/** The table's row (the phone cards repeat it, hidden at 1280). */
const tableRow = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
/** A count on the live quorum page: the figure named by its caption. */
const quorumFigure = async (page: Page, label: string) =>
  Number(await page.getByRole('figure', { name: label, exact: true }).getByRole('paragraph').textContent());

beforeAll(async () => {
  browser = await launchBrowser();
  [nominee, nominator, grantor, venueVoter] = (await Promise.all(
    ['nominee', 'nominator', 'grantor', 'venue'].map((prefix) =>
      memberInGoodStanding(browser.baseUrl, prefix),
    ),
  )) as [TestMember, TestMember, TestMember, TestMember];

  // The election committee: a named account the administrator gives the role.
  committee = await createConfirmedMember(browser.baseUrl, 'committee');
  const { userId } = await applyAsIndividual(browser.baseUrl, committee);
  const admin = await adminCookie(browser.baseUrl);
  const granted = await fetch(`${browser.baseUrl}/api/users/admin/${userId}/roles`, {
    method: 'PUT',
    headers: { cookie: admin, 'content-type': 'application/json' },
    body: JSON.stringify({ roles: ['election_committee'] }),
  });
  expect(granted.status, await granted.text()).toBe(200);

  // The meeting's event, today and tomorrow in Manila so its door is open whenever this runs.
  const secretariat = await staffPage('laptop', SECRETARIAT_EMAIL, inject('adminPassword'));
  const today = manilaDateString();
  const created = await secretariat.page.request.post('/api/events/admin/create-event', {
    multipart: {
      title: EVENT_TITLE,
      start_date: today,
      end_date: addToDate(today, { days: 1 }),
      start_time: '00:30',
      end_time: '23:30',
      status: 'published',
      is_registration_required: 'true',
      max_attendees: '30',
      price_tiers: '[]',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  eventId = (await created.json()).data.id;
  // The nominee and the venue's voter register; the secretariat approves, so their tickets open the door.
  for (const member of [nominee, venueVoter]) {
    const registered = await (await memberApi(member))('POST', `/api/events/${eventId}/registration`);
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const attendees = (
      await (await secretariat.page.request.get(`/api/events/admin/${eventId}/attendees`)).json()
    ).data.attendees as { user_id: string; email: string }[];
    const attendee = attendees.find((row) => row.email === member.email);
    const approved = await secretariat.page.request.put('/api/events/admin/update-user-event', {
      data: { status: 'approved', userId: attendee?.user_id, eventId },
    });
    expect(approved.status(), await approved.text()).toBe(200);
  }
  await secretariat.context.close();
});
afterAll(() => browser.close());

describe('the annual meeting, run by the staff', () => {
  it('the secretariat creates the meeting, sends the notice and freezes the roll', async () => {
    const { page, context } = await staffPage('laptop', SECRETARIAT_EMAIL, inject('adminPassword'));
    await openPage(page, paths.admin);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .first()
      .getByRole('link', { name: 'Annual meeting' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Annual meeting' }).waitFor();
    await page.getByRole('button', { name: 'New meeting' }).click();
    const form = page.getByRole('dialog', { name: 'New meeting' });
    await form.getByLabel('Title *').fill(TITLE);
    await form.getByLabel('Date and time *').fill(manilaInput(30 * DAY));
    await form.getByLabel('Venue *').fill('Makati Shangri-La, Ayala Avenue');
    await form.getByLabel('Online link').fill('https://meet.example.com/agm');
    await form.getByLabel('Agenda *').fill('1. Call to order\n2. Quorum\n3. Election of the seven trustees');
    await form
      .getByLabel('Voting procedure *')
      .fill('Vote on the portal before or during the meeting, or on the tablet at the venue.');
    await form.getByLabel('Record date *').fill(manilaDateString());
    await form.getByLabel('Roll corrections close *').fill(manilaInput(5 * DAY));
    await form.getByLabel('Nominations open *').fill(manilaInput(-DAY));
    await form.getByLabel('Nominations close *').fill(manilaInput(5 * DAY));
    await form.getByLabel('Proxy deadline *').fill(manilaInput(5 * DAY));
    await form.getByLabel('Voting opens *').fill(manilaInput(20 * DAY));
    await form.getByLabel('Voting closes *').fill(manilaInput(31 * DAY));
    await form.getByLabel('Challenge window ends *').fill(manilaInput(40 * DAY));
    await form.getByLabel('Seconders *').fill('1');
    await form.getByLabel('Event for check-in').selectOption(eventId);
    await form.getByRole('button', { name: 'Create meeting' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${paths.adminMeetings}/`));
    meetingId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    await page.getByRole('button', { name: 'Send notice' }).click();
    await page
      .getByRole('alertdialog', { name: 'Send the notice' })
      .getByRole('button', { name: 'Send notice' })
      .click();
    const sent = page.getByText(/The notice is on its way to \d+ members? in good standing/);
    await sent.waitFor();
    await page.getByText(/^Sent .+\.$/).waitFor();
    // A success notice goes by itself (spec 001 §9).
    await sent.waitFor({ state: 'hidden' });
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-staff-details-1280');

    await tab(page, 'Roll');
    await page.getByRole('button', { name: 'Freeze the roll' }).click();
    await page
      .getByRole('alertdialog', { name: 'Freeze the roll' })
      .getByRole('button', { name: 'Freeze the roll' })
      .click();
    for (const member of [nominee, nominator, grantor])
      await tableRow(page, 'Roll', individualNameOf(member)).waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-staff-roll-1280');
    await context.close();
  });

  it('members nominate, second, accept and file a proxy; the secretariat validates the proxy, the committee the nomination', async () => {
    const asNominee = await memberApi(nominee);
    const asNominator = await memberApi(nominator);
    const asGrantor = await memberApi(grantor);
    const entryOf = async (api: typeof asNominee) =>
      (await api('GET', `/api/meetings/${meetingId}`)).body.data.me.entry.id as string;
    const nominated = await asNominator('POST', `/api/meetings/${meetingId}/nominations`, {
      nomineeId: await entryOf(asNominee),
      statement: 'Twenty years in exploration geology across Luzon and Mindanao.',
    });
    expect(nominated.status, JSON.stringify(nominated.body)).toBe(201);
    const nominationId = nominated.body.data.id;
    expect((await asGrantor('POST', `/api/nominations/${nominationId}/seconds`)).status).toBe(201);
    expect((await asNominee('POST', `/api/nominations/${nominationId}/accept`)).status).toBe(200);
    const proxy = await asGrantor('POST', `/api/meetings/${meetingId}/proxies`, {
      holderId: await entryOf(asNominator),
      scope: 'election',
    });
    expect(proxy.status, JSON.stringify(proxy.body)).toBe(201);

    const secretariat = await staffPage('laptop', SECRETARIAT_EMAIL, inject('adminPassword'));
    await openPage(secretariat.page, `${paths.adminMeeting(meetingId)}?tab=proxies`);
    const grantorName = individualNameOf(grantor);
    await tableRow(secretariat.page, 'Proxies', grantorName)
      .getByRole('button', { name: `Validate the proxy of ${grantorName}` })
      .click();
    await secretariat.page
      .getByRole('alertdialog', { name: 'Validate the proxy' })
      .getByRole('button', { name: 'Validate' })
      .click();
    await tableRow(secretariat.page, 'Proxies', grantorName).getByText('Validated').waitFor();
    // Nominations are the committee's: the secretariat sees them, without the buttons.
    await tab(secretariat.page, 'Nominations');
    await tableRow(secretariat.page, 'Nominations', individualNameOf(nominee)).waitFor();
    expect(await secretariat.page.getByRole('button', { name: /^Validate the nomination/ }).count()).toBe(0);
    await secretariat.context.close();

    // The committee lands on the meetings; it validates, and has none of the secretariat's controls.
    const { page, context } = await staffPage('laptop', committee.email, committee.password);
    await openPage(page, paths.admin);
    await page.waitForURL((url) => url.pathname === paths.adminMeetings);
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(await page.getByRole('tab', { name: 'Proxies' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send notice' }).count()).toBe(0);
    await tab(page, 'Nominations');
    const nomineeName = individualNameOf(nominee);
    await tableRow(page, 'Nominations', nomineeName)
      .getByRole('button', { name: `Validate the nomination of ${nomineeName}` })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Validate the nomination' })
      .getByRole('button', { name: 'Validate' })
      .click();
    await tableRow(page, 'Nominations', nomineeName).getByText('Validated').waitFor();
    await saveScreenshot(page, 'meetings-staff-nominations-1280');
    await context.close();
  });

  it('the secretariat opens voting; ballots are cast; turnout shows who voted; a check-in raises Present', async () => {
    const { page, context } = await staffPage('laptop', SECRETARIAT_EMAIL, inject('adminPassword'));
    await openPage(page, `${paths.adminMeeting(meetingId)}?tab=voting`);
    await page.getByRole('button', { name: 'Open voting now' }).click();
    await page
      .getByRole('alertdialog', { name: 'Open voting now' })
      .getByRole('button', { name: 'Open voting' })
      .click();
    await page.getByRole('button', { name: 'Close voting now' }).waitFor();

    const asNominee = await memberApi(nominee);
    const asNominator = await memberApi(nominator);
    const meeting = (await asNominator('GET', `/api/meetings/${meetingId}`)).body.data;
    const candidateIds = meeting.candidates.map((candidate: { id: string }) => candidate.id);
    expect(candidateIds).toHaveLength(1);
    const own = await asNominator('POST', `/api/meetings/${meetingId}/ballots`, { candidateIds });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const forGrantor = await asNominator('POST', `/api/meetings/${meetingId}/ballots`, {
      candidateIds,
      onBehalfOf: meeting.me.proxiesHeld[0].proxy.grantor.id,
    });
    expect(forGrantor.status, JSON.stringify(forGrantor.body)).toBe(201);
    expect((await asNominee('POST', `/api/meetings/${meetingId}/ballots`, { candidateIds })).status).toBe(
      201,
    );
    expect((await asNominee('POST', `/api/meetings/${meetingId}/ballots`, { candidateIds })).status).toBe(
      409,
    );

    await page.reload();
    await page.getByText(/^3 of \d+ on the roll have voted/).waitFor();
    await tableRow(page, 'Turnout', individualNameOf(grantor)).getByText('Proxy holder').waitFor();
    await tableRow(page, 'Turnout', individualNameOf(nominee)).getByText('The voter').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-staff-turnout-1280');

    // The live quorum, opened from the page's link in a new tab: the app's page, which renews the
    // session. The access token lives seconds in these journeys, so by now it has run out.
    const [quorum] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Live quorum/ }).click(),
    ]);
    await quorum.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    expect(new URL(quorum.url()).pathname).toBe(`/meetings/${meetingId}/quorum`);
    const presentBefore = await quorumFigure(quorum, 'Present');
    expect(await quorumFigure(quorum, 'On the roll')).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(quorum);

    // The nominee arrives at the venue: checked in at the event's door by name.
    const door = await context.newPage();
    await openPage(door, paths.adminEventCheckIn(eventId));
    await door.getByRole('searchbox', { name: 'Search attendees by name or company' }).fill(nominee.username);
    await door.getByRole('button', { name: `Check in ${individualNameOf(nominee)}` }).click();
    // Online, the card is the server's own answer (only a check-in queued offline says "Sent").
    const admitted = door.getByTestId('check-in-feedback');
    await admitted.getByText(CHECK_IN_MESSAGES.checkedIn).waitFor();
    await admitted.getByText(individualNameOf(nominee)).waitFor();
    await door.getByText('Online · every check-in is saved').waitFor();

    // No reload: the page asks again by itself (every ten seconds) and shows the check-in.
    await quorum
      .getByRole('figure', { name: 'Present', exact: true })
      .getByRole('paragraph')
      .filter({ hasText: new RegExp(`^${presentBefore + 1}$`) })
      .waitFor({ timeout: 30_000 });
    await saveScreenshot(quorum, 'meetings-staff-quorum-1280');
    await quorum.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(quorum, 'meetings-staff-quorum-390');

    // The venue's tablet (decision 071 "Venue voting"): a voter checked in at the door votes on it.
    const venueName = individualNameOf(venueVoter);
    await door.bringToFront();
    await door
      .getByRole('searchbox', { name: 'Search attendees by name or company' })
      .fill(venueVoter.username);
    await door.getByRole('button', { name: `Check in ${venueName}` }).click();
    await door.getByTestId('check-in-feedback').getByText(venueName).waitFor();
    await page.bringToFront();
    await page.reload();
    await page.getByRole('link', { name: 'Venue voting' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/meetings/${meetingId}/venue`);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('heading', { level: 1, name: 'Venue voting' }).waitFor();
    await page.getByLabel('Find a voter present').fill(venueName);
    const hand = page.getByRole('button', { name: `Hand the tablet to ${venueName}` });
    await hand.waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-venue-list-1024');
    await hand.click();
    await page.getByRole('heading', { name: `Ballot of ${venueName}` }).waitFor();
    await page.getByLabel(individualNameOf(nominee)).check();
    await page.getByText('1 of 7 chosen').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-venue-ballot-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'meetings-venue-ballot-390');
    await page.getByRole('button', { name: 'Review and cast' }).click();
    await page.getByRole('alertdialog').getByText(individualNameOf(nominee)).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cast ballot' }).click();
    const receipt = page.getByRole('status', { name: 'Your receipt code' });
    await receipt.waitFor();
    expect(await receipt.textContent()).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await saveScreenshot(page, 'meetings-venue-receipt-390');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-venue-receipt-1024');
    await page.getByRole('button', { name: 'Done — next voter' }).click();
    await page.getByText('Nobody checked in is waiting to vote.').waitFor();
    expect(await page.getByText(venueName).count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'meetings-venue-done-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, `${paths.adminMeeting(meetingId)}?tab=voting`);
    await tableRow(page, 'Turnout', venueName).getByText('The voter, at the venue').waitFor();

    await page.getByRole('button', { name: 'Close voting now' }).click();
    await page
      .getByRole('alertdialog', { name: 'Close voting now' })
      .getByRole('button', { name: 'Close voting' })
      .click();
    await page.getByRole('main').getByText('Voting closed', { exact: true }).first().waitFor();
    await context.close();
  });

  it('the committee reads the tally and certifies it', async () => {
    const { page, context } = await staffPage('laptop', committee.email, committee.password);
    await openPage(page, `${paths.adminMeeting(meetingId)}?tab=certification`);
    await page.getByText('4 votes').waitFor();
    await page.getByRole('button', { name: 'Certify the results' }).click();
    await page
      .getByRole('alertdialog', { name: 'Certify the results' })
      .getByRole('button', { name: 'Certify' })
      .click();
    await page
      .getByText(/^Certified .+ The results and every ballot by receipt code are published\.$/)
      .waitFor();
    await page.getByText('Elected').waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'meetings-staff-certification-1280');
    // The access token lives 5 seconds here: renew it, as the app's client would, before asking.
    await page.request.get('/api/auth/refresh');
    const results = await page.request.get(`/api/meetings/${meetingId}/results`);
    const published = (await results.json()).data;
    expect(published.certified).toBe(true);
    expect(published.ballots).toHaveLength(4);
    await context.close();
  });

  it('the same screens on a phone, and the 403 page for the treasurer', async () => {
    const { page, context } = await staffPage('phone', SECRETARIAT_EMAIL, inject('adminPassword'));
    for (const [name, tabName] of [
      ['details', 'Details and notice'],
      ['roll', 'Roll'],
      ['voting', 'Voting and turnout'],
      ['certification', 'Certification'],
    ] as const) {
      await openPage(page, `${paths.adminMeeting(meetingId)}?tab=${name}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      expect(await page.getByRole('tab', { name: tabName }).getAttribute('aria-selected')).toBe('true');
      await page.waitForLoadState('networkidle');
      await saveScreenshot(page, `meetings-staff-${name}-390`);
    }
    await context.close();

    const treasurer = await staffPage('laptop', 'treasurer@meap.org.ph', inject('adminPassword'));
    await openPage(treasurer.page, paths.adminMeeting(meetingId));
    await treasurer.page.getByRole('heading', { level: 1, name: /403 Access Denied/ }).waitFor();
    await treasurer.context.close();
  });
});
