import {
  CONFIRM_EMAIL_CHANGE_MESSAGES,
  confirmEmailChangeResponseSchema,
  PROFILE_MESSAGES,
} from '@portal/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fakeRoute, refusal } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { ConfirmEmailChangePage } from './confirm-email-change-page';

describe('ConfirmEmailChangePage (docs/decisions/075)', () => {
  it('sends the token only when the button is pressed, then links to the profile', async () => {
    const sent = fakeRoute('post', '/api/users/confirm-email-change', () =>
      answer(confirmEmailChangeResponseSchema, {
        data: { message: PROFILE_MESSAGES.emailChanged, email: 'new@example.ph' },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<ConfirmEmailChangePage />, { path: '/confirm-email-change?token=change-1' });

    expect(screen.getByText(CONFIRM_EMAIL_CHANGE_MESSAGES.intro)).toBeVisible();
    // Opening the page (as a link scanner does) sends nothing.
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.button }));

    expect(await screen.findByRole('status')).toHaveTextContent(PROFILE_MESSAGES.emailChanged);
    expect(sent).toEqual([{ token: 'change-1' }]);
    expect(screen.getByRole('link', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.toProfile })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: CONFIRM_EMAIL_CHANGE_MESSAGES.button })).toBeNull();
  });

  it("shows the server's refusal and keeps the button", async () => {
    fakeRoute('post', '/api/users/confirm-email-change', () =>
      refusal(400, { error: PROFILE_MESSAGES.emailChangeLinkInvalid, code: 'invalid_link' }),
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
