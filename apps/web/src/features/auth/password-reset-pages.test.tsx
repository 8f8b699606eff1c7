import { messageResponseSchema } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fakeRoute, refusal } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const SENT = 'If an account exists for that email, a reset link is on its way.';

describe('ForgotPasswordPage (docs/product-rules.md "Accounts")', () => {
  it("validates the e-mail, then shows the server's one answer and returns to /login", async () => {
    const sent = fakeRoute('post', '/api/auth/forgot-password', () =>
      answer(messageResponseSchema, { data: { message: SENT } }),
    );
    const user = userEvent.setup();
    const { router } = renderWithRouter(<ForgotPasswordPage />, { path: '/forgot-password' });

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'Someone@Example.ph');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Check Your Email' });
    expect(dialog).toHaveAccessibleDescription(SENT);
    expect(sent).toEqual([{ email: 'someone@example.ph' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the token from the link, then returns to /login', async () => {
    const sent = fakeRoute('post', '/api/auth/reset-password', () =>
      answer(messageResponseSchema, { data: { message: 'Password updated' } }),
    );
    const user = userEvent.setup();
    const { router } = renderWithRouter(<ResetPasswordPage />, { path: '/reset-password?token=tok-123' });

    await user.type(screen.getByLabelText('New password'), 'weak');
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Weak',
    );
    await user.type(screen.getByLabelText('Confirm new password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('Password strength must be at least Good')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('New password'), 'Pass-12');
    await user.type(screen.getByLabelText('Confirm new password'), 'Pass-12');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Password Updated' });
    expect(sent).toEqual([{ token: 'tok-123', password: 'weakPass-12' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's message for an invalid or expired link", async () => {
    fakeRoute('post', '/api/auth/reset-password', () =>
      refusal(400, { error: 'This reset link is invalid or has expired' }),
    );
    const user = userEvent.setup();
    const { router } = renderWithRouter(<ResetPasswordPage />, { path: '/reset-password?token=used' });
    await user.type(screen.getByLabelText('New password'), 'Strong-pass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'Strong-pass1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Reset Failed' });
    expect(dialog).toHaveAccessibleDescription('This reset link is invalid or has expired');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('explains a link without a token instead of showing the form', () => {
    renderWithRouter(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.');
    expect(screen.getByRole('link', { name: 'request a new one' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
