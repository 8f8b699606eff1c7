import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DIRECTORY_MESSAGES, DIRECTORY_REPRESENTATIVE_MESSAGES } from '@portal/shared';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { paths } from '../src/config/paths';
import { expectNoAxeViolations, launchBrowser, openPage, saveScreenshot } from './browser';
import { serverUnderTest } from './server-under-test';
import { signInByApi } from './session';

let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const demoPassword = () => inject('adminPassword');
/** A demo company in good standing, listed in the demo directory (apps/api/src/db/seed-directory.ts). */
const COMPANY = { email: 'hello@visayasgeoscience.example', name: 'Visayas Geoscience Consultants' };
/** A demo member in good standing. */
const MEMBER = 'maria.santos@geomail.example';

type OutboxFile = { to: string; subject: string; text: string; headers?: Record<string, string> };

/** The relayed message to `to` in the server's outbox (DATA_DIR/outbox), once the worker wrote it. */
async function relayedMessageTo(to: string) {
  const folder = join(serverUnderTest().dataDir, 'outbox');
  return vi.waitFor(
    async () => {
      const files = (await readdir(folder)).filter((file) => file.endsWith('.json'));
      for (const file of files) {
        const message = JSON.parse(await readFile(join(folder, file), 'utf8')) as OutboxFile;
        if (message.to === to && message.subject.includes('member directory')) return message;
      }
      throw new Error('not yet');
    },
    { timeout: 20_000, interval: 250 },
  );
}

/** The newest mail to `to` whose subject has `subject`, once the worker wrote it (after `since`). */
async function mailTo(to: string, subject: string, since: number) {
  const folder = join(serverUnderTest().dataDir, 'outbox');
  return vi.waitFor(
    async () => {
      const found: { message: OutboxFile; at: number }[] = [];
      for (const file of (await readdir(folder)).filter((name) => name.endsWith('.json'))) {
        const path = join(folder, file);
        const { mtimeMs } = await stat(path);
        if (mtimeMs < since) continue;
        const message = JSON.parse(await readFile(path, 'utf8')) as OutboxFile;
        if (message.to === to && message.subject.includes(subject)) found.push({ message, at: mtimeMs });
      }
      const newest = found.sort((a, b) => b.at - a.at)[0];
      if (!newest) throw new Error('not yet');
      return newest.message;
    },
    { timeout: 20_000, interval: 250 },
  );
}

/** The demo company with a public logo and one agreed representative (seed-directory.ts). */
const LOGO_COMPANY = {
  email: 'corporate@cordilleracopper.example',
  name: 'Cordillera Copper Exploration',
  rep: {
    name: 'Ramon Bautista',
    position: 'President and CEO',
    email: 'ramon.bautista@cordilleracopper.example',
  },
};

