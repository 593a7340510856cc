import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { localDateTime } from '../../components/dates';
import { renderWithProviders, signedInState } from '../../testing/render';
import {
  at,
  createCategory,
  createLocation,
  createUser,
  renameCategory,
  seedAdmin,
} from '../../testing/seed';
import { sentQueries, server } from '../../testing/server';
import { inject, setupTestServer } from '../../testing/testServer';
import { AuditPage } from './AuditPage';

/**
 * - November 20, 2026: admin@lab.org creates the user ann@lab.org and the location Physical Lab 1;
 * - November 21, 2026: admin@lab.org creates the category MSDS and renames it SDS; someone fails to sign in with
 *   a password typed into the e-mail field, which no account has.
 */
setupTestServer(async () => {
  await seedAdmin();
  await at('2026-11-20T09:00:00.000Z', async () => {
    await createUser({ email: 'ann@lab.org', first_name: 'Ann', last_name: 'Lee', password: 'ann-password' });
    await createLocation({
      name: 'Physical Lab 1',
      consumer_type: 'PHYSICAL',
      room_number: '110',
      building_name: 'Science Building',
    });
  });
  await at('2026-11-21T10:00:00.000Z', async () => {
    const msds = await createCategory('MSDS');
    await renameCategory(msds.id, 'SDS');
    const payload = { email: TYPED_PASSWORD, password: 'guess' };
    await inject({ method: 'POST', url: '/api/token/', payload });
  });
});

const TYPED_PASSWORD = 'Tr0ub4dor&3';

/** The query strings of the audit lists the page asked for, in order. */
const auditQueries = () => sentQueries('/api/management/audit/');

function renderPage() {
  return renderWithProviders(<AuditPage />, { route: '/adminapp', preloadedState: signedInState() });
}

function rows() {
  const table = screen.getByRole('table', { name: 'audit entries' });
  return within(within(table).getAllByRole('rowgroup')[1]).getAllByRole('row');
}

function cells(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

/** Each row's action. */
function actions() {
  return rows().map((row) => cells(row)[1]);
}

describe('AuditPage', () => {
  it('lists the audit log newest first: when, what, who, which target and from where', async () => {
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading audit entries' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'audit entries' });
    await waitFor(() => expect(actions()[0]).toBe('Sign-in failed'));
    expect(actions()).toEqual([
      'Sign-in failed',
      'Category renamed',
      'Category created',
      'Location created',
      'User created',
    ]);
    expect(cells(rows()[0]).slice(0, 4)).toEqual([
      localDateTime('2026-11-21T10:00:00.000Z'),
      'Sign-in failed',
      expect.stringMatching(/^unknown account · fingerprint [0-9a-f]{8} \(not signed in\)$/),
      expect.stringMatching(/^unknown account · fingerprint [0-9a-f]{8}$/),
    ]);
    // What was typed for an account that does not exist is nowhere: often it is a password.
    expect(document.body).not.toHaveTextContent(TYPED_PASSWORD);
    expect(cells(rows()[3]).slice(0, 4)).toEqual([
      localDateTime('2026-11-20T09:00:00.000Z'),
      'Location created',
      'admin@lab.org',
      'Physical Lab 1 (location #1)',
    ]);
    // Read-only: the only thing a row offers is its details.
    expect(
      within(rows()[1])
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Details']);
  });

  it('sends each filter to the server and shows only the entries it selects', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'audit entries' });

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Categories: every action' }));
    await waitFor(() => expect(actions()).toEqual(['Category renamed', 'Category created']));
    expect(auditQueries().at(-1)?.get('action')).toBe('category.');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Category created' }));
    await waitFor(() => expect(actions()).toEqual(['Category created']));
    expect(auditQueries().at(-1)?.get('action')).toBe('category.created');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await user.click(screen.getByRole('combobox', { name: 'Target type' }));
    await user.click(screen.getByRole('option', { name: 'User' }));
    await waitFor(() => expect(actions()).toEqual(['Sign-in failed', 'User created']));
    expect(auditQueries().at(-1)?.get('target_type')).toBe('user');
    expect(auditQueries().at(-1)?.has('action')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Who' }), 'admin@lab.org');
    await waitFor(() => expect(actions()).toEqual(['User created']));
    expect(auditQueries().at(-1)?.get('actor')).toBe('admin@lab.org');

    await user.type(screen.getByRole('searchbox', { name: 'Text' }), 'zebra');
    expect(await screen.findByText('Nothing Found')).toBeInTheDocument();
    expect(auditQueries().at(-1)?.get('search')).toBe('zebra');
  });

  it('filters by days', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'audit entries' });
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    await waitFor(() => expect(actions()).toEqual(['Location created', 'User created']));
  });

  it('opens an entry with its changed fields, old → new', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'audit entries' });
    const renamed = rows().find((row) => cells(row)[1] === 'Category renamed')!;
    await user.click(within(renamed).getByRole('button', { name: /^Details of entry \d+$/ }));

    const dialog = screen.getByRole('dialog', { name: /^Category renamed \(entry #\d+\)$/ });
    const facts = within(within(dialog).getByRole('table', { name: 'Entry' })).getAllByRole('row');
    expect(facts.map((row) => row.textContent)).toEqual([
      `When${localDateTime('2026-11-21T10:00:00.000Z')}`,
      'Whoadmin@lab.org',
      'TargetSDS (category #1)',
      expect.stringMatching(/^From address.+/),
    ]);
    const changes = within(dialog).getByRole('table', { name: 'Changes' });
    expect(
      within(changes)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['FieldBeforeAfter', 'nameMSDSSDS']);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when an entry has no fields to list', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'audit entries' });
    await waitFor(() => expect(actions()[0]).toBe('Sign-in failed'));
    await user.click(within(rows()[0]).getByRole('button', { name: /^Details of entry/ }));
    expect(screen.getByRole('dialog')).toHaveTextContent('This action has no fields to list.');
  });

  it('shows a failed load in place', async () => {
    server.use(http.get('*/api/management/audit/', () => HttpResponse.error()));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
  });
});
