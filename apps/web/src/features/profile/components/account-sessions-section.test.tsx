import type { AccountSession } from '@portal/shared';
import { SESSION_MESSAGES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { json } from '../test-fixtures';
import { AccountSessionsSection, deviceOf } from './account-sessions-section';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: '00000000-0000-4000-8000-000000000001',
  userAgent: FIREFOX,
  ip: '203.0.113.7',
  createdAt: '2026-11-30T01:00:00.000Z',
  lastUsedAt: '2026-12-02T03:30:00.000Z',
  current: true,
  ...overrides,
});
const PHONE_ID = '00000000-0000-4000-8000-000000000002';

type Call = { url: string; method: string };
function stubApi(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url: String(url), method: init?.method ?? 'GET' };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountSessionsSection (docs/product-rules.md "Accounts")', () => {
  it('reads the device from the user agent', () => {
    expect(deviceOf(FIREFOX)).toEqual({ label: 'Firefox on Linux', type: 'desktop' });
    expect(deviceOf(IPHONE)).toEqual({ label: 'Safari on iOS', type: 'mobile' });
    expect(deviceOf(null).label).toBe('Unknown device');
    expect(deviceOf('node').label).toBe('Unknown device');
  });

  it('lists the sessions with address and times, marks this device, and signs out another', async () => {
    const user = userEvent.setup();
    let signedOut = false;
    const calls = stubApi((call) => {
      if (call.method === 'DELETE') {
        signedOut = true;
        return json({ data: { message: SESSION_MESSAGES.signedOut } });
      }
      const phone = session({ id: PHONE_ID, userAgent: IPHONE, ip: '198.51.100.4', current: false });
      return json({ data: signedOut ? [session({})] : [session({}), phone] });
    });
    const notify = vi.fn();
    renderWithRouter(<AccountSessionsSection notify={notify} />);

    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [laptop, phone] = rows as [HTMLElement, HTMLElement];
    expect(within(laptop).getByText('Firefox on Linux')).toBeVisible();
    expect(within(laptop).getByText('This device')).toBeVisible();
    expect(within(laptop).getByText('IP address 203.0.113.7')).toBeVisible();
    expect(within(laptop).queryByRole('button')).toBeNull();
    expect(within(phone).getByText('Safari on iOS')).toBeVisible();
    expect(within(phone).queryByText('This device')).toBeNull();
    expect(within(phone).getByText(/^Signed in November 30, 2026/)).toBeVisible();
    expect(within(phone).getByText(/^Last used December 2, 2026/)).toBeVisible();

    await user.click(within(phone).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/auth/sessions/${PHONE_ID}`,
    ]);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ text: SESSION_MESSAGES.signedOut }));
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).toBeNull();
  });

  it('signs out of all other sessions', async () => {
    const user = userEvent.setup();
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? json({ data: { message: SESSION_MESSAGES.othersSignedOut(1) } })
        : json({ data: [session({}), session({ id: PHONE_ID, current: false })] }),
    );
    renderWithRouter(<AccountSessionsSection notify={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        '/api/auth/sessions/sign-out-others',
      ]),
    );
  });
});
