import {
  IMAGE_MESSAGES,
  PENDING_MEMBERSHIP_KEY,
  PREFERRED_PACKAGE_KEY,
  PRIVACY_MESSAGES,
  type Representative,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { json, makeMembership, makeProfile } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { MembershipApplicationPage } from './membership-application-page';

const applicant = makeProfile({
  type: 'user',
  isNew: true,
  username: 'minerva',
  email: 'minerva@example.ph',
});

/** The form call's answer, and the multipart bodies sent. */
function stubSubmit(answer: () => Response) {
  const bodies: FormData[] = [];
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      urls.push(String(url));
      if (init?.body instanceof FormData) bodies.push(init.body);
      return answer();
    }),
  );
  return { bodies, urls };
}

const submitted = () =>
  json({
    data: {
      profile: {
        ...applicant,
        type: 'company',
        isNew: false,
        memberships: [makeMembership({ status: 'pending', category: 'Associate' })],
      },
    },
  });

function renderPage() {
  renderWithRouter(<MembershipApplicationPage />, { path: '/user-forms' });
  return userEvent.setup();
}

/**
 * Next; on Personal Info the name every applicant must give (decision 056) is typed first where it
 * is blank, so each test fills only what it is about.
 */
async function next(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of [
    ['Registered company name', 'Minerva Exploration Corp.'],
    ['First name', 'Minerva'],
    ['Last name', 'Santos'],
  ] as const) {
    const field = screen.queryByLabelText(label) as HTMLInputElement | null;
    if (field && !field.value) await user.type(field, value);
  }
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().setUser({
    id: applicant.id,
    username: applicant.username,
    email: applicant.email,
    type: 'user',
    role: 'member',
    isNew: true,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().clearUser();
});

