import { UNDO_EMAIL_CHANGE_MESSAGES, undoEmailChangeResponseSchema } from '@portal/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fakeRoute, refusal } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { UndoEmailChangePage } from './undo-email-change-page';

describe('UndoEmailChangePage (docs/product-rules.md "Accounts")', () => {
  it('sends the token only when the button is pressed, then offers the reset link', async () => {
    const done = UNDO_EMAIL_CHANGE_MESSAGES.done('old@example.ph');
    const sent = fakeRoute('post', '/api/users/undo-email-change', () =>
      answer(undoEmailChangeResponseSchema, {
        data: {
          message: done,
          email: 'old@example.ph',
          resetPasswordUrl: 'http://localhost:3000/reset-password?token=reset-1',
        },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<UndoEmailChangePage />, { path: '/undo-email-change?token=undo-1' });

    expect(screen.getByText(UNDO_EMAIL_CHANGE_MESSAGES.intro)).toBeVisible();
    // Opening the page (as a link scanner does) sends nothing.
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: UNDO_EMAIL_CHANGE_MESSAGES.button }));

    expect(await screen.findByRole('status')).toHaveTextContent(done);
    expect(sent).toEqual([{ token: 'undo-1' }]);
    expect(screen.getByRole('link', { name: UNDO_EMAIL_CHANGE_MESSAGES.resetPassword })).toHaveAttribute(
      'href',
      '/reset-password?token=reset-1',
    );
  });

  it("shows the server's refusal and keeps the button", async () => {
    fakeRoute('post', '/api/users/undo-email-change', () =>
      refusal(400, { error: UNDO_EMAIL_CHANGE_MESSAGES.linkInvalid, code: 'link_invalid' }),
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
