import { CURRENT_NOTICE_VERSION, PRIVACY_MESSAGES } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { toSessionUser } from '@/lib/session-user';
import { json, makeProfile } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { PrivacyNoticeStrip } from './privacy-notice-strip';

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().clearUser();
});

describe('PrivacyNoticeStrip (docs/decisions/065)', () => {
  it('the session says whether the notice in force is accepted', () => {
    expect(toSessionUser(makeProfile({ acceptedCurrentNotice: false })).noticeToAccept).toBe(true);
    expect(toSessionUser(makeProfile({ acceptedCurrentNotice: true })).noticeToAccept).toBe(false);
  });

  it('links to the notice and records the acceptance with "I have read it", then goes', async () => {
    useSessionStore.getState().setUser(toSessionUser(makeProfile({ acceptedCurrentNotice: false })));
    const fetchMock = vi.fn(async () =>
      json({
        data: {
          currentNoticeVersion: CURRENT_NOTICE_VERSION,
          acceptedNoticeVersion: CURRENT_NOTICE_VERSION,
          consents: [],
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<PrivacyNoticeStrip />);
    expect(screen.getByText(PRIVACY_MESSAGES.stripText)).toBeVisible();
    expect(screen.getByRole('link', { name: PRIVACY_MESSAGES.stripAction })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: PRIVACY_MESSAGES.accept }));
    await waitFor(() => expect(useSessionStore.getState().user?.noticeToAccept).toBe(false));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/me\/consents\/privacy_notice$/);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ given: true });
  });

  it('says so when the acceptance could not be saved, and stays', async () => {
    useSessionStore.getState().setUser(toSessionUser(makeProfile({ acceptedCurrentNotice: false })));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: 'Service unavailable' }, 503)),
    );
    renderWithRouter(<PrivacyNoticeStrip />);
    await userEvent.setup().click(screen.getByRole('button', { name: PRIVACY_MESSAGES.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PRIVACY_MESSAGES.saveFailed);
    expect(useSessionStore.getState().user?.noticeToAccept).toBe(true);
  });
});