describe('the member directory (docs/product-rules.md "Member directory")', () => {
  it('renders /directory and an entry for guests on the server, public fields only, with meta tags', async () => {
    const list = await fetch(`${browser.baseUrl}${paths.directory}?commodity=silver&region=region_7`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await list.text();
    expect(html).toContain(COMPANY.name);
    expect(html).toContain('<meta property="og:title" content="Member directory"');
    const id = html.match(/href="\/directory\/([0-9a-f-]{36})"/)?.[1];
    expect(id).toBeDefined();
    const entry = await fetch(`${browser.baseUrl}${paths.directoryEntry(id as string)}`);
    expect(entry.status).toBe(200);
    const entryHtml = await entry.text();
    expect(entryHtml).toContain(`<meta property="og:title" content="${COMPANY.name}"`);
    expect(entryHtml).not.toContain(COMPANY.email);
    // A members-only name is no part of the guests' directory.
    const everyone = await (await fetch(`${browser.baseUrl}${paths.directory}?kind=professional`)).text();
    expect(everyone).toContain('Maria Lourdes Santos');
    expect(everyone).not.toContain('Benjamin Navarro');
    // The demo's unlisted member and a members-only name are not pages for guests.
    const missing = await fetch(
      `${browser.baseUrl}${paths.directoryEntry('00000000-0000-4000-8000-000000000000')}`,
    );
    expect(missing.status).toBe(404);
  });

  it('a company lists itself with two fields members-only; a guest finds it; a member sees all and writes', async () => {
    // The company keeps its website and contact person for members.
    {
      const { page, context } = await browser.newPage('desktop');
      await signInByApi(page, COMPANY.email, demoPassword());
      await openPage(page, paths.profileDirectory);
      await page.getByRole('heading', { name: 'Who sees each field' }).waitFor();
      await page.getByRole('combobox', { name: 'Website' }).selectOption('members');
      await page.getByRole('combobox', { name: 'Contact person' }).selectOption('members');
      await page.getByRole('combobox', { name: 'Regions and provinces' }).selectOption('public');
      await page.getByRole('combobox', { name: 'Commodities', exact: true }).selectOption('public');
      expect(await page.getByRole('checkbox', { name: DIRECTORY_MESSAGES.listedLabel }).isChecked()).toBe(
        true,
      );
      await page.getByRole('button', { name: 'Save listing' }).click();
      await page.getByText(DIRECTORY_MESSAGES.saved).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, 'directory-my-listing-desktop');
      await context.close();
    }

    // A guest finds it by commodity and region, and sees only the public fields.
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await openPage(page, paths.directory);
      await page.getByRole('list', { name: 'Directory entries' }).waitFor();
      await page.getByRole('combobox', { name: 'Commodity' }).selectOption('silver');
      await page.getByRole('combobox', { name: 'Region' }).selectOption('region_7');
      await page.waitForURL((url) => url.searchParams.get('region') === 'region_7');
      expect(new URL(page.url()).searchParams.get('commodity')).toBe('silver');
      const card = page.getByRole('link', { name: COMPANY.name });
      await card.waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `directory-guest-search-${viewport}`);
      await card.click();
      await page.getByRole('heading', { level: 1, name: COMPANY.name }).waitFor();
      await page.getByText('Silver').waitFor();
      expect(await page.getByText('https://visayasgeoscience.example').count()).toBe(0);
      expect(await page.getByText('Cecilia Abad').count()).toBe(0);
      await page.getByRole('link', { name: DIRECTORY_MESSAGES.signInToContact }).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `directory-guest-entry-${viewport}`);
      // What the guest's browser received carries no members-only field at all.
      const id = new URL(page.url()).pathname.split('/').at(-1);
      const answer = await (await page.request.get(`/api/directory/${id}`)).json();
      expect(answer.data).not.toHaveProperty('website');
      expect(answer.data).not.toHaveProperty('contactPerson');
      await context.close();
    }

    // A member in good standing sees everything and sends a message that arrives with reply-to.
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      const member = await signInByApi(page, MEMBER, demoPassword());
      await openPage(page, `${paths.directory}?search=${encodeURIComponent('Visayas Geoscience')}`);
      await page.getByRole('link', { name: COMPANY.name }).click();
      await page.getByRole('heading', { level: 1, name: COMPANY.name }).waitFor();
      await page.getByText('https://visayasgeoscience.example').waitFor();
      await page.getByText('Cecilia Abad').waitFor();
      if (viewport === 'desktop') {
        await page
          .getByRole('textbox', { name: 'Message' })
          .fill('Hello <b>Cecilia</b>, are you free for a mapping job in Cebu?');
        await page.getByRole('button', { name: DIRECTORY_MESSAGES.sendAction }).click();
        await page.getByText(DIRECTORY_MESSAGES.acceptRequired).waitFor();
        await page.getByRole('checkbox', { name: DIRECTORY_MESSAGES.acceptLabel }).check();
        await page.getByRole('button', { name: DIRECTORY_MESSAGES.sendAction }).click();
        await page.getByText(DIRECTORY_MESSAGES.sent).waitFor();
        const mail = await relayedMessageTo(COMPANY.email);
        expect(mail.headers?.['Reply-To']).toBe(member.email);
        expect(mail.text).toContain('Hello <b>Cecilia</b>');
      }
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `directory-member-entry-${viewport}`);
      await context.close();
    }
  });

  it('shows a public logo and an agreed representative; the company asks again and the representative agrees by a click', async () => {
    // The guest's server-rendered entry names the public logo (og:image) and the representative.
    const list = await (
      await fetch(`${browser.baseUrl}${paths.directory}?search=${encodeURIComponent('Cordillera Copper')}`)
    ).text();
    const id = list.match(/href="\/directory\/([0-9a-f-]{36})"/)?.[1] as string;
    expect(list).toContain(`/api/directory/${id}/logo?v=`);
    const entryHtml = await (await fetch(`${browser.baseUrl}${paths.directoryEntry(id)}`)).text();
    expect(entryHtml).toMatch(
      new RegExp(`<meta property="og:image" content="[^"]*/api/directory/${id}/logo\\?v=`),
    );
    expect(entryHtml).toContain(LOGO_COMPANY.rep.name);
    for (const viewport of ['desktop', 'phone'] as const) {
      const { page, context } = await browser.newPage(viewport);
      await openPage(page, `${paths.directory}?search=${encodeURIComponent('Cordillera Copper')}`);
      await page.getByRole('link', { name: LOGO_COMPANY.name }).waitFor();
      await saveScreenshot(page, `directory-logo-cards-${viewport}`);
      await openPage(page, paths.directoryEntry(id));
      await page.getByText(LOGO_COMPANY.rep.position).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `directory-logo-entry-${viewport}`);
      await context.close();
    }

    // The company takes its president off, then asks again: the mail asks for his agreement.
    const since = Date.now() - 1000;
    {
      const { page, context } = await browser.newPage('desktop');
      await signInByApi(page, LOGO_COMPANY.email, demoPassword());
      await openPage(page, paths.profileDirectory);
      const section = page.getByRole('region', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.heading });
      await section.getByText('Agreed: shown in the entry').waitFor();
      expect(
        await section.getByRole('link', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.noEmail }).count(),
      ).toBe(2);
      await section.getByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.takeOff }).click();
      await section.getByText(DIRECTORY_REPRESENTATIVE_MESSAGES.takenOff(LOGO_COMPANY.rep.name)).waitFor();
      await section.getByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.ask }).click();
      await section.getByText(DIRECTORY_REPRESENTATIVE_MESSAGES.asked(LOGO_COMPANY.rep.name)).waitFor();
      await expectNoAxeViolations(page);
      await saveScreenshot(page, 'directory-representatives-editor-desktop');
      await context.close();
    }
    const guestAnswer = async () =>
      (await (await fetch(`${browser.baseUrl}/api/directory/${id}`)).json()).data;
    expect((await guestAnswer()).representatives).toEqual([]);

    // He opens the link: nothing changes until he presses the button.
    const request = await mailTo(LOGO_COMPANY.rep.email, 'would like to list you', since);
    const link = request.text.match(/https?:\/\/\S+\/directory-agreement\?token=\S+/)?.[0] as string;
    expect(link).toBeDefined();
    {
      const { page, context } = await browser.newPage('phone');
      await openPage(page, new URL(link).pathname + new URL(link).search);
      await page.getByRole('heading', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.agreeTitle }).waitFor();
      expect((await guestAnswer()).representatives).toEqual([]);
      await expectNoAxeViolations(page);
      await saveScreenshot(page, 'directory-agreement-phone');
      await page.getByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.agreeButton }).click();
      await page.getByText(DIRECTORY_REPRESENTATIVE_MESSAGES.agreed(LOGO_COMPANY.name)).waitFor();
      await saveScreenshot(page, 'directory-agreed-phone');
      await context.close();
    }
    expect((await guestAnswer()).representatives).toEqual([
      expect.objectContaining({ name: LOGO_COMPANY.rep.name, position: LOGO_COMPANY.rep.position }),
    ]);
    const confirmation = await mailTo(LOGO_COMPANY.rep.email, 'You appear in the entry', since);
    expect(confirmation.text).toMatch(/\/directory-withdrawal\?token=/);
  });
});
