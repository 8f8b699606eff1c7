import { ANNOUNCEMENT_MESSAGES } from '@portal/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { UnsubscribePage } from './unsubscribe-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribePage (docs/product-rules.md "Announcements")', () => {
  it('changes nothing on opening, and unsubscribes with the token when asked', async () => {
    const fetchMock = vi.fn(async () => json({ data: { message: ANNOUNCEMENT_MESSAGES.unsubscribed } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<UnsubscribePage />, { path: '/unsubscribe?token=abc.def' });
    expect(screen.getByRole('heading', { name: ANNOUNCEMENT_MESSAGES.unsubscribeTitle })).toBeVisible();
    expect(screen.getByText(ANNOUNCEMENT_MESSAGES.unsubscribeQuestion)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: ANNOUNCEMENT_MESSAGES.unsubscribeButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(ANNOUNCEMENT_MESSAGES.unsubscribed);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/announcements/unsubscribe?token=abc.def',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('says the link is invalid when the server refuses the token, or there is none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ error: ANNOUNCEMENT_MESSAGES.unsubscribeInvalid, code: 'invalid_token' }, 400),
      ),
    );
    renderWithRouter(<UnsubscribePage />, { path: '/unsubscribe?token=forged' });
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: ANNOUNCEMENT_MESSAGES.unsubscribeButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ANNOUNCEMENT_MESSAGES.unsubscribeInvalid);
  });

  it('says the link is invalid without a token', () => {
    renderWithRouter(<UnsubscribePage />, { path: '/unsubscribe' });
    expect(screen.getByRole('alert')).toHaveTextContent(ANNOUNCEMENT_MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: ANNOUNCEMENT_MESSAGES.unsubscribeButton })).toBeNull();
  });
});
