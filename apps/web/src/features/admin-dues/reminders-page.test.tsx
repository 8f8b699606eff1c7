import type { ReminderDelivery, ReminderMessage } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { RemindersPage } from './reminders-page';

type Call = { method: string; url: URL; body: unknown };

const message: ReminderMessage = {
  statementId: '6f1c1c44-5b7e-4a44-9d1b-0d3a4a1f0001',
  statementNumber: 'SOA-2026-000004',
  userId: '6f1c1c44-5b7e-4a44-9d1b-0d3a4a1f0002',
  memberName: 'Jose Mendoza',
  email: 'jose.mendoza@geomail.example',
  role: 'member',
  offset: -14,
  dueOn: '2026-12-12',
  amount: 300_000,
};
const delivery: ReminderDelivery = {
  ...message,
  id: '6f1c1c44-5b7e-4a44-9d1b-0d3a4a1f0003',
  memberName: 'Carmela Castillo',
  email: 'carmela.castillo@geomail.example',
  offset: 7,
  runDate: '2026-11-27',
  state: 'failed',
  resend: false,
  queuedAt: '2026-11-27T00:00:05.000Z',
  sentAt: null,
  error: 'Mailbox unavailable',
};

/** The reminders API at the network boundary, every call kept. */
function stubRemindersApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: new URL(input, 'http://localhost'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      };
      calls.push(call);
      const path = call.url.pathname;
      if (call.method === 'POST' && path.endsWith('/resend'))
        return json({ data: { ...delivery, resend: true } }, 201);
      if (call.method === 'PUT') return json({ data: [] });
      if (path.endsWith('/reminders/preview')) {
        return json({
          data: {
            date: call.url.searchParams.get('date'),
            statementsToIssue: [],
            messages: [message],
            paused: 0,
          },
        });
      }
      if (path.endsWith('/reminders/pauses')) return json({ data: [] });
      return json({
        data: { deliveries: [delivery], pagination: { total: 1, page: 1, limit: 10, totalPages: 1 } },
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('RemindersPage (/admin/dues/reminders)', () => {
  it("previews tomorrow's reminders and shows a failed delivery with its error", async () => {
    const calls = stubRemindersApi();
    renderWithRouter(<RemindersPage />, { path: '/admin/dues/reminders' });
    const preview = await screen.findByRole('table', { name: 'Reminders to send' });
    expect(await within(preview).findByText('Jose Mendoza')).toBeVisible();
    expect(within(preview).getByText('14 days before')).toBeVisible();
    const previewCall = calls.find((call) => call.url.pathname.endsWith('/reminders/preview'));
    expect(previewCall?.url.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const log = await screen.findByRole('table', { name: 'Reminders sent' });
    expect(await within(log).findByText('Mailbox unavailable')).toBeVisible();
    expect(within(log).getByText('Failed')).toBeVisible();
  });

  it('filters the log by failed, resends one and pauses a member with a reason', async () => {
    const calls = stubRemindersApi();
    const user = userEvent.setup();
    renderWithRouter(<RemindersPage />, { path: '/admin/dues/reminders' });
    await user.selectOptions(await screen.findByLabelText('Filter by state'), 'failed');
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get('state') === 'failed')).toBe(true),
    );

    await user.click(
      (await screen.findAllByRole('button', { name: `Resend to ${delivery.email}` }))[0] as HTMLElement,
    );
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith(`/${delivery.id}/resend`)),
      ).toBe(true),
    );

    await user.click(
      (await screen.findAllByRole('button', { name: 'Pause reminders for Jose Mendoza' }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Pause reminders for Jose Mendoza' });
    await user.type(within(dialog).getByRole('textbox'), 'Paying by instalments');
    await user.click(within(dialog).getByRole('button', { name: 'Pause reminders' }));
    await waitFor(() => {
      const put = calls.find((call) => call.method === 'PUT');
      expect(put?.url.pathname).toContain(`/dues/reminders/pauses/${message.userId}`);
      expect(put?.body).toEqual({ paused: true, reason: 'Paying by instalments' });
    });
  });
});
