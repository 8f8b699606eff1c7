import { CONFIRM_EMAIL_CHANGE_MESSAGES, PROFILE_MESSAGES } from '@portal/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { ConfirmEmailChangePage } from './confirm-email-change-page';

afterEach(() => vi.unstubAllGlobals());

describe('ConfirmEmailChangePage (docs/decisions/075)', () => {
  it('sends the token only when the button is pressed, then links to the profile', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(json({ data: { message: PROFILE_MESSAGES.emailChanged, email: 'new@example.ph' } }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithRouter(<ConfirmEmailChangePage />, { path: '/confirm-email-change?token=change-1' });

    expect(screen.getByText(CONFIRM_EMAIL_CHANGE_MESSAGES.intro)).toBeVisible();
    // Opening the page (as a link scanner does) sends nothing.
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.button }));

    expect(await screen.findByRole('status')).toHaveTextContent(PROFILE_MESSAGES.emailChanged);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users/confirm-email-change');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'change-1' });
    expect(screen.getByRole('link', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.toProfile })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.button })).toBeNull();
  });

  it("shows the server's refusal and keeps the button", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json({ error: PROFILE_MESSAGES.emailChangeLinkInvalid, code: 'invalid_link' }, 400),
        ),
    );
    const user = userEvent.setup();
    renderWithRouter(<ConfirmEmailChangePage />, { path: '/confirm-email-change?token=used' });
    await user.click(screen.getByRole('button', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROFILE_MESSAGES.emailChangeLinkInvalid);
    expect(screen.getByRole('button', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.button })).toBeEnabled();
  });

  it('says so when the link has no token, with no button', () => {
    renderWithRouter(<ConfirmEmailChangePage />, { path: '/confirm-email-change' });
    expect(screen.getByRole('alert')).toHaveTextContent(CONFIRM_EMAIL_CHANGE_MESSAGES.missingToken);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
