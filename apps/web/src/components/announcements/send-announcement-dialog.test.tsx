import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { SendAnnouncementDialog } from './send-announcement-dialog';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const itemId = '0b6f3c1e-0000-4000-8000-000000000002';
const sent: Announcement = {
  id: '0b6f3c1e-0000-4000-8000-000000000001',
  item_type: 'event',
  item_id: itemId,
  item_title: 'Field day',
  audience: 'accounts',
  recipient_count: 40,
  sent_by: 'Secretariat Desk',
  created_at: '2026-11-27T02:00:00.000Z',
};
const emptyLog = {
  data: {
    announcements: [],
    pagination: { page: 1, limit: 1, total: 0, totalPages: 0, hasNext: false, hasPrev: false },
  },
};

afterEach(() => vi.unstubAllGlobals());

function renderDialog(earlier: Announcement | null, answer: () => Response) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET')
        return json(earlier ? { data: { ...emptyLog.data, announcements: [earlier] } } : emptyLog);
      posts.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
  const onSent = vi.fn();
  const onFailed = vi.fn();
  renderWithRouter(
    <SendAnnouncementDialog
      itemType="event"
      itemId={itemId}
      itemTitle="Field day"
      onClose={vi.fn()}
      onSent={onSent}
      onFailed={onFailed}
    />,
  );
  return { posts, onSent, onFailed };
}

describe('SendAnnouncementDialog (docs/decisions/052)', () => {
  it('sends the chosen audience with the dialog’s idempotency key', async () => {
    const { posts, onSent } = renderDialog(null, () => json({ data: sent }, 201));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /All accounts/ }));
    const send = screen.getByRole('button', { name: ANNOUNCEMENT_MESSAGES.send });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(posts).toEqual([
      { item_type: 'event', item_id: itemId, audience: 'accounts', idempotency_key: expect.any(String) },
    ]);
  });

  it('shows the earlier announcement instead of a second send', async () => {
    renderDialog(sent, () => json({}, 500));
    expect(
      await screen.findByText(/Announced November 27, 2026 to all accounts \(40 people\)\./),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: ANNOUNCEMENT_MESSAGES.send })).toBeNull();
  });

  it("passes on the server's reason when it refuses", async () => {
    const { onFailed } = renderDialog(null, () =>
      json({ error: ANNOUNCEMENT_MESSAGES.noRecipients, code: 'no_recipients' }, 409),
    );
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: ANNOUNCEMENT_MESSAGES.send });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() =>
      expect(onFailed).toHaveBeenCalledWith(
        ANNOUNCEMENT_MESSAGES.sendFailed,
        ANNOUNCEMENT_MESSAGES.noRecipients,
      ),
    );
  });
});
