import { ANNOUNCEMENT_MESSAGES, messageResponseSchema } from '@portal/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fakeApi, http, refusal } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { UnsubscribePage } from './unsubscribe-page';

/** The unsubscribe route answering with `reply`; the tokens it was sent (in the address). */
function fakeUnsubscribe(reply: () => Response) {
  const tokens: (string | null)[] = [];
  fakeApi.use(
    http.post('/api/announcements/unsubscribe', ({ request }) => {
      tokens.push(new URL(request.url).searchParams.get('token'));
      return reply();
    }),
  );
  return tokens;
}

describe('UnsubscribePage (docs/product-rules.md "Announcements")', () => {
  it('changes nothing on opening, and unsubscribes with the token when asked', async () => {
    const tokens = fakeUnsubscribe(() =>
      answer(messageResponseSchema, { data: { message: ANNOUNCEMENT_MESSAGES.unsubscribed } }),
    );
    renderWithRouter(<UnsubscribePage />, { path: '/unsubscribe?token=abc.def' });
    expect(screen.getByRole('heading', { name: ANNOUNCEMENT_MESSAGES.unsubscribeTitle })).toBeVisible();
    expect(screen.getByText(ANNOUNCEMENT_MESSAGES.unsubscribeQuestion)).toBeVisible();
    expect(tokens).toEqual([]);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: ANNOUNCEMENT_MESSAGES.unsubscribeButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(ANNOUNCEMENT_MESSAGES.unsubscribed);
    expect(tokens).toEqual(['abc.def']);
  });

  it('says the link is invalid when the server refuses the token, or there is none', async () => {
    fakeUnsubscribe(() =>
      refusal(400, { error: ANNOUNCEMENT_MESSAGES.unsubscribeInvalid, code: 'invalid_token' }),
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
