import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { json } from '../test-fixtures';
import { RegistrationsPanel } from './registrations-panel';

afterEach(() => {
  vi.unstubAllGlobals();
});

const eventId = '20000000-0000-4000-8000-000000000001';
const registration = (username: string, status: 'pending' | 'approved' | 'rejected', n: number) => ({
  id: `30000000-0000-4000-8000-00000000000${n}`,
  userId: `40000000-0000-4000-8000-00000000000${n}`,
  eventId,
  status,
  created_at: '2026-11-01T00:00:00.000Z',
  profiles: { id: `40000000-0000-4000-8000-00000000000${n}`, username },
});

function renderPanel(answer: () => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return answer();
    }),
  );
  const callbacks = { onDecided: vi.fn(), onFailed: vi.fn() };
  renderWithRouter(
    <RegistrationsPanel
      eventId={eventId}
      registrations={[registration('mlsantos', 'pending', 1), registration('preyes', 'approved', 2)]}
      pendingCount={1}
      {...callbacks}
    />,
  );
  return { bodies, ...callbacks };
}

describe('RegistrationsPanel (spec 001 §2, §4, §8)', { timeout: 20_000 }, () => {
  it('offers Approve and Reject for pending registrations only, with the pending count', () => {
    renderPanel(() => json({}));
    expect(screen.getByText('1 pending')).toBeVisible();
    const pending = screen.getByText('mlsantos', { selector: 'p' }).closest('li') as HTMLElement;
    const approved = screen.getByText('preyes', { selector: 'p' }).closest('li') as HTMLElement;
    expect(within(pending).getByRole('button', { name: 'Approve mlsantos' })).toBeVisible();
    expect(within(pending).getByRole('button', { name: 'Reject mlsantos' })).toBeVisible();
    expect(within(approved).queryAllByRole('button')).toEqual([]);
  });

  it('sends status, userId and eventId and says "User registration approved successfully!"', async () => {
    const { bodies, onDecided } = renderPanel(() => json({ data: {} }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve mlsantos' }));
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith('User registration approved successfully!'));
    expect(bodies[0]).toEqual({
      eventId,
      userId: '40000000-0000-4000-8000-000000000001',
      status: 'approved',
    });
  });

  it('says "Failed to update user registration status." when the server refuses', async () => {
    const { onFailed, onDecided } = renderPanel(() => json({ error: 'nope' }, 409));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reject mlsantos' }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith('Failed to update user registration status.'));
    expect(onDecided).not.toHaveBeenCalled();
  });
});
