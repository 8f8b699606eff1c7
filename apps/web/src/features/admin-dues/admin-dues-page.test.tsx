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
function stubDuesApi(statements: DuesStatementView[], write: (call: Call) => Response) {
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
      if (call.url.pathname.endsWith('/dues/summary')) return json({ data: SUMMARY });
      if (call.url.pathname.endsWith('/dues/settings')) return json({ data: {} });
      return json(duesList(statements));
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AdminDuesPage (/admin/dues)', () => {
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