describe('/user-forms (spec 000 §2, §4, §8)', () => {
  it('prefills a company in the plan chosen with Select Plan, with 4 steps', async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Regular');
    renderPage();
    expect(screen.getByRole('radio', { name: 'A company' })).toBeChecked();
    expect(screen.getByLabelText('Membership category *')).toHaveValue('Regular');
    const progress = screen.getByRole('navigation', { name: 'Form progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Membership Type', '2Personal Info', '3Representatives', '4Submit']);
  });

  it('has 3 steps for an individual, whose category is Individual', async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Associate');
    const user = renderPage();
    await user.click(screen.getByRole('radio', { name: 'An individual' }));
    expect(screen.getByText('Individual', { selector: 'strong' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('asks for a type before moving on', async () => {
    const user = renderPage();
    await next(user);
    expect(screen.getByText('Please choose individual or company membership')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Membership Type' })).toBeVisible();
  });

  it('shows username and e-mail read-only and keeps what was typed on Back', async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Individual');
    const user = renderPage();
    await next(user);
    expect(screen.getByLabelText('Username')).toHaveValue('minerva');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Facsimile'), '+63 2 555 0101');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await next(user);
    expect(screen.getByLabelText('Facsimile')).toHaveValue('+63 2 555 0101');
  });

  it('keeps the representative rules: names required, one voting, Associate up to 2', async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Associate');
    const user = renderPage();
    await next(user);
    await next(user);
    expect(screen.getByRole('heading', { name: 'Representatives' })).toBeVisible();
    await next(user);
    expect(screen.getByText('First name is required')).toBeVisible();
    expect(screen.getByText('Last name is required')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add Representative' }));
    expect(screen.getByRole('button', { name: 'Add Representative' })).toBeDisabled();
    const second = screen.getByRole('group', { name: 'Representative 2' });
    expect(within(second).getByLabelText('Type')).toHaveValue('non-voting');
    expect(within(second).getByRole('option', { name: 'Voting (already chosen)' })).toBeDisabled();
    const first = screen.getByRole('group', { name: 'Representative 1' });
    expect(within(first).getByLabelText('Type')).toHaveValue('voting');
    expect(within(first).getByRole('option', { name: 'Voting' })).toBeEnabled();
  });

  it('checks a field again as soon as it changes after a failed Next', async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Regular');
    const user = renderPage();
    await next(user);
    await next(user);
    await next(user);
    const first = screen.getByRole('group', { name: 'Representative 1' });
    expect(within(first).getByText('First name is required')).toBeVisible();
    expect(within(first).getByText('Last name is required')).toBeVisible();

    // No message stays under a field once it is filled, nor comes back before the next Next.
    await user.type(within(first).getByLabelText('First name *'), 'Ana');
    expect(within(first).queryByText('First name is required')).toBeNull();
    expect(within(first).getByText('Last name is required')).toBeVisible();
    await user.type(within(first).getByLabelText('Last name *'), 'Cruz');
    expect(within(first).queryByText('Last name is required')).toBeNull();
    // Emptied again, it says so again.
    await user.clear(within(first).getByLabelText('First name *'));
    expect(within(first).getByText('First name is required')).toBeVisible();
  });

  it('does not let a company go on without its voting representative, whichever row is removed', async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Regular');
    const user = renderPage();
    await next(user);
    await next(user);
    const first = screen.getByRole('group', { name: 'Representative 1' });
    // The only one has no remove button.
    expect(within(first).queryByRole('button', { name: /^Remove/ })).toBeNull();
    await user.type(within(first).getByLabelText('First name *'), 'Ana');
    await user.type(within(first).getByLabelText('Last name *'), 'Cruz');
    await user.click(screen.getByRole('button', { name: 'Add Representative' }));
    const second = screen.getByRole('group', { name: 'Representative 2' });
    await user.type(within(second).getByLabelText('First name *'), 'Ben');
    await user.type(within(second).getByLabelText('Last name *'), 'Reyes');

    // The voting one goes: Ben, non-voting, is left, and Voting is his to choose.
    await user.click(within(first).getByRole('button', { name: 'Remove representative 1' }));
    const ben = screen.getByRole('group', { name: 'Representative 1' });
    expect(within(ben).getByLabelText('First name *')).toHaveValue('Ben');
    expect(within(ben).getByLabelText('Type')).toHaveValue('non-voting');
    expect(within(ben).getByRole('option', { name: 'Voting' })).toBeEnabled();
    await next(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Choose one voting representative');
    expect(screen.getByRole('heading', { name: 'Representatives' })).toBeVisible();

    // Choosing Voting settles it at once, and Next goes on.
    await user.selectOptions(within(ben).getByLabelText('Type'), 'voting');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await next(user);
    expect(screen.getByRole('heading', { name: 'Submit' })).toBeVisible();
  });

  it('adds a voting representative when the one left does not vote', async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Regular');
    const user = renderPage();
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Add Representative' }));
    await user.click(screen.getByRole('button', { name: 'Remove representative 1' }));
    await user.click(screen.getByRole('button', { name: 'Add Representative' }));
    const types = screen.getAllByLabelText('Type');
    expect(types.map((select) => (select as HTMLSelectElement).value)).toEqual(['non-voting', 'voting']);
  });

  it('sends the form, says so, marks the membership pending and goes home after 1.5 s', async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Associate');
    const { bodies, urls } = stubSubmit(submitted);
    const user = renderPage();
    await next(user);
    await user.type(screen.getByLabelText('Phone'), '0917 555 0101');
    await user.type(screen.getByLabelText('House no.'), '12');
    await user.type(screen.getByLabelText('City'), 'Makati City');
    await user.type(screen.getByLabelText('Postal code'), '1226');
    await next(user);
    await user.type(screen.getByLabelText('First name *'), 'Ana');
    await user.type(screen.getByLabelText('Last name *'), 'Cruz');
    await user.click(screen.getByRole('button', { name: 'Add Representative' }));
    const second = screen.getByRole('group', { name: 'Representative 2' });
    await user.type(within(second).getByLabelText('First name *'), 'Ben');
    await user.type(within(second).getByLabelText('Last name *'), 'Reyes');
    await next(user);
    const logo = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
      'logo.png',
      {
        type: 'image/png',
      },
    );
    await user.upload(screen.getByLabelText('Company logo'), logo);
    expect(await screen.findByText('New image: logo.png (1 KB)')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    expect(await screen.findByText('Update Successful!')).toBeVisible();
    expect(screen.getByText('You will be redirected to the homepage shortly...')).toBeVisible();
    expect(urls[0]).toContain(`/api/users/filled-form/${applicant.id}`);
    const body = bodies[0] as FormData;
    expect(body.get('type')).toBe('company');
    expect(body.get('username')).toBe('minerva');
    expect(body.get('address')).toBe('12, Makati City, 1226');
    expect(JSON.parse(body.get('membershipData') as string)).toEqual({
      category: 'Associate',
      userId: applicant.id,
    });
    expect(body.get('representatives[0][firstName]')).toBe('Ana');
    expect(body.get('representatives[0][type]')).toBe('voting');
    expect(body.get('representatives[1][lastName]')).toBe('Reyes');
    expect(body.get('representatives[1][type]')).toBe('non-voting');
    expect(body.get('logo')).toBe(logo);
    expect(body.has('avatar')).toBe(false);
    expect(localStorage.getItem(PENDING_MEMBERSHIP_KEY)).toBe('true');
    expect(useSessionStore.getState().user?.isNew).toBe(false);

    expect(screen.queryByTestId('current-path')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/'));
  });

  it("says 'Failed.' and keeps everything typed", async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Individual');
    stubSubmit(() => json({ error: 'Internal server error' }, 500));
    const user = renderPage();
    await next(user);
    await user.type(screen.getByLabelText('About you'), 'Field geologist in Benguet.');
    await next(user);
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText('Failed.')).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Okay' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('About you')).toHaveValue('Field geologist in Benguet.');
  });

  it("shows a refused field's message on that field, on its step", async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Regular');
    stubSubmit(() =>
      json(
        {
          error: 'First name is required',
          code: 'validation_error',
          field: 'representatives.0.firstName',
          fields: { 'representatives.0.firstName': 'First name is required' },
        },
        400,
      ),
    );
    const user = renderPage();
    await next(user);
    await next(user);
    await user.type(screen.getByLabelText('First name *'), 'Ana');
    await user.type(screen.getByLabelText('Last name *'), 'Cruz');
    await next(user);
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByRole('heading', { name: 'Representatives' })).toBeVisible();
    expect(screen.getByText('First name is required')).toBeVisible();
    expect(screen.queryByText('Failed.')).toBeNull();
  });

  it("shows a refused representative photo on that representative's photo field", async () => {
    localStorage.setItem(PREFERRED_PACKAGE_KEY, 'Regular');
    // The server's answer to a 6 MB photo for the second representative (lib/multipart.ts).
    stubSubmit(() =>
      json(
        { error: IMAGE_MESSAGES.tooLarge, code: 'file_too_large', field: 'representatives.1.avatar' },
        413,
      ),
    );
    const user = renderPage();
    await next(user);
    await next(user);
    await user.type(screen.getByLabelText('First name *'), 'Ana');
    await user.type(screen.getByLabelText('Last name *'), 'Cruz');
    await user.click(screen.getByRole('button', { name: 'Add Representative' }));
    const second = screen.getByRole('group', { name: 'Representative 2' });
    await user.type(within(second).getByLabelText('First name *'), 'Ben');
    await user.type(within(second).getByLabelText('Last name *'), 'Reyes');
    await next(user);
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));

    expect(await screen.findByRole('heading', { name: 'Representatives' })).toBeVisible();
    const photo = within(screen.getByRole('group', { name: 'Representative 2' })).getByLabelText(
      'Photo of representative 2',
    );
    expect(photo).toHaveAccessibleDescription(expect.stringContaining(IMAGE_MESSAGES.tooLarge));
    expect(screen.queryByText('Failed.')).toBeNull();
  });
});

