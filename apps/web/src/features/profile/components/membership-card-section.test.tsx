import { CARD_MESSAGES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { json, makeCard } from '../test-fixtures';
import { MembershipCardSection } from './membership-card-section';

type Call = { url: string; method: string };

function stubApi(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url: String(url), method: init?.method ?? 'GET' };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('MembershipCardSection (docs/product-rules.md "Membership card")', () => {
  it('previews the card with its number and date, and offers the PNG and the PDF', async () => {
    stubApi(() => json({ data: makeCard() }));
    renderWithRouter(<MembershipCardSection onRegenerated={() => {}} />);

    const preview = await screen.findByRole('img', { name: /Membership card of Northern Gold Exploration/ });
    expect(preview.getAttribute('src')).toMatch(/^\/api\/members\/card\.png\?v=/);
    expect(screen.getByText('MEAP-2026-0042')).toBeVisible();
    expect(screen.getByText('January 31, 2027')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('makes a new card only after a confirmation that says the old one stops working', async () => {
    const user = userEvent.setup();
    const onRegenerated = vi.fn();
    const renewed = makeCard({
      verifyUrl: 'https://portal.example/verify/second-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbb',
    });
    const calls = stubApi((call) => json({ data: call.method === 'POST' ? renewed : makeCard() }));
    renderWithRouter(<MembershipCardSection onRegenerated={onRegenerated} />);
    const before = (await screen.findByRole('img')).getAttribute('src');

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make a new card?' });
    expect(within(dialog).getByText(CARD_MESSAGES.regenerateConfirm)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make a new card' }),
    );
    await waitFor(() => expect(onRegenerated).toHaveBeenCalledOnce());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/members/card',
    ]);
    // The preview shows the new card.
    await waitFor(() => expect(screen.getByRole('img').getAttribute('src')).not.toBe(before));
  });

  it('says why when the member is not in good standing', async () => {
    stubApi(() => json({ error: CARD_MESSAGES.notInGoodStanding, code: 'not_in_good_standing' }, 403));
    renderWithRouter(<MembershipCardSection onRegenerated={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_MESSAGES.notInGoodStanding);
  });
});
