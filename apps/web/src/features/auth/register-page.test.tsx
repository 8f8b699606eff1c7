import {
  CONSENT_LABELS,
  CURRENT_NOTICE_VERSION,
  messageResponseSchema,
  PRIVACY_MESSAGES,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeRoute, refusal } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { RegisterPage } from './register-page';

/** POST /api/auth/register answering with `reply`; the bodies it received. */
const fakeRegister = (reply: () => Response) => fakeRoute('post', '/api/auth/register', reply);
const registered = () => answer(messageResponseSchema, { data: { message: 'Registered' } }, 201);

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  { password = 'Strong-pass1', confirm = password }: { password?: string; confirm?: string } = {},
) {
  await user.type(screen.getByLabelText('Username'), 'juan.dc');
  await user.type(screen.getByLabelText('Email'), 'juan@example.ph');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RegisterPage (spec 000 §2 "/register", §5)', () => {
  it('shows the required-field messages of spec 000 §5 under each field', async () => {
    const sent = fakeRegister(registered);
    const user = userEvent.setup();
    renderWithRouter(<RegisterPage />, { path: '/register' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Register' }));
    const expected: Record<string, string> = {
      Username: 'Username is required',
      Email: 'Email is required',
      Password: 'Password is required',
      'Confirm password': 'Please confirm your password',
      [PRIVACY_MESSAGES.noticeLabel]: PRIVACY_MESSAGES.noticeRequired,
    };
    for (const [label, message] of Object.entries(expected)) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      // The password's description goes on with the strength meter.
      expect(input).toHaveAccessibleDescription(new RegExp(`^${message}`));
    }
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it("says 'Passwords do not match' and 'Password strength must be at least Good'", async () => {
    const sent = fakeRegister(registered);
    const user = userEvent.setup();
    renderWithRouter(<RegisterPage />, { path: '/register' });
    await fillForm(user, { password: 'abcdefgh', confirm: 'abcdefgx' });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByText('Password strength must be at least Good')).toBeInTheDocument();
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(sent).toEqual([]);

    // From then on the confirmation is checked as either password changes.
    await user.clear(confirm);
    await user.type(confirm, 'abcdefgh');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('Password'), 'A1!');
    expect(screen.queryByText('Password strength must be at least Good')).not.toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
  });

  it('meters the password as it is typed: score, label and what is missing', async () => {
    const user = userEvent.setup();
    renderWithRouter(<RegisterPage />, { path: '/register' });
    const password = screen.getByLabelText('Password');
    // Before typing, the meter already lists every requirement.
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Very Weak',
    );
    expect(password).toHaveAccessibleDescription(
      'Very Weak Missing: at least 8 characters, a lowercase letter, an uppercase letter, a number, a special character',
    );

    const steps: [string, number, string, string][] = [
      ['a', 1, 'Weak', 'Missing: at least 8 characters, an uppercase letter, a number, a special character'],
      ['bcdefgh', 2, 'Fair', 'Missing: an uppercase letter, a number, a special character'],
      ['A', 3, 'Good', 'Missing: a number, a special character'],
      ['1', 4, 'Strong', 'Missing: a special character'],
      ['!', 5, 'Very Strong', 'Includes everything a strong password needs.'],
    ];
    for (const [typed, score, label, feedback] of steps) {
      await user.type(password, typed);
      const meter = screen.getByRole('meter', { name: 'Password strength' });
      expect(meter).toHaveAttribute('value', String(score));
      expect(meter).toHaveAttribute('aria-valuetext', label);
      expect(screen.getByText(label)).toBeInTheDocument();
      expect(screen.getByText(feedback)).toBeInTheDocument();
    }
    await user.clear(password);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', 'Very Weak');
    // Metered, but not judged: no message before the form is sent.
    expect(password).not.toHaveAttribute('aria-invalid');
  });

  it("sends username, email and password, shows 'Registration Successful!' and then opens /login", async () => {
    const sent = fakeRegister(registered);
    const user = userEvent.setup();
    const { router } = renderWithRouter(<RegisterPage />, { path: '/register' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Registration Successful!' });
    expect(dialog).toHaveAccessibleDescription(
      'To activate your account, please go to your email and verify using the link we sent you.',
    );
    expect(sent).toEqual([
      {
        username: 'juan.dc',
        email: 'juan@example.ph',
        password: 'Strong-pass1',
        noticeVersion: CURRENT_NOTICE_VERSION,
        consents: [],
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('offers the optional consents unticked and sends only those ticked, with the notice version', async () => {
    const sent = fakeRegister(registered);
    const user = userEvent.setup();
    renderWithRouter(<RegisterPage />, { path: '/register' });
    const boxes = Object.values(CONSENT_LABELS).map(({ label }) =>
      screen.getByRole('checkbox', { name: label }),
    );
    for (const box of boxes) expect(box).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Read the privacy notice' })).toHaveAttribute('href', '/privacy');
    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: CONSENT_LABELS.member_directory.label }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('alertdialog', { name: 'Registration Successful!' });
    expect(sent[0]).toMatchObject({
      noticeVersion: CURRENT_NOTICE_VERSION,
      consents: ['member_directory'],
    });
  });

  it.each([
    [409, 'email_taken', 'This email is already registered'],
    [409, 'username_taken', 'This username is already taken'],
    [429, 'rate_limited', 'Too many attempts. Please wait a few minutes and try again.'],
  ])("shows the server's message for %i %s", async (status, code, error) => {
    fakeRegister(() => refusal(status, { error, code }));
    const user = userEvent.setup();
    const { router } = renderWithRouter(<RegisterPage />, { path: '/register' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Registration Failed' });
    expect(dialog).toHaveAccessibleDescription(error);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('only logs other failures (spec 000 §8)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeRegister(() => refusal(500, { error: 'Internal Server Error' }));
    const user = userEvent.setup();
    renderWithRouter(<RegisterPage />, { path: '/register' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(logged).toHaveBeenCalledOnce());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('RegisterPage: the plan chosen with Select Plan', () => {
  it('shows the chosen plan with a way to change it', () => {
    localStorage.setItem('preferredPackage', 'Associate');
    renderWithRouter(<RegisterPage />, { path: '/register' });
    expect(screen.getByText('Associate membership')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/membership');
    localStorage.removeItem('preferredPackage');
  });

  it('says nothing of a plan when none was chosen', () => {
    localStorage.removeItem('preferredPackage');
    renderWithRouter(<RegisterPage />, { path: '/register' });
    expect(screen.queryByText(/Chosen plan/)).toBeNull();
  });
});
