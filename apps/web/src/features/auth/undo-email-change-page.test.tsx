import { UNDO_EMAIL_CHANGE_MESSAGES } from '@portal/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { UndoEmailChangePage } from './undo-email-change-page';

afterEach(() => vi.unstubAllGlobals());

describe('UndoEmailChangePage (docs/product-rules.md "Accounts")', () => {
  it('sends the token only when the button is pressed, then offers the reset link', async () => {
    const done = UNDO_EMAIL_CHANGE_MESSAGES.done('old@example.ph');
    const fetchMock = vi.fn().mockResolvedValue(
      json({
        data: {
          message: done,
          email: 'old@example.ph',
          resetPasswordUrl: 'http://localhost:3000/reset-password?token=reset-1',
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithRouter(<UndoEmailChangePage />, { path: '/undo-email-change?token=undo-1' });

    expect(screen.getByText(UNDO_EMAIL_CHANGE_MESSAGES.intro)).toBeVisible();
    // Opening the page (as a link scanner does) sends nothing.
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: UNDO_EMAIL_CHANGE_MESSAGES.button }));

    expect(await screen.findByRole('status')).toHaveTextContent(done);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users/undo-email-change');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'undo-1' });
    expect(screen.getByRole('link', { name: UNDO_EMAIL_CHANGE_MESSAGES.resetPassword })).toHaveAttribute(
      'href',
      '/reset-password?token=reset-1',
    );
  });

  it("shows the server's refusal and keeps the button", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json({ error: UNDO_EMAIL_CHANGE_MESSAGES.linkInvalid, code: 'link_invalid' }, 400),
        ),
    );
    const user = userEvent.setup();
    renderWithRouter(<UndoEmailChangePage />, { path: '/undo-email-change?token=used' });
    await user.click(screen.getByRole('button', { name: UNDO_EMAIL_CHANGE_MESSAGES.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNDO_EMAIL_CHANGE_MESSAGES.linkInvalid);
    expect(screen.getByRole('button', { name: UNDO_EMAIL_CHANGE_MESSAGES.button })).toBeEnabled();
  });

  it('says so when the link has no token, with no button', () => {
    renderWithRouter(<UndoEmailChangePage />, { path: '/undo-email-change' });
    expect(screen.getByRole('alert')).toHaveTextContent(UNDO_EMAIL_CHANGE_MESSAGES.missingToken);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
