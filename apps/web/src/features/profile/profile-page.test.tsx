import {
  CONSENT_LABELS,
  CONSENT_PURPOSES,
  CURRENT_NOTICE_VERSION,
  type DuesStatementView,
  type MyEvents,
  PRIVACY_MESSAGES,
  PRIVACY_REQUEST_MESSAGES,
  VOTING_SUSPENDED_TEXT,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { ProfilePage } from './profile-page';
import { duesList, json, makeCard, makeMembership, makeStatement, makeUserData } from './test-fixtures';

type Call = { url: string; init?: RequestInit };
/** The statements GET /dues/statements answers with. */
let statements: DuesStatementView[] = [];
const myEvents: MyEvents = {
  registrations: [
    {
      registration_id: '00000000-0000-4000-8000-0000000000e1',
      event: {
        id: '00000000-0000-4000-8000-0000000000e2',
        title: 'Philippine Mineral Exploration Forum',
        start_date: '2026-12-18',
        end_date: '2026-12-19',
        start_time: '08:00:00',
        location_name: 'Makati Shangri-La',
        status: 'published',
        certification_provided: true,
      },
      name: 'Maria Santos',
      tier_name: 'Guest / non-member',
      status: 'approved',
      payment: 'paid',
      has_ticket: true,
      ticket_version: 1,
      check_ins: [],
    },
  ],
  staff_events: [],
};

let privacyRequests: object[] = [];

function stubApi(handler: (call: Call) => Response) {
  privacyRequests = [];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url: String(url), init };
      calls.push(call);
      // The Dues section reads the member's statements beside the profile.
      if (call.url.includes('/dues/statements') && (init?.method ?? 'GET') === 'GET')
        return json(duesList(statements));
      // My events lists the person's registrations and tickets.
      if (call.url.endsWith('/events/my-registrations')) return json({ data: myEvents });
      if (call.url.includes('/events/registrations/') && init?.method === 'POST') {
        const renewed = { ...myEvents.registrations[0], ticket_version: 2 };
        return json({ data: renewed });
      }
      // The card section reads the card of a member in good standing.
      if (call.url.endsWith('/members/card') && (init?.method ?? 'GET') === 'GET')
        return json({ data: makeCard() });
      // "Correct or delete your data" reads the person's requests and sends new ones.
      if (call.url.endsWith('/me/privacy-requests')) return json({ data: privacyRequests });
      if (call.url.endsWith('/me/erasure-requests') && init?.method === 'POST') {
        const request = {
          id: '3f0d6c6e-8a43-4d39-9a55-2d4c1f9e0a11',
          kind: 'erasure',
          status: 'open',
          field: null,
          details: JSON.parse(String(init.body)).reason,
          requestedAt: '2026-12-03T02:00:00.000Z',
          dueOn: '2027-01-02',
          resolvedAt: null,
          answer: null,
        };
        privacyRequests.push(request);
        return json({ data: request }, 201);
      }
      // The CPD section reads the person's certified events and PRC details.
      if (call.url.endsWith('/cpd/my-events')) return json({ data: [] });
      if (call.url.endsWith('/cpd/prc-details') && (init?.method ?? 'GET') === 'GET')
        return json({ data: { details: null, suggested_prc_number: null } });
      // "Where you're signed in" lists this one session.
      if (call.url.endsWith('/auth/sessions'))
        return json({
          data: [
            {
              id: '00000000-0000-4000-8000-0000000000aa',
              userAgent: null,
              ip: '127.0.0.1',
              createdAt: '2026-12-01T00:00:00.000Z',
              lastUsedAt: '2026-12-01T00:00:00.000Z',
              current: true,
            },
          ],
        });
      return handler(call);
    }),
  );
  return calls;
}

beforeEach(() => {
  statements = [];
  useSessionStore.setState({
    user: { id: '00000000-0000-4000-8000-000000000000', username: 'northern_gold' },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null });
});

