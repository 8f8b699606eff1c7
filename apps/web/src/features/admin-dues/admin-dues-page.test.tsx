import type { DuesStatementView } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { duesList, json, makeStatement } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { AdminDuesPage } from './admin-dues-page';

type Call = { method: string; url: URL; body: unknown };

const SUMMARY = {
  collectedThisMonth: 1_500_000,
  collectedThisYear: 4_500_000,
  outstanding: 300_000,
  overdue: 300_000,
  overdueCount: 1,
  proofsToVerify: 1,
};

/** The dues API at the network boundary: the statements given, the figures, and every call kept. */
function stubDuesApi(
  statements: DuesStatementView[],
  write: (call: Call) => Response,
  read: (call: Call) => Response | undefined = () => undefined,
) {
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
      if (call.method !== 'GET') return write(call);
      const answer = read(call);
      if (answer) return answer;
      if (call.url.pathname.endsWith('/dues/summary')) return json({ data: SUMMARY });
      if (call.url.pathname.endsWith('/dues/settings')) return json({ data: {} });
      return json(duesList(statements));
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminDuesPage (/admin/dues)', () => {
  it('issues the semester statements as a run it follows: how far it has come, then what it issued', async () => {
    const run = {
      id: '7d0f5c1e-0000-4000-8000-000000000001',
      scheduledFor: '2026-12-02T02:00:00.000Z',
      startedAt: '2026-12-02T02:00:00.000Z',
      finishedAt: null,
      outcome: 'running',
      trigger: 'admin',
      summary: null,
      error: null,
    };
    let reads = 0;
    const calls = stubDuesApi(
      [],
      () => json({ data: run }, 202),
      (call) => {
        if (!call.url.pathname.endsWith(`/dues/statements/issue-due/${run.id}`)) return undefined;
        reads += 1;
        return reads === 1
          ? json({ data: { ...run, summary: { issued: 40, looked: 340, of: 1000 } } })
          : json({ data: { ...run, outcome: 'succeeded', summary: { issued: 120, date: '2026-12-02' } } });
      },
    );
    const user = userEvent.setup();
    renderWithRouter(<AdminDuesPage />, { path: '/admin/dues' });
    await user.click(await screen.findByRole('button', { name: 'Issue semester statements due' }));
    expect(await screen.findByText(/340 of 1,000 memberships looked at/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Issuing statements…' })).toBeDisabled();
    expect(await screen.findByText('120 statements issued and e-mailed.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    expect(await screen.findByRole('button', { name: 'Issue semester statements due' })).toBeEnabled();
  });

  it('shows the figures and the statements, and filters by the figure clicked', async () => {
    const calls = stubDuesApi([makeStatement({ billedName: 'Jose Mendoza', overdue: true })], () => json({}));
    renderWithRouter(<AdminDuesPage />, { path: '/admin/dues' });
    expect(await screen.findByText('₱45,000.00')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Statements' });
    expect(within(table).getByText('Jose Mendoza')).toBeVisible();
    expect(within(table).getByText('Overdue')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: /Proofs to verify/ }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get('status') === 'proof_to_verify')).toBe(true),
    );
  });

  it('records a payment in centavos and shows the amount refused by the server on its field', async () => {
    const statement = makeStatement({ billedName: 'Jose Mendoza' });
    let attempts = 0;
    const calls = stubDuesApi([statement], () => {
      attempts += 1;
      return attempts === 1
        ? json({ error: 'The amount is more than the balance of ₱3,000.00', field: 'amount' }, 400)
        : json({ data: { ...statement, status: 'paid', balance: 0 } }, 201);
    });
    const user = userEvent.setup();
    renderWithRouter(<AdminDuesPage />, { path: '/admin/dues' });
    await user.click(
      (
        await screen.findAllByRole('button', { name: `Record a payment on ${statement.number}` })
      )[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    await user.selectOptions(within(dialog).getByLabelText('Payment method *'), 'Cash');
    const amount = within(dialog).getByLabelText('Amount (₱) *');
    await user.clear(amount);
    await user.type(amount, '3,000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('The amount is more than the balance of ₱3,000.00')).toBeVisible();
    await user.clear(amount);
    await user.type(amount, '1,500.50');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await screen.findByText('Payment recorded');
    const sent = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(sent[1]).toMatchObject({ method: 'Cash', amount: 150_050, overpayment: false });
  });

  it('asks for a reason before voiding a statement', async () => {
    const statement = makeStatement();
    const calls = stubDuesApi([statement], () => json({ data: { ...statement, status: 'void' } }));
    const user = userEvent.setup();
    renderWithRouter(<AdminDuesPage />, { path: '/admin/dues' });
    await user.click(
      (await screen.findAllByRole('button', { name: `Void ${statement.number}` }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('alertdialog', { name: `Void ${statement.number}` });
    await user.click(within(dialog).getByRole('button', { name: 'Void statement' }));
    expect(await within(dialog).findByText('A reason is required')).toBeVisible();
    await user.type(within(dialog).getByLabelText('Reason *'), 'Issued twice');
    await user.click(within(dialog).getByRole('button', { name: 'Void statement' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Issued twice' }),
    );
  });

  it('issues a draft from its row, and says the number it got', async () => {
    const draft = makeStatement({ number: null, status: 'draft', billedName: 'Ana Cruz' });
    const calls = stubDuesApi([draft], () =>
      json({ data: { ...draft, status: 'issued', number: 'SOA-2026-000120' } }),
    );
    const user = userEvent.setup();
    renderWithRouter(<AdminDuesPage />, { path: '/admin/dues' });
    expect((await screen.findAllByText('Draft · Individual'))[0]).toBeVisible();
    await user.click(
      (await screen.findAllByRole('button', { name: 'Issue the draft for Ana Cruz' }))[0] as HTMLElement,
    );
    expect(await screen.findByText('SOA-2026-000120 issued and e-mailed to the member.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.url.pathname).toBe(
      `/api/dues/statements/${draft.id}/issue`,
    );
  });
});
