import {
  DIRECTORY_MESSAGES,
  DIRECTORY_REPRESENTATIVE_MESSAGES,
  type MyDirectoryListing,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { MessageForm } from './directory-entry-page';
import { ListingEditor, MyListingPage } from './my-listing-page';

type Call = { url: string; method: string; body: unknown };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url: String(url),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const listing: MyDirectoryListing = {
  id: null,
  kind: 'company',
  name: 'Surigao Copper Exploration Inc.',
  tradeName: null,
  logoUrl: null,
  listed: false,
  contactEnabled: true,
  about: null,
  commodities: [],
  activities: [],
  regions: [],
  provinces: [],
  website: null,
  contactPerson: null,
  profession: null,
  licenceVerified: false,
  specialisations: [],
  yearsOfPractice: null,
  employer: null,
  competentPerson: false,
  visibility: {
    name: 'public',
    logo: 'members',
    about: 'members',
    commodities: 'members',
    activities: 'members',
    areas: 'members',
    website: 'members',
    contactPerson: 'members',
    profession: 'members',
    specialisations: 'members',
    yearsOfPractice: 'members',
    employer: 'members',
    competentPerson: 'members',
    representatives: 'members',
  },
  hiddenReason: null,
  representatives: [],
};

describe('the listing editor (docs/product-rules.md "Member directory")', () => {
  it('sends the consent, the lists and each field’s visibility, and shows the server’s field message', async () => {
    const user = userEvent.setup();
    let answer: Response = json({ data: { ...listing, listed: true } });
    const calls = stubApi(() => answer);
    renderWithRouter(<ListingEditor listing={listing} />);

    expect(screen.getByText(DIRECTORY_MESSAGES.notListedYet)).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: DIRECTORY_MESSAGES.listedLabel }));
    await user.click(screen.getByRole('checkbox', { name: 'Copper' }));
    await user.click(screen.getByRole('checkbox', { name: 'Drilling' }));
    await user.click(screen.getByRole('checkbox', { name: 'Caraga (Region XIII)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Commodities' }), 'public');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'copper.example');

    answer = json(
      {
        error: 'Website must be an address starting with http:// or https://',
        code: 'validation_error',
        field: 'website',
        fields: { website: 'Website must be an address starting with http:// or https://' },
      },
      400,
    );
    await user.click(screen.getByRole('button', { name: 'Save listing' }));
    expect(
      await screen.findByText('Website must be an address starting with http:// or https://'),
    ).toBeVisible();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      listed: true,
      commodities: ['copper'],
      activities: ['drilling'],
      regions: ['region_13'],
      website: 'copper.example',
      visibility: { commodities: 'public', activities: 'members', name: 'public' },
    });

    answer = json({ data: { ...listing, listed: true, website: 'https://copper.example' } });
    await user.clear(screen.getByRole('textbox', { name: 'Website' }));
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'https://copper.example');
    await user.click(screen.getByRole('button', { name: 'Save listing' }));
    expect(await screen.findByText(DIRECTORY_MESSAGES.saved)).toBeVisible();
    expect(screen.queryByText(/Website must be/)).toBeNull();
  });

  it('offers no "No one" for the name', () => {
    stubApi(() => json({}));
    renderWithRouter(<ListingEditor listing={listing} />);
    const name = screen.getByRole('combobox', { name: 'Name' });
    expect([...name.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Everyone',
      'Members only',
    ]);
  });
});

describe('the message form', () => {
  it('asks for the acceptance before sending, then shows the server’s confirmation or refusal', async () => {
    const user = userEvent.setup();
    let answer = json({ data: { id: 'x', message: DIRECTORY_MESSAGES.sent } }, 202);
    const calls = stubApi(() => answer);
    renderWithRouter(<MessageForm entryId="00000000-0000-4000-8000-000000000001" />);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello <b>there</b>');
    await user.click(screen.getByRole('button', { name: DIRECTORY_MESSAGES.sendAction }));
    expect(screen.getByText(DIRECTORY_MESSAGES.acceptRequired)).toBeVisible();
    expect(calls).toHaveLength(0);

    answer = json({ error: DIRECTORY_MESSAGES.tooManyMessages, code: 'rate_limited' }, 429);
    await user.click(screen.getByRole('checkbox', { name: DIRECTORY_MESSAGES.acceptLabel }));
    await user.click(screen.getByRole('button', { name: DIRECTORY_MESSAGES.sendAction }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DIRECTORY_MESSAGES.tooManyMessages);

    answer = json({ data: { id: 'x', message: DIRECTORY_MESSAGES.sent } }, 202);
    await user.click(screen.getByRole('button', { name: DIRECTORY_MESSAGES.sendAction }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(DIRECTORY_MESSAGES.sent));
    expect(calls.at(-1)?.body).toEqual({ message: 'Hello <b>there</b>', acceptShowAddress: true });
  });
});

describe('the representatives of a company’s entry', () => {
  const liza = {
    id: '00000000-0000-4000-8000-00000000000a',
    name: 'Liza Dumalagan',
    position: 'Chief Geologist',
    email: 'liza@example.ph',
    status: 'not_asked',
    agreedAt: null,
  } as const;
  const ramon = { ...liza, id: '00000000-0000-4000-8000-00000000000b', name: 'Ramon Cruz', email: null };

  it('asks one with an address, says one without cannot be asked, and takes one off', async () => {
    const user = userEvent.setup();
    let answer = json({
      data: { ...liza, status: 'asked' },
      message: DIRECTORY_REPRESENTATIVE_MESSAGES.asked('Liza Dumalagan'),
    });
    const calls = stubApi((call) => {
      if (call.method === 'PUT') return answer;
      if (call.url.includes('/me/directory/messages')) return json({ data: [] });
      return json({ data: { ...listing, representatives: [liza, ramon] } });
    });
    renderWithRouter(<MyListingPage />);

    const section = await screen.findByRole('region', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.heading });
    expect(
      within(section).getByRole('link', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.noEmail }),
    ).toBeVisible();
    // Only Liza has an address to ask at.
    expect(
      within(section).getAllByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.ask }),
    ).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.ask }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'We have e-mailed Liza Dumalagan to ask for their agreement.',
    );
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: expect.stringContaining(`/api/me/directory/representatives/${liza.id}`),
      body: { listed: true },
    });
    expect(within(section).getByText('Asked, waiting for their agreement')).toBeVisible();
    expect(
      within(section).getByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.askAgain }),
    ).toBeVisible();

    answer = json({ data: liza, message: DIRECTORY_REPRESENTATIVE_MESSAGES.takenOff('Liza Dumalagan') });
    await user.click(
      within(section).getByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.takeOff }),
    );
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'Liza Dumalagan no longer appears in your entry.',
      ),
    );
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ listed: false });
    expect(
      within(section).queryByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.takeOff }),
    ).toBeNull();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    stubApi((call) => {
      if (call.method === 'PUT')
        return json({ error: DIRECTORY_REPRESENTATIVE_MESSAGES.notFound, code: 'not_found' }, 404);
      if (call.url.includes('/me/directory/messages')) return json({ data: [] });
      return json({ data: { ...listing, representatives: [liza] } });
    });
    renderWithRouter(<MyListingPage />);
    await user.click(await screen.findByRole('button', { name: DIRECTORY_REPRESENTATIVE_MESSAGES.ask }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DIRECTORY_REPRESENTATIVE_MESSAGES.notFound);
  });
});
