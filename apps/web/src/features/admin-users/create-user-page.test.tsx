import { CREATE_USER_MESSAGES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { CreateUserPage } from './create-user-page';
import { json, makeAdminUser } from './test-fixtures';

function stubCreate(answer: () => Response) {
  const bodies: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      if (init?.body instanceof FormData) bodies.push(init.body);
      return answer();
    }),
  );
  return bodies;
}

const renderPage = () => renderWithRouter(<CreateUserPage />, { path: '/admin/users/create' });

afterEach(() => vi.unstubAllGlobals());

describe('/admin/users/create', () => {
  it("says 'Please fill in all required fields' and sends nothing without type, username or e-mail", async () => {
    const bodies = stubCreate(() => json({}));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username *'), 'orebody');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(
      await screen.findByRole('alertdialog', { name: CREATE_USER_MESSAGES.missingFields }),
    ).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('creates a company with two representatives, shows User Created!, then an empty form under a link to the account', async () => {
    const created = makeAdminUser({
      display_name: 'Orebody Exploration Inc.',
      email: 'info@orebody.example',
    });
    const bodies = stubCreate(() => json({ data: { user: created, message: 'User created' } }, 201));
    renderPage();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Type *'), 'company');
    await user.type(screen.getByLabelText('Registered company name'), 'Orebody Exploration Inc.');
    await user.selectOptions(screen.getByLabelText('Category *'), 'Associate');
    await user.type(screen.getByLabelText('Username *'), 'orebody');
    await user.type(screen.getByLabelText('Email *'), 'info@orebody.example');
    await user.type(screen.getByLabelText('Facsimile'), '+63 2 8000 0001');
    await user.type(screen.getByLabelText('Street'), 'Ayala Avenue');
    await user.type(screen.getByLabelText('City'), 'Makati');

    // One representative, voting, and no remove button while it is the only one.
    const reps = screen.getByRole('region', { name: 'Representatives' });
    expect(within(reps).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    await user.click(within(reps).getByRole('button', { name: 'Add Representative' }));
    // An Associate may have two: no more can be added.
    expect(within(reps).getByRole('button', { name: 'Add Representative' })).toBeDisabled();
    expect(within(reps).getByText('The limit of 2 representatives is reached.')).toBeVisible();
    expect(within(reps).getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
    const types = within(reps).getAllByLabelText('Type');
    expect(types.map((select) => (select as HTMLSelectElement).value)).toEqual(['voting', 'non-voting']);
    expect(
      within(types[1] as HTMLElement).getByRole('option', { name: 'Voting (already chosen)' }),
    ).toBeDisabled();
    const firstNames = within(reps).getAllByLabelText('First name *');
    const lastNames = within(reps).getAllByLabelText('Last name *');
    await user.type(firstNames[0] as HTMLElement, 'Ana');
    await user.type(lastNames[0] as HTMLElement, 'Cruz');
    await user.type(firstNames[1] as HTMLElement, 'Ben');
    await user.type(lastNames[1] as HTMLElement, 'Reyes');

    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(CREATE_USER_MESSAGES.created)).toBeInTheDocument();
    const sent = Object.fromEntries(bodies[0]?.entries() ?? []);
    expect(sent).toMatchObject({
      type: 'company',
      username: 'orebody',
      email: 'info@orebody.example',
      facsimile: '+63 2 8000 0001',
      address: 'Ayala Avenue, Makati',
      membershipData: JSON.stringify({ category: 'Associate' }),
      'representatives[0][firstName]': 'Ana',
      'representatives[0][type]': 'voting',
      'representatives[1][lastName]': 'Reyes',
      'representatives[1][type]': 'non-voting',
    });
    // Two seconds later the form is empty again.
    await waitFor(() => expect(screen.getByLabelText('Username *')).toHaveValue(''));
    expect(screen.queryByText(CREATE_USER_MESSAGES.created)).not.toBeInTheDocument();
    // What was created stays said, with the way to the account in the users list.
    expect(screen.getByRole('status')).toHaveTextContent(
      CREATE_USER_MESSAGES.createdNotice('Orebody Exploration Inc.'),
    );
    expect(screen.getByRole('link', { name: CREATE_USER_MESSAGES.viewAccount })).toHaveAttribute(
      'href',
      '/admin/users?search=info%40orebody.example',
    );
  });

  it('checks representative names and every field the server checks in the browser, inline, sending nothing', async () => {
    const bodies = stubCreate(() => json({}));
    renderPage();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Type *'), 'company');
    await user.type(screen.getByLabelText('Registered company name'), 'Orebody Exploration Inc.');
    await user.type(screen.getByLabelText('Username *'), 'ab');
    await user.type(screen.getByLabelText('Email *'), 'not-an-address');
    await user.type(screen.getByLabelText('Postal code'), '1'.repeat(21));
    const reps = screen.getByRole('region', { name: 'Representatives' });
    await user.click(within(reps).getByRole('button', { name: 'Add Representative' }));
    const first = within(reps).getByRole('group', { name: 'Representative 1' });
    await user.type(within(first).getByLabelText('First name *'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    // Each message on its field; no failure modal, and nothing sent.
    expect(await screen.findByText('Username must be at least 3 characters')).toBeVisible();
    expect(screen.getByText('Please enter a valid email address')).toBeVisible();
    expect(screen.getByText('Postal code must be at most 20 characters')).toBeVisible();
    expect(within(first).getByText('Last name is required')).toBeVisible();
    const second = within(reps).getByRole('group', { name: 'Representative 2' });
    // The second representative's messages come in a render of their own.
    expect(await within(second).findByText('First name is required')).toBeVisible();
    expect(within(second).getByText('Last name is required')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    // Each goes as soon as its field is right.
    await user.type(screen.getByLabelText('Username *'), 'c');
    expect(screen.queryByText('Username must be at least 3 characters')).not.toBeInTheDocument();
    await user.type(within(first).getByLabelText('Last name *'), 'Cruz');
    expect(within(first).queryByText('Last name is required')).not.toBeInTheDocument();
  });

  it('asks a company for its voting representative before sending', async () => {
    const bodies = stubCreate(() => json({}));
    renderPage();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Type *'), 'company');
    await user.type(screen.getByLabelText('Registered company name'), 'Orebody Exploration Inc.');
    await user.type(screen.getByLabelText('Username *'), 'orebody');
    await user.type(screen.getByLabelText('Email *'), 'info@orebody.example');
    const reps = screen.getByRole('region', { name: 'Representatives' });
    await user.selectOptions(within(reps).getByLabelText('Type'), 'non-voting');
    await user.type(within(reps).getByLabelText('First name *'), 'Ana');
    await user.type(within(reps).getByLabelText('Last name *'), 'Cruz');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await within(reps).findByRole('alert')).toHaveTextContent('Choose one voting representative');
    expect(bodies).toHaveLength(0);
  });

  it('covers the form with the creating overlay while the request is under way, and only then', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderPage();
    const user = userEvent.setup();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Type *'), 'individual');
    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Cruz');
    await user.type(screen.getByLabelText('Username *'), 'slow_server');
    await user.type(screen.getByLabelText('Email *'), 'slow@example.com');
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    const overlay = await screen.findByRole('status');
    expect(overlay).toHaveTextContent('Creating user…');
    expect(screen.getByRole('button', { name: 'Create User' })).toBeDisabled();
    answer(json({ error: 'Internal Server Error' }, 500));
    // Back to idle: the overlay goes and the failure is said.
    expect(await screen.findByRole('alertdialog', { name: CREATE_USER_MESSAGES.failed })).toBeInTheDocument();
    expect(screen.queryByText('Creating user…')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username *')).toHaveValue('slow_server');
  });

  it("says 'Failed to create user' and keeps everything typed, with the server's message on its field", async () => {
    stubCreate(() =>
      json({ error: 'This username is already taken', code: 'username_taken', field: 'username' }, 409),
    );
    renderPage();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Type *'), 'individual');
    await user.type(screen.getByLabelText('First name'), 'Ana');
    await user.type(screen.getByLabelText('Last name'), 'Cruz');
    expect(screen.queryByRole('region', { name: 'Representatives' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Username *'), 'taken_name');
    await user.type(screen.getByLabelText('Email *'), 'person@example.com');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const modal = await screen.findByRole('alertdialog', { name: CREATE_USER_MESSAGES.failed });
    await user.click(within(modal).getByRole('button', { name: 'Okay' }));
    expect(screen.getByLabelText('Username *')).toHaveValue('taken_name');
    expect(screen.getByLabelText('Email *')).toHaveValue('person@example.com');
    expect(screen.getByText('This username is already taken')).toBeInTheDocument();
  });
});
