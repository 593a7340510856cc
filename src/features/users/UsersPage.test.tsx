import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { User } from '../../api/users';
import { renderWithProviders, signedInState } from '../../testing/render';
import { captureDownloads, csvRows, exportNamePattern } from '../../testing/downloads';
import { localDateTime } from '../../components/dates';
import { conflictRows, lastAudited } from '../../testing/editConflicts';
import { callAs, createUser, readAsAdmin, seedLab, signIn } from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { UsersPage } from './UsersPage';

setupTestServer(seedLab);

/** The page's reads: the accounts, and the locations that name their labs. */
const pageLoads = ['GET /api/account/users/', 'GET /api/management/consumers-tree/'];

async function renderUsers() {
  const view = renderWithProviders(<UsersPage />, { route: '/adminapp', preloadedState: signedInState() });
  await screen.findByRole('cell', { name: 'ann@lab.org' });
  return view;
}

/** A required field's label ends with MUI's " *" marker. */
function field(label: string) {
  return new RegExp(`^${label}( \\*)?$`);
}

function rowOf(email: string) {
  return screen.getByRole('cell', { name: email }).closest('tr') as HTMLElement;
}

describe('UsersPage', () => {
  it('lists the users under the SPEC column headers', async () => {
    renderWithProviders(<UsersPage />, { preloadedState: signedInState() });
    expect(screen.getByRole('heading', { name: 'User Managment' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading users' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['First Name', 'Last Name', 'Email', 'Role', 'Labs', 'Action']);
    expect(within(rowOf('ann@lab.org')).getByRole('cell', { name: 'Store manager' })).toBeInTheDocument();
    expect(within(rowOf('ann@lab.org')).getByRole('cell', { name: 'Ann' })).toBeInTheDocument();
    expect(within(rowOf('ann@lab.org')).getByRole('cell', { name: 'Lee' })).toBeInTheDocument();
  });

  it("shows each lab user's labs with the role in each", async () => {
    await createUser({
      email: 'max@lab.org',
      first_name: 'Max',
      last_name: 'Ruiz',
      password: 'max-password',
      role: 'lab_user',
      labs: [
        { location: 1, role: 'manager' },
        { location: 2, role: 'member' },
      ],
    });
    await renderUsers();
    const row = rowOf('max@lab.org');
    expect(
      await within(row).findByRole('cell', { name: 'Physical Lab 1 (Lab manager), Organic Lab A (Member)' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Lab user' })).toBeInTheDocument();
  });

  it('exports the accounts as the table lists them, formulas escaped', async () => {
    await createUser({
      email: 'eve@lab.org',
      first_name: '=HYPERLINK("http://evil")',
      last_name: '+1',
      password: 'eve-password',
    });
    const saved = captureDownloads();
    const { user } = await renderUsers();
    await screen.findByRole('cell', { name: 'eve@lab.org' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(exportNamePattern('users'));
    const shown = within(screen.getByRole('table', { name: 'Users' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2].textContent);
    const [header, ...rows] = await csvRows(saved[0]);
    expect(header).toEqual(['First Name', 'Last Name', 'Email', 'Role', 'Labs']);
    expect(rows.map((row) => row[2])).toEqual(shown);
    expect(rows).toContainEqual(['Ann', 'Lee', 'ann@lab.org', 'Store manager', '']);
    expect(rows).toContainEqual([`'=HYPERLINK("http://evil")`, "'+1", 'eve@lab.org', 'Store manager', '']);
  });

  it('disables every action on a protected account', async () => {
    await renderUsers();
    for (const name of ['Reset password for', 'Edit', 'Delete']) {
      expect(screen.getByRole('button', { name: `${name} admin@lab.org` })).toBeDisabled();
      expect(screen.getByRole('button', { name: `${name} ann@lab.org` })).toBeEnabled();
    }
    expect(within(rowOf('admin@lab.org')).getByText('Protected')).toBeInTheDocument();
    expect(within(rowOf('ann@lab.org')).queryByText('Protected')).not.toBeInTheDocument();
  });

  it('shows an alert when the list cannot be loaded', async () => {
    server.use(
      http.get('*/api/account/users/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
    );
    renderWithProviders(<UsersPage />, { preloadedState: signedInState() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong.');
    // A load failure is shown in place only, never also as a toast.
    expect(screen.getAllByText('Something Went Wrong.')).toHaveLength(1);
  });

  describe('Create a New User', () => {
    async function openCreate() {
      const view = await renderUsers();
      await view.user.click(screen.getByRole('button', { name: 'New User' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create a New User' });
      return { ...view, dialog };
    }

    async function fill(
      user: Awaited<ReturnType<typeof openCreate>>['user'],
      values: Record<string, string>,
    ) {
      for (const [label, value] of Object.entries(values))
        await user.type(screen.getByLabelText(field(label)), value);
    }

    const newUser = {
      Email: 'bo@lab.org',
      'First Name': 'Bo',
      'Last Name': 'Chen',
      Password: 'bo-password',
    };

    it('creates the user and refreshes the list', async () => {
      const { user, dialog } = await openCreate();
      expect(screen.getByLabelText(field('Email'))).toHaveFocus();
      await fill(user, { ...newUser, 'Confirm Password': 'bo-password' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Store manager' }));
      await user.click(within(dialog).getByLabelText(field('Email')));
      await user.keyboard('{Enter}');

      expect(await screen.findByRole('cell', { name: 'bo@lab.org' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await screen.findByText('User bo@lab.org created.')).toBeInTheDocument();
      expect(sentRequests()).toEqual([...pageLoads, 'POST /api/account/users/', 'GET /api/account/users/']);
    });

    it('makes the role an explicit choice: none is assumed, and none chosen sends nothing', async () => {
      const { user, dialog } = await openCreate();
      expect(within(dialog).getByRole('combobox', { name: 'Role' })).not.toHaveTextContent(/\w/);
      await fill(user, { ...newUser, 'Confirm Password': 'bo-password' });
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      expect(await within(dialog).findByText("Choose the account's role.")).toBeInTheDocument();
      expect(sentRequests()).toEqual(pageLoads);
    });

    it('catches a password mismatch without calling the server', async () => {
      const { user, dialog } = await openCreate();
      await fill(user, { ...newUser, 'Confirm Password': 'other-password' });
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      expect(await within(dialog).findByText('Passwords do not match.')).toBeInTheDocument();
      expect(sentRequests()).toEqual(pageLoads);
    });

    it('shows the server validation error beside the field in words, and in no toast', async () => {
      const { user, dialog } = await openCreate();
      await fill(user, { ...newUser, Email: 'ANN@lab.org', 'Confirm Password': 'bo-password' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Auditor' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      expect(await within(dialog).findByText('Another user already has this email.')).toBeInTheDocument();
      // Said once, beside the field: no toast repeats the server's text.
      expect(document.body).not.toHaveTextContent('email: user with this email already exists.');
      expect(within(dialog).getByLabelText(field('Email'))).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('dialog', { name: 'Create a New User' })).toBeInTheDocument();
    });
  });

  describe('Edit User Information', () => {
    it('sends id, names and email and shows the new values', async () => {
      let body: unknown;
      // Records the body, then lets the server answer.
      server.use(
        http.patch('*/api/account/users/:id/', async ({ request }) => {
          body = await request.clone().json();
        }),
      );
      const { user } = await renderUsers();
      await user.click(screen.getByRole('button', { name: 'Edit ann@lab.org' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit User Information' });
      expect(within(dialog).getByLabelText(field('First Name'))).toHaveValue('Ann');

      await user.clear(within(dialog).getByLabelText(field('Last Name')));
      await user.type(within(dialog).getByLabelText(field('Last Name')), 'Li');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByRole('cell', { name: 'Li' })).toBeInTheDocument();
      expect(body).toEqual({
        id: 2,
        first_name: 'Ann',
        last_name: 'Li',
        email: 'ann@lab.org',
        role: 'store_manager',
        labs: [],
      });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('names the version it opened with; changed meanwhile, it says by whom and when, and reapplies your change alone', async () => {
      const ifMatches: (string | null)[] = [];
      const bodies: unknown[] = [];
      server.use(
        http.patch('*/api/account/users/2/', async ({ request }) => {
          ifMatches.push(request.headers.get('If-Match'));
          bodies.push(await request.clone().json());
        }),
      );
      const opened = (await readAsAdmin<User>('/api/account/users/2/')).version;
      const { user } = await renderUsers();
      await user.click(screen.getByRole('button', { name: 'Edit ann@lab.org' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit User Information' });
      await user.clear(within(dialog).getByLabelText(field('Last Name')));
      await user.type(within(dialog).getByLabelText(field('Last Name')), 'Li');
      // Ann, a store manager herself, changes her first name meanwhile.
      await callAs(await signIn('ann@lab.org', 'ann-password'), 'PATCH', '/api/account/users/2/', {
        first_name: 'Annie',
      });
      const changed = await lastAudited('user', 2);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const notice = await within(dialog).findByRole('alert', { name: 'Changed meanwhile' });
      expect(notice).toHaveTextContent(`Changed by ann@lab.org at ${localDateTime(changed.at)}`);
      expect(conflictRows(dialog)).toEqual([
        ['First Name', 'Ann', 'Annie'],
        ['Last Name', 'Li', 'Lee'],
      ]);
      // Not the toast of a failed edit: the form says what happened.
      expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
      // The list behind the form shows the account as it is now.
      const users = screen.getByRole('table', { name: 'Users', hidden: true });
      expect(await within(users).findByRole('cell', { name: 'Annie', hidden: true })).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Reapply my changes' }));
      expect(await screen.findByText('User ann@lab.org updated.')).toBeInTheDocument();
      expect(ifMatches).toEqual([`"${opened}"`, `"${opened + 1}"`]);
      // The reapply sends the last name alone: Ann's new first name stays.
      expect(bodies.at(-1)).toEqual({ id: 2, last_name: 'Li' });
      expect(await readAsAdmin('/api/account/users/2/')).toMatchObject({
        first_name: 'Annie',
        last_name: 'Li',
      });
    });

    it("says 'Something went wrong' when the update fails and keeps the dialog open", async () => {
      const { user } = await renderUsers();
      await user.click(screen.getByRole('button', { name: 'Edit ann@lab.org' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit User Information' });
      await user.clear(within(dialog).getByLabelText(field('Email')));
      await user.type(within(dialog).getByLabelText(field('Email')), 'not-an-email');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
      expect((await readAsAdmin<User>('/api/account/users/2/')).email).toBe('ann@lab.org');
    });
  });

  describe('Roles and labs (issue 23)', () => {
    it('makes an account the manager of a lab and a member of another', async () => {
      const { user } = await renderUsers();
      await user.click(screen.getByRole('button', { name: 'Edit ann@lab.org' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit User Information' });
      expect(within(dialog).queryByRole('button', { name: 'Add lab' })).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Lab user' }));
      await user.click(within(dialog).getByRole('button', { name: 'Add lab' }));
      const first = within(dialog).getByRole('group', { name: 'Lab 1' });
      expect(within(first).getByRole('combobox', { name: 'Lab' })).toHaveTextContent('Physical Lab 1');
      await user.click(within(first).getByRole('combobox', { name: 'Role in lab' }));
      await user.click(await screen.findByRole('option', { name: 'Lab manager' }));
      await user.click(within(dialog).getByRole('button', { name: 'Add lab' }));
      const second = within(dialog).getByRole('group', { name: 'Lab 2' });
      await user.click(within(second).getByRole('combobox', { name: 'Lab' }));
      await user.click(await screen.findByRole('option', { name: 'Dr. X' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByRole('cell', { name: 'Lab user' })).toBeInTheDocument();
      const ann = await readAsAdmin<User>('/api/account/users/2/');
      expect(ann.role).toBe('lab_user');
      expect(ann.labs).toEqual([
        { location: 1, role: 'manager' },
        { location: 3, role: 'member' },
      ]);
    });

    it("shows the server's message beside the labs when a lab user has none", async () => {
      const { user } = await renderUsers();
      await user.click(screen.getByRole('button', { name: 'Edit ann@lab.org' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit User Information' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Lab user' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await within(dialog).findByText('A lab user needs at least one lab.')).toBeInTheDocument();
      expect((await readAsAdmin<User>('/api/account/users/2/')).role).toBe('store_manager');
    });

    it('creates an auditor', async () => {
      const { user } = await renderUsers();
      await user.click(screen.getByRole('button', { name: 'New User' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create a New User' });
      expect(within(dialog).getByRole('combobox', { name: 'Role' })).not.toHaveTextContent('Store manager');
      await user.type(within(dialog).getByLabelText(field('Email')), 'audrey@lab.org');
      await user.type(within(dialog).getByLabelText(field('First Name')), 'Audrey');
      await user.type(within(dialog).getByLabelText(field('Last Name')), 'Hale');
      await user.type(within(dialog).getByLabelText(field('Password')), 'audrey-password');
      await user.type(within(dialog).getByLabelText(field('Confirm Password')), 'audrey-password');
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(await screen.findByRole('option', { name: 'Auditor' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      expect(await screen.findByRole('cell', { name: 'Auditor' })).toBeInTheDocument();
      const users = await readAsAdmin<User[]>('/api/account/users/');
      expect(users.find((account) => account.email === 'audrey@lab.org')).toMatchObject({
        role: 'auditor',
        labs: [],
      });
    });
  });

  describe('Reset Password', () => {
    async function openReset() {
      const view = await renderUsers();
      await view.user.click(screen.getByRole('button', { name: 'Reset password for ann@lab.org' }));
      const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
      return { ...view, dialog };
    }

    it('sets the new password and confirms it', async () => {
      const { user, dialog } = await openReset();
      await user.type(within(dialog).getByLabelText(field('Password')), 'fresh-password');
      await user.type(within(dialog).getByLabelText(field('Repeat Password')), 'fresh-password');
      await user.click(within(dialog).getByRole('button', { name: 'Reset' }));

      expect(await screen.findByText('Password updated for ann@lab.org.')).toBeInTheDocument();
      await expect(signIn('ann@lab.org', 'fresh-password')).resolves.toMatch(/^eyJ/);
      expect(sentRequests()).toContain('POST /api/account/users/2/set_password/');
    });

    it('catches a mismatch without calling the server', async () => {
      const { user, dialog } = await openReset();
      await user.type(within(dialog).getByLabelText(field('Password')), 'fresh-password');
      await user.type(within(dialog).getByLabelText(field('Repeat Password')), 'other-password');
      await user.click(within(dialog).getByRole('button', { name: 'Reset' }));

      expect(await within(dialog).findByText('Passwords do not match.')).toBeInTheDocument();
      expect(sentRequests()).toEqual(pageLoads);
    });
  });

  describe('Delete User Account', () => {
    it('asks for confirmation naming the user, then removes the row', async () => {
      const { user } = await renderUsers();
      await user.click(screen.getByRole('button', { name: 'Delete ann@lab.org' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete User Account' });
      expect(dialog).toHaveTextContent('Ann Lee (ann@lab.org)');
      expect(sentRequests()).toEqual(pageLoads);

      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(screen.queryByRole('cell', { name: 'ann@lab.org' })).not.toBeInTheDocument(),
      );
      expect(await screen.findByText('User ann@lab.org deleted.')).toBeInTheDocument();
      expect(sentRequests()).toContain('DELETE /api/account/users/2/');
    });

    it('leaves the account alone when cancelled', async () => {
      const { user } = await renderUsers();
      await user.click(screen.getByRole('button', { name: 'Delete ann@lab.org' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete User Account' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('cell', { name: 'ann@lab.org' })).toBeInTheDocument();
      expect(sentRequests()).toEqual(pageLoads);
    });
  });
});
