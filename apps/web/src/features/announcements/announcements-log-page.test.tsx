import { ANNOUNCEMENT_MESSAGES } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { AnnouncementsLogPage } from './announcements-log-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pagination = (total: number) => ({
  page: 1,
  limit: 10,
  total,
  totalPages: total ? 1 : 0,
  hasNext: false,
  hasPrev: false,
});

afterEach(() => vi.unstubAllGlobals());

describe('AnnouncementsLogPage (docs/product-rules.md "Announcements")', () => {
  it('lists what went to whom, how many, by whom and when, linking each item', async () => {
    const fetchMock = vi.fn(async () =>
      json({
        data: {
          announcements: [
            {
              id: '0b6f3c1e-0000-4000-8000-000000000001',
              item_type: 'event',
              item_id: '0b6f3c1e-0000-4000-8000-000000000002',
              item_title: 'Field day in Benguet',
              audience: 'good_standing',
              recipient_count: 41,
              sent_by: 'Secretariat Desk',
              created_at: '2026-11-27T02:00:00.000Z',
            },
          ],
          pagination: pagination(1),
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<AnnouncementsLogPage />, { path: '/admin/announcements' });
    const table = await screen.findByRole('table', { name: 'Announcements' });
    const link = await within(table).findByRole('link', { name: 'Field day in Benguet' });
    expect(link).toHaveAttribute('href', '/events/0b6f3c1e-0000-4000-8000-000000000002');
    const row = link.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Members in good standing');
    expect(row).toHaveTextContent('41');
    expect(row).toHaveTextContent('Secretariat Desk');
    expect(fetchMock).toHaveBeenCalledWith('/api/announcements?page=1&limit=10', expect.anything());
  });

  it('says so when nothing was sent yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: { announcements: [], pagination: pagination(0) } })),
    );
    renderWithRouter(<AnnouncementsLogPage />, { path: '/admin/announcements' });
    expect((await screen.findAllByText(ANNOUNCEMENT_MESSAGES.logEmpty))[0]).toBeInTheDocument();
  });
});