describe('ProfilePage (spec 000 §2 "Profile")', () => {
  it('shows the logo, name, type, About, representatives by Voting and Other, contact details and memberships', async () => {
    const expired = makeMembership({
      category: 'Associate',
      standing: 'expired',
      startsAt: '2024-01-01T00:00:00.000Z',
      expiresAt: '2025-01-01T00:00:00.000Z',
      paidThrough: '2024-12-31',
    });
    const rejected = makeMembership({
      status: 'rejected',
      standing: 'rejected',
      startsAt: null,
      expiresAt: null,
    });
    const pending = makeMembership({
      status: 'pending',
      standing: 'pending',
      startsAt: null,
      expiresAt: null,
    });
    stubApi(() => json(makeUserData({}, { membershipData: [pending, makeMembership(), expired, rejected] })));
    renderWithRouter(<ProfilePage />, { path: '/profile' });

    expect(await screen.findByText('northern_gold', { selector: 'p' })).toBeVisible();
    expect(screen.getByText('Company', { selector: 'p' })).toBeVisible();
    expect(screen.getByText('Gold exploration in Northern Luzon.')).toBeVisible();

    const reps = screen.getByRole('region', { name: 'Company Representatives' });
    expect(within(reps).getByRole('heading', { name: 'Voting' })).toBeVisible();
    expect(within(reps).getByRole('heading', { name: 'Other' })).toBeVisible();
    expect(within(reps).getByText('Ana Cruz')).toBeVisible();
    expect(within(reps).getByText('Ben Sy')).toBeVisible();

    const contact = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByText('+63 2 8123 4568')).toBeVisible();

    const memberships = screen.getByRole('region', { name: 'Membership Details' });
    expect(within(memberships).getByText('Pending')).toBeVisible();
    expect(within(memberships).getByText('Active until January 31, 2027')).toBeVisible();
    expect(within(memberships).getByText('Rejected')).toBeVisible();
    expect(within(memberships).getByText('Period: February 1, 2026 – January 31, 2027')).toBeVisible();
    // Expired ones wait behind the toggle.
    expect(within(memberships).getByText('Expired')).not.toBeVisible();
    await userEvent
      .setup()
      .click(within(memberships).getByRole('button', { name: 'Show expired memberships (1)' }));
    expect(within(memberships).getByText('Expired')).toBeVisible();

    expect(screen.getByRole('link', { name: 'Manage Company Representatives' })).toHaveAttribute(
      'href',
      '/profile/representatives',
    );
  });

  it('heads the profile with the name the account goes by, the username under it, and the membership standing', async () => {
    const renewal = makeMembership({
      status: 'pending',
      standing: 'pending',
      startsAt: null,
      expiresAt: null,
    });
    stubApi(() => json(makeUserData({}, { membershipData: [renewal, makeMembership()] })));
    renderWithRouter(<ProfilePage />, { path: '/profile' });

    const name = await screen.findByText('Northern Gold Exploration Corporation', { selector: 'p' });
    const headline = name.parentElement as HTMLElement;
    expect(within(headline).getByText('northern_gold')).toBeVisible();
    // The membership in force heads the profile, not the pending renewal after it.
    expect(within(headline).getByText('Active until January 31, 2027')).toBeVisible();
    expect(within(headline).queryByText('Pending')).toBeNull();
    const account = screen.getByRole('region', { name: 'Account Details' });
    expect(within(account).getByText('Sign-in enabled')).toBeVisible();
  });

  it.each([
    ['awaiting_payment', 'Awaiting payment'],
    ['overdue', 'Overdue'],
    ['lapsed', 'Lapsed'],
    ['pending', 'Pending'],
  ] as const)('heads the profile with a %s membership as %s', async (standing, label) => {
    stubApi(() => json(makeUserData({}, { membershipData: [makeMembership({ standing })] })));
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const name = await screen.findByText('Northern Gold Exploration Corporation', { selector: 'p' });
    expect(within(name.parentElement as HTMLElement).getByText(label)).toBeVisible();
  });

  it('offers an account without a membership its application, and says when sign-in is disabled', async () => {
    stubApi(() =>
      json(
        makeUserData(
          { type: 'user', registeredName: null, displayName: 'northern_gold', status: 'inactive' },
          { membershipData: [], companyReps: [] },
        ),
      ),
    );
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const name = await screen.findByText('northern_gold', { selector: 'p' });
    expect(
      within(name.parentElement as HTMLElement).getByRole('link', {
        name: 'Complete your membership application',
      }),
    ).toHaveAttribute('href', '/user-forms');
    const account = screen.getByRole('region', { name: 'Account Details' });
    expect(within(account).getByText('Sign-in disabled')).toBeVisible();
  });

  it('says who votes for a company in good standing', async () => {
    stubApi(() => json(makeUserData({}, { membershipData: [makeMembership({ standing: 'active' })] })));
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const reps = await screen.findByRole('region', { name: 'Company Representatives' });
    expect(
      await within(reps).findByText('Voting rights: active — Ana Cruz votes for the company'),
    ).toBeVisible();
  });

  it("says the company's vote is suspended while its dues are unpaid", async () => {
    stubApi(() =>
      json(
        makeUserData(
          {},
          { membershipData: [makeMembership({ standing: 'awaiting_payment', startsAt: null })] },
        ),
      ),
    );
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const reps = await screen.findByRole('region', { name: 'Company Representatives' });
    expect(await within(reps).findByText(VOTING_SUSPENDED_TEXT)).toBeVisible();
    expect(within(reps).getAllByText(VOTING_SUSPENDED_TEXT)).toHaveLength(1);
  });

  it('hides a logo that fails to load, showing the initials instead', async () => {
    stubApi(() => json(makeUserData()));
    const { container } = renderWithRouter(<ProfilePage />, { path: '/profile' });
    await screen.findByText('Gold exploration in Northern Luzon.');
    const logo = container.querySelector('img[src="/uploads/logo.webp"]') as HTMLImageElement;
    expect(logo).not.toBeNull();
    logo.dispatchEvent(new Event('error'));
    await waitFor(() => expect(container.querySelector('img[src="/uploads/logo.webp"]')).toBeNull());
    expect(container.querySelector('[data-initials-tile]')).not.toBeNull();
  });

  it('offers an individual no representatives', async () => {
    stubApi(() => json(makeUserData({ type: 'individual', logoUrl: null }, { companyReps: [] })));
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    await screen.findByText('Individual', { selector: 'p' });
    expect(screen.queryByRole('link', { name: 'Manage Company Representatives' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Company Representatives' })).toBeNull();
  });

  it("says 'Unable to load profile data' when the profile cannot be read", async () => {
    stubApi(() => json({ error: 'Boom' }, 500));
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    expect(await screen.findByText('Unable to load profile data')).toBeVisible();
  });

  it("'Update Profile' sends the fields and the logo, and shows a refusal on its field", async () => {
    let attempt = 0;
    const calls = stubApi(({ url }) => {
      if (url.includes('/update-profile')) {
        attempt++;
        if (attempt === 1) {
          return json(
            { error: 'This username is already taken', code: 'username_taken', field: 'username' },
            409,
          );
        }
        return json({
          data: {
            profile: {
              ...makeUserData().data,
              username: 'golden_north',
              displayName: 'Golden North Mining',
            },
          },
        });
      }
      return json(makeUserData());
    });
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    // The dialog is a chunk of its own, loaded with the first click.
    const dialog = await screen.findByRole('dialog', { name: 'Update Profile' });
    const username = within(dialog).getByLabelText('Username *');
    await user.clear(username);
    await user.type(username, 'taken_name');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('This username is already taken')).toBeVisible();

    await user.clear(username);
    await user.type(username, 'golden_north');
    const logo = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
      'logo.png',
      {
        type: 'image/png',
      },
    );
    await user.upload(within(dialog).getByLabelText('Company logo'), logo);
    await within(dialog).findByText(/New image: logo.png/);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Profile' })).toBeNull());

    const sent = calls.filter((call) => call.url.includes('/update-profile')).at(-1)?.init?.body as FormData;
    expect(sent.get('username')).toBe('golden_north');
    expect(sent.get('facsimile')).toBe('+63 2 8123 4568');
    expect(sent.get('logo')).toBe(logo);
    expect(sent.has('type')).toBe(false);
    expect(useSessionStore.getState().user?.username).toBe('golden_north');
    // The header and the dashboard read the new name at once (docs/product-rules.md "Names").
    expect(useSessionStore.getState().user?.displayName).toBe('Golden North Mining');
    // Refreshed in place rather than reloaded (docs/product-rules.md "Where we differ from the
    // specification"): the page is still the one open.
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeVisible();
  });

  it("shows 'Error updating profile' when the save fails without naming a field", async () => {
    stubApi(({ url }) =>
      url.includes('/update-profile') ? json({ error: 'Server trouble' }, 500) : json(makeUserData()),
    );
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Error updating profile')).toBeVisible();
  });

  it('changes the password with the current one, and shows a wrong current password on its field', async () => {
    const calls = stubApi(({ url }) => {
      if (url.includes('/change-password')) {
        const count = calls.filter((call) => call.url.includes('/change-password')).length;
        return count === 1
          ? json({ error: 'The current password is incorrect', field: 'currentPassword' }, 400)
          : json({ data: { message: 'Your password has been changed.' } });
      }
      return json(makeUserData());
    });
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'old-one');
    await user.type(within(form).getByLabelText('New password'), 'Brand-New-Pass-8');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Brand-New-Pass-8');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('The current password is incorrect')).toBeVisible();

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'Correct-Horse-9');
    await user.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeVisible();
    const sent = calls.filter((call) => call.url.includes('/change-password')).at(-1);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      currentPassword: 'Correct-Horse-9',
      newPassword: 'Brand-New-Pass-8',
    });
  });

  it('asks for an e-mail change and says where the link went; the link back says it worked', async () => {
    stubApi(({ url }) =>
      url.includes('/change-email')
        ? json({ data: { message: 'We have sent a confirmation link to new@example.com.' } })
        : json(makeUserData()),
    );
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Change email address' });
    await user.type(within(form).getByLabelText('New email address'), 'new@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'Correct-Horse-9');
    await user.click(within(form).getByRole('button', { name: 'Send Confirmation Link' }));
    expect(await screen.findByText('We have sent a confirmation link to new@example.com.')).toBeVisible();
  });

  it('lists the dues with what to pay, and sends a proof of payment with its file', async () => {
    const statement = makeStatement();
    statements = [statement];
    let sent: FormData | undefined;
    stubApi((call) => {
      if (call.url.endsWith(`/dues/statements/${statement.id}/proof`)) {
        sent = call.init?.body as FormData;
        return json({ data: statement }, 201);
      }
      return json(makeUserData());
    });
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const dues = await screen.findByRole('region', { name: 'Dues' });
    expect(await within(dues).findByText('BDO 0012-3456-7890')).toBeVisible();
    expect(within(dues).getAllByText('₱3,000.00', { selector: 'dd' })).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(within(dues).getByRole('button', { name: 'Upload proof of payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload proof of payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Send proof' }));
    expect(await within(dialog).findByText('Payment method is required')).toBeVisible();
    await user.selectOptions(within(dialog).getByLabelText('Payment method *'), 'GCash');
    await user.click(within(dialog).getByRole('button', { name: 'Send proof' }));
    expect(await within(dialog).findByText('Attach the proof of payment (an image or a PDF)')).toBeVisible();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Proof of payment *'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Send proof' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent?.get('amount')).toBe('300000');
    expect(sent?.get('method')).toBe('GCash');
    expect((sent?.get('file') as File | null)?.name).toBe('receipt.png');
    expect(await screen.findByText('Proof sent')).toBeVisible();
  });
});

