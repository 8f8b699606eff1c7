import { recoveryCodesResponseSchema, totpEnrolmentResponseSchema } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { answer, fakeRoute, refusal } from '@/test/fake-api';
import { renderWithRouter } from '@/test/render';
import { groupSecret, TwoStepSetupPage } from './two-step-setup-page';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `abcd-ef${String.fromCharCode(103 + index)}${index}`);

/** The enrolment and its confirmation ('123456' is right); the enrolments asked. */
function fakeServer() {
  const enrolments = fakeRoute('post', '/api/auth/2fa/totp/enrol', () =>
    answer(totpEnrolmentResponseSchema, {
      data: { secret: SECRET, otpauthUrl: `otpauth://totp/MEAP:ana%40meap.org.ph?secret=${SECRET}` },
    }),
  );
  fakeRoute('post', '/api/auth/2fa/totp/confirm', (body) =>
    (body as { code: string }).code === '123456'
      ? answer(recoveryCodesResponseSchema, { data: { recoveryCodes: CODES } })
      : refusal(400, {
          error: 'That code is not right. Check your authenticator app and try again',
          field: 'code',
          fields: { code: 'That code is not right. Check your authenticator app and try again' },
        }),
  );
  return { enrolments };
}

beforeEach(() => {
  useSessionStore.setState({
    user: {
      id: 'u1',
      username: 'ana',
      role: 'admin',
      type: 'admin',
      secondFactor: { required: true, enrolled: false },
    },
  });
});
afterEach(() => {
  useSessionStore.setState({ user: null });
});

describe('TwoStepSetupPage (decision 061)', () => {
  it('groups the secret in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('shows the QR code and the secret to copy, confirms the first code, then the recovery codes once', async () => {
    const { enrolments } = fakeServer();
    const user = userEvent.setup();
    const { router } = renderWithRouter(<TwoStepSetupPage />, {
      path: '/account/two-step?next=%2Fadmin%2Fusers',
    });

    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText(groupSecret(SECRET))).toBeInTheDocument();
    expect(enrolments).toHaveLength(1);
    // Staff cannot skip it.
    expect(screen.queryByRole('link', { name: /Not now/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // userEvent puts a clipboard of its own in the page.
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    const field = screen.getByLabelText('6-digit code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Step Sign-In' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'That code is not right. Check your authenticator app and try again',
      ),
    );

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Step Sign-In' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(useSessionStore.getState().user?.secondFactor).toEqual({ required: true, enrolled: true });
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });

  it('lets a member leave it for later, and goes on to the profile when `next` is not one of our pages', async () => {
    useSessionStore.setState({
      user: {
        id: 'u2',
        username: 'juan',
        role: 'member',
        type: 'individual',
        secondFactor: { required: false, enrolled: false },
      },
    });
    fakeServer();
    const user = userEvent.setup();
    const { router } = renderWithRouter(<TwoStepSetupPage />, {
      path: `/account/two-step?next=${encodeURIComponent('https://evil.example/')}`,
    });
    expect(await screen.findByRole('link', { name: 'Not now, back to my profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn On Two-Step Sign-In' }));
    await user.click(await screen.findByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
