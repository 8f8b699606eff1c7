import { ADMIN_USER_MESSAGES, APPLICATION_REVIEW_MESSAGES, type MembershipApplication } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { json, makeMembership } from '../test-fixtures';
import { ApplicationReviewDialog, summarizeDecisions } from './application-review-dialog';

type Call = { method: string; path: string; body: unknown };

const membership = makeMembership({ category: 'Regular' });
const application: MembershipApplication = {
  membership,
  applicant: {
    id: membership.userId,
    username: 'mincopper',
    email: 'office@mincopper.ph',
    phone: '+63 2 8123 4567',
    facsimile: null,
    address: '12, Ayala Avenue, Makati, 1226',
    about: 'Gold and copper exploration in Mindanao.',
    firstName: null,
    middleName: null,
    lastName: null,
    suffix: null,
    registeredName: 'Mindanao Copper Exploration, Inc.',
    tradeName: null,
    tin: '123-456-789-000',
    billingAddress: null,
    billingEmail: 'billing@mincopper.ph',
    type: 'company',
    status: 'active',
    avatarUrl: null,
    logoUrl: '/uploads/logo.webp',
    created_at: '2026-11-18T00:00:00.000Z',
  },
  representatives: [
    {
      id: '00000000-0000-4000-8000-00000000aa01',
      firstName: 'Ana',
      lastName: 'Cruz',
      preferredName: 'Annie',
      position: 'President',
      email: null,
      type: 'voting',
      avatarUrl: null,
      created_at: '2026-11-18T00:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-00000000aa02',
      firstName: 'Ben',
      lastName: 'Reyes',
      preferredName: null,
      position: 'Chief Geologist',
      email: null,
      type: 'non-voting',
      avatarUrl: null,
      created_at: '2026-11-18T00:00:00.000Z',
    },
  ],
};

/** The API at the network boundary: the application, and `decision` for POST /memberships/decisions. */
function stubApi(decision: (call: Call) => Response = (call) => decided(call, 'approved')) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: new URL(input, 'http://localhost').pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      return call.method === 'POST' ? decision(call) : json({ data: application });
    }),
  );
  return calls;
}
const decided = (_call: Call, outcome: string) =>
  json({ data: { results: [{ id: membership.id, outcome }] } });

function renderPanel() {
  const props = { onClose: vi.fn(), onDecided: vi.fn(), onFailed: vi.fn() };
  renderWithRouter(<ApplicationReviewDialog membershipId={membership.id} {...props} />);
  return props;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ApplicationReviewDialog', () => {
  it('shows what the applicant submitted: contact, address, about, billing, logo and representatives', async () => {
    const calls = stubApi();
    renderPanel();
    const panel = await screen.findByRole('dialog', { name: 'Review application' });
    expect(
      await within(panel).findByText('Mindanao Copper Exploration, Inc.', { selector: 'p' }),
    ).toBeVisible();
    expect(calls[0]?.path).toBe(`/api/memberships/application/${membership.id}`);
    expect(within(panel).getByText('Regular membership · applied November 18, 2026')).toBeVisible();
    const contact = within(panel).getByRole('region', { name: 'Contact' });
    expect(within(contact).getByText('office@mincopper.ph')).toBeVisible();
    expect(within(contact).getByText('+63 2 8123 4567')).toBeVisible();
    expect(within(contact).getByText('12, Ayala Avenue, Makati, 1226')).toBeVisible();
    expect(within(panel).getByText('Gold and copper exploration in Mindanao.')).toBeVisible();
    expect(within(panel).getByRole('region', { name: 'Billing' })).toHaveTextContent('123-456-789-000');
    expect(panel.querySelector('img[src="/uploads/logo.webp"]')).not.toBeNull();
    const reps = within(within(panel).getByRole('region', { name: 'Representatives' })).getAllByRole(
      'listitem',
    );
    expect(reps.map((rep) => rep.textContent)).toEqual([
      expect.stringMatching(/Ana Cruz \(Annie\)President.*Voting/),
      expect.stringMatching(/Ben ReyesChief Geologist.*Non-voting/),
    ]);
  });

  it('approves through the decisions call and says so with the memberships message', async () => {
    const calls = stubApi();
    const props = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(props.onDecided).toHaveBeenCalledWith(ADMIN_USER_MESSAGES.membershipUpdated));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/memberships/decisions',
      body: { ids: [membership.id], status: 'approved' },
    });
    expect(props.onClose).toHaveBeenCalled();
  });

  it('rejects only with a reason, which it sends', async () => {
    const calls = stubApi((call) => decided(call, 'rejected'));
    const props = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Reject application' });
    expect(within(ask).getByText('Mindanao Copper Exploration, Inc., Regular membership')).toBeVisible();
    await user.click(within(ask).getByRole('button', { name: 'Reject application' }));
    expect(within(ask).getByText(APPLICATION_REVIEW_MESSAGES.reasonRequired)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(
      within(ask).getByRole('textbox', { name: 'Reason *' }),
      'Send a current SEC certificate.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Reject application' }));
    await waitFor(() => expect(props.onDecided).toHaveBeenCalledWith(ADMIN_USER_MESSAGES.membershipUpdated));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      ids: [membership.id],
      status: 'rejected',
      reason: 'Send a current SEC certificate.',
    });
  });

  it('says when another administrator decided the application first', async () => {
    stubApi((call) => decided(call, 'already_decided'));
    const props = renderPanel();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(props.onFailed).toHaveBeenCalledWith(
        ADMIN_USER_MESSAGES.membershipUpdateFailed,
        APPLICATION_REVIEW_MESSAGES.alreadyDecided,
      ),
    );
    expect(props.onDecided).not.toHaveBeenCalled();
  });
});

describe('summarizeDecisions', () => {
  it('counts what was decided and says why the rest were not', () => {
    const id = (n: number) => `id-${n}`;
    expect(
      summarizeDecisions(
        [
          { id: id(1), outcome: 'approved' },
          { id: id(2), outcome: 'approved' },
        ],
        'approved',
      ),
    ).toEqual({ text: '2 applications approved.', detail: undefined, complete: true });
    expect(
      summarizeDecisions(
        [
          { id: id(1), outcome: 'rejected' },
          { id: id(2), outcome: 'already_decided' },
          { id: id(3), outcome: 'not_found' },
        ],
        'rejected',
      ),
    ).toEqual({
      text: '1 application rejected.',
      detail:
        '1 application had already been decided by another administrator and was left as it was. 1 application no longer exists.',
      complete: false,
    });
  });
});