describe('ProfilePage privacy and consent (docs/product-rules.md "Privacy")', () => {
  const consentsWith = (given: Record<string, boolean>) => ({
    currentNoticeVersion: CURRENT_NOTICE_VERSION,
    acceptedNoticeVersion: CURRENT_NOTICE_VERSION,
    consents: CONSENT_PURPOSES.map((purpose) => ({
      purpose,
      given: purpose === 'privacy_notice' || given[purpose] === true,
      noticeVersion: CURRENT_NOTICE_VERSION,
      source: 'registration',
      recordedAt: '2026-12-01T02:00:00.000Z',
    })),
  });

  it('withdraws and gives each consent with one click, saved at once, and names the notice accepted', async () => {
    const given: Record<string, boolean> = { announcements_email: true };
    const calls = stubApi(({ url, init }) => {
      const change = /\/me\/consents\/(\w+)$/.exec(url);
      if (change && init?.method === 'PUT') {
        given[change[1] as string] = JSON.parse(String(init.body)).given;
        return json({ data: consentsWith(given) });
      }
      if (url.endsWith('/me/consents')) return json({ data: consentsWith(given) });
      return json(makeUserData());
    });
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: PRIVACY_MESSAGES.sectionTitle });
    expect(
      await within(section).findByText(
        PRIVACY_MESSAGES.noticeAcceptedOn(CURRENT_NOTICE_VERSION, 'December 1, 2026'),
        {
          exact: false,
        },
      ),
    ).toBeVisible();
    const announcements = within(section).getByRole('checkbox', {
      name: CONSENT_LABELS.announcements_email.label,
    });
    const directory = within(section).getByRole('checkbox', { name: CONSENT_LABELS.member_directory.label });
    expect(announcements).toBeChecked();
    expect(directory).not.toBeChecked();
    expect(announcements).toHaveAccessibleDescription(CONSENT_LABELS.announcements_email.hint);

    await user.click(announcements);
    await waitFor(() => expect(announcements).not.toBeChecked());
    expect(await within(section).findByText(PRIVACY_MESSAGES.saved)).toBeVisible();
    const put = calls.find((call) => call.url.endsWith('/me/consents/announcements_email'));
    expect(put?.init?.method).toBe('PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ given: false });

    await user.click(directory);
    await waitFor(() => expect(directory).toBeChecked());
    expect(given.member_directory).toBe(true);
  });

  it('a failed save puts the box back and says so', async () => {
    stubApi(({ url, init }) => {
      if (init?.method === 'PUT') return json({ error: 'Service unavailable' }, 503);
      if (url.endsWith('/me/consents')) return json({ data: consentsWith({}) });
      return json(makeUserData());
    });
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: PRIVACY_MESSAGES.sectionTitle });
    const box = await within(section).findByRole('checkbox', { name: CONSENT_LABELS.cpd_prc_report.label });
    await user.click(box);
    expect(await screen.findByText(PRIVACY_MESSAGES.saveFailed)).toBeVisible();
    await waitFor(() => expect(box).not.toBeChecked());
  });
});