describe('/user-forms as a renewal: starts from what the member holds (docs/decisions/023)', () => {
  const member = makeProfile({
    type: 'company',
    isNew: false,
    username: 'bukidnon-copper',
    email: 'info@bukidnon.example',
    phone: '+63 88 555 0101',
    facsimile: '+63 88 555 0102',
    address: '7, Fortich Street, Malaybalay City, 8700',
    about: 'Porphyry copper exploration in Bukidnon.',
    logoUrl: '/uploads/logo.webp',
  });
  const representative = (overrides: Partial<Representative>): Representative => ({
    id: '7d0f3c1e-0000-4000-8000-000000000001',
    firstName: 'Ana',
    lastName: 'Cruz',
    preferredName: null,
    position: 'President',
    email: null,
    type: 'voting',
    avatarUrl: null,
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  });
  const ana = representative({ avatarUrl: '/uploads/ana.webp' });
  const ben = representative({
    id: '7d0f3c1e-0000-4000-8000-000000000002',
    firstName: 'Ben',
    lastName: 'Reyes',
    position: null,
    email: null,
    type: null,
  });
  const expired = makeMembership({
    category: 'Regular',
    status: 'approved',
    startsAt: '2024-01-01T00:00:00Z',
    expiresAt: '2025-01-01T00:00:00Z',
  });

  beforeEach(() => {
    useSessionStore.getState().setUser({
      id: member.id,
      username: member.username,
      email: member.email,
      type: 'company',
      role: 'member',
      isNew: false,
    });
  });

  function stubServer() {
    const bodies: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.body instanceof FormData) {
          bodies.push(init.body);
          return json({
            data: { profile: { ...member, memberships: [makeMembership({ status: 'pending' })] } },
          });
        }
        if (String(url).endsWith('/api/users/')) {
          return json({
            data: member,
            companyReps: [ana, ben],
            membershipData: [{ ...expired, standing: 'expired' }],
          });
        }
        return json({ error: 'Not found' }, 404);
      }),
    );
    return bodies;
  }

  it('prefills type, category, contact details, About and the representatives with their photos', async () => {
    const bodies = stubServer();
    const user = renderPage();
    expect(await screen.findByRole('radio', { name: 'A company' })).toBeChecked();
    expect(screen.getByLabelText('Membership category *')).toHaveValue('Regular');
    await next(user);
    expect(screen.getByLabelText('Phone')).toHaveValue('+63 88 555 0101');
    expect(screen.getByLabelText('Facsimile')).toHaveValue('+63 88 555 0102');
    expect(screen.getByLabelText('About the company')).toHaveValue(
      'Porphyry copper exploration in Bukidnon.',
    );
    expect(screen.getByText('7, Fortich Street, Malaybalay City, 8700')).toBeVisible();
    expect(screen.getByText(/Leave these fields blank to keep it/)).toBeVisible();
    await next(user);
    const first = screen.getByRole('group', { name: 'Representative 1' });
    expect(within(first).getByLabelText('First name *')).toHaveValue('Ana');
    expect(within(first).getByLabelText('Type')).toHaveValue('voting');
    expect(within(first).getByText('Current image')).toBeVisible();
    const second = screen.getByRole('group', { name: 'Representative 2' });
    expect(within(second).getByLabelText('Last name *')).toHaveValue('Reyes');
    expect(within(second).getByText('No image')).toBeVisible();
    // One change: Ben's position.
    await user.type(within(second).getByLabelText('Position'), 'Exploration Manager');
    await next(user);
    expect(screen.getByText('Current image')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Update Successful!')).toBeVisible();

    const body = bodies[0] as FormData;
    expect(body.get('phone')).toBe('+63 88 555 0101');
    expect(body.get('facsimile')).toBe('+63 88 555 0102');
    expect(body.get('address')).toBe('7, Fortich Street, Malaybalay City, 8700');
    expect(body.get('about')).toBe('Porphyry copper exploration in Bukidnon.');
    expect(JSON.parse(body.get('membershipData') as string)).toMatchObject({ category: 'Regular' });
    expect(body.get('representatives[0][id]')).toBe(ana.id);
    expect(body.get('representatives[1][id]')).toBe(ben.id);
    expect(body.get('representatives[1][position]')).toBe('Exploration Manager');
    // No file is sent: the logo and Ana's photo stay as they are.
    expect(body.has('logo')).toBe(false);
    expect(body.has('representatives[0][avatar]')).toBe(false);
  });

  it('replaces the stored address only when its parts are typed', async () => {
    const bodies = stubServer();
    const user = renderPage();
    await screen.findByRole('radio', { name: 'A company' });
    await next(user);
    await user.type(screen.getByLabelText('Street'), 'Sayre Highway');
    await user.type(screen.getByLabelText('City'), 'Valencia City');
    await next(user);
    await next(user);
    expect(screen.getByText('Sayre Highway, Valencia City')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.noticeLabel }));
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await screen.findByText('Update Successful!');
    expect((bodies[0] as FormData).get('address')).toBe('Sayre Highway, Valencia City');
  });
});
