import { DIRECTORY_REPRESENTATIVE_MESSAGES as M } from '@portal/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { DirectoryAgreementPage, DirectoryWithdrawalPage } from './directory-link-routes';

afterEach(() => vi.unstubAllGlobals());

describe("a representative's directory links (docs/decisions/072, 075)", () => {
  it('agrees only when the button is pressed', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({ message: M.agreed('Cordillera Copper Exploration') }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithRouter(<DirectoryAgreementPage />, { path: '/directory-agreement?token=agree-1' });

    expect(screen.getByText(M.agreeIntro)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: M.agreeButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(M.agreed('Cordillera Copper Exploration'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/directory/representatives/agree');
    expect(JSON.parse(init.body as string)).toEqual({ token: 'agree-1' });
  });

  it("withdraws with the mail's token and shows the server's refusal of a used link", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json({ error: M.invalidLink, code: 'invalid_link' }, 400)),
    );
    const user = userEvent.setup();
    renderWithRouter(<DirectoryWithdrawalPage />, { path: '/directory-withdrawal?token=used' });
    await user.click(screen.getByRole('button', { name: M.withdrawButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.invalidLink);
    expect(screen.getByRole('button', { name: M.withdrawButton })).toBeVisible();
  });

  it('says so when the link has no token', () => {
    renderWithRouter(<DirectoryAgreementPage />, { path: '/directory-agreement' });
    expect(screen.getByRole('alert')).toHaveTextContent(M.missingToken);
  });
});