describe('My events', () => {
  it('shows each registration with its ticket, and "Get a new ticket" asks first and loads the new one', async () => {
    const calls = stubApi(() => json(makeUserData()));
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const section = await screen.findByRole('region', { name: 'My events' });
    expect(await within(section).findByText('Philippine Mineral Exploration Forum')).toBeInTheDocument();
    expect(within(section).getByText('Paid')).toBeInTheDocument();
    // A certified event points to where its evaluation and certificate are.
    expect(within(section).getByRole('link', { name: 'Evaluation and certificate' })).toHaveAttribute(
      'href',
      '#cpd',
    );
    const ticket = within(section).getByRole('img', {
      name: /Ticket for Philippine Mineral Exploration Forum/,
    });
    expect(ticket).toHaveAttribute('src', expect.stringContaining('/ticket.png?v=1'));
    await userEvent.click(within(section).getByRole('button', { name: 'Get a new ticket' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get a new ticket' }));
    await waitFor(() => expect(ticket).toHaveAttribute('src', expect.stringContaining('/ticket.png?v=2')));
    expect(calls.some((call) => call.init?.method === 'POST' && call.url.endsWith('/ticket'))).toBe(true);
  });
});

describe('ProfilePage "Delete my account" (docs/decisions/068)', () => {
  it('asks for the reason, shows what is erased and kept, sends it and then says by when it is answered', async () => {
    const calls = stubApi(() => json(makeUserData()));
    renderWithRouter(<ProfilePage />, { path: '/profile' });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Correct or delete your data' });
    await user.click(
      await within(section).findByRole('button', { name: PRIVACY_REQUEST_MESSAGES.closeTitle }),
    );
    const dialog = await screen.findByRole('dialog', { name: PRIVACY_REQUEST_MESSAGES.closeTitle });
    expect(within(dialog).getByText(PRIVACY_REQUEST_MESSAGES.keptHeading)).toBeVisible();
    expect(within(dialog).getByText('Statements of account')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: PRIVACY_REQUEST_MESSAGES.askErasure }));
    expect(await within(dialog).findByText(PRIVACY_REQUEST_MESSAGES.reasonRequired)).toBeVisible();
    expect(calls.some((call) => call.url.endsWith('/me/erasure-requests'))).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Reason/), 'Leaving the industry');
    await user.click(within(dialog).getByRole('button', { name: PRIVACY_REQUEST_MESSAGES.askErasure }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/me/erasure-requests'))?.init?.body).toBe(
        JSON.stringify({ reason: 'Leaving the industry' }),
      ),
    );
    expect(
      await within(section).findByText(
        PRIVACY_REQUEST_MESSAGES.requestedErasure('December 3, 2026', 'January 2, 2027'),
      ),
    ).toBeVisible();
    expect(within(section).queryByRole('button', { name: PRIVACY_REQUEST_MESSAGES.closeTitle })).toBeNull();
  });
});
