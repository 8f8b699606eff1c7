import type { TwoFactorStatus } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { TwoFactorSection } from './two-factor-section';

const CODES = Array.from({ length: 10 }, (_, index) => `wxyz-abc${index + 2}`);

function stubStatus(status: TwoFactorStatus) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/2fa') return json({ data: status });
    if (url === '/api/auth/2fa/passkeys') return json({ data: [] });
    if (url === '/api/auth/2fa/recovery-codes' && init?.method === 'POST')
      return json({ data: { recoveryCodes: CODES } });
    if (url === '/api/auth/2fa/totp' && init?.method === 'DELETE') return new Response(null, { status: 204 });
    return json({}, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('TwoFactorSection (decision 061)', () => {
  it('offers "Set up" while it is off, coming back to the profile', async () => {
    stubStatus({ totp: false, passkeys: 0, recoveryCodesLeft: 0, required: false });
    renderWithRouter(<TwoFactorSection notify={vi.fn()} />, { path: '/profile' });
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up' })).toHaveAttribute(
      'href',
      '/account/two-step?next=%2Fprofile',
    );
  });

  it('shows the codes left, makes new ones, and turns it off after asking', async () => {
    const fetchMock = stubStatus({ totp: true, passkeys: 0, recoveryCodesLeft: 7, required: false });
    const notify = vi.fn();
    const user = userEvent.setup();
    renderWithRouter(<TwoFactorSection notify={notify} />, { path: '/profile' });
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText('Recovery codes left:').nextSibling).toHaveTextContent('7');

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new recovery codes' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(dialog).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Turn Off' }),
    );
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        expect.objectContaining({ variant: 'success', title: 'Two-Step Sign-In Off' }),
      ),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/2fa/totp',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('has no "Turn off" for staff, who must keep it', async () => {
    stubStatus({ totp: true, passkeys: 0, recoveryCodesLeft: 10, required: true });
    renderWithRouter(<TwoFactorSection notify={vi.fn()} />, { path: '/profile' });
    expect(await screen.findByText('Staff accounts keep two-step sign-in on.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
