import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/render';
import { captureDownloads, csvRows, exportNamePattern } from '../../testing/downloads';
import { localDateTime } from '../../components/dates';
import { conflictRows, lastAudited } from '../../testing/editConflicts';
import {
  callAs,
  createCategory,
  currentVersion,
  deleteCategory,
  readAsAdmin,
  seedLab,
  signIn,
} from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { CategoriesPage } from './CategoriesPage';

setupTestServer(seedLab);

const LIST = 'GET /api/filemanager/categories/';

async function renderCategories() {
  const view = renderWithProviders(<CategoriesPage />, { preloadedState: signedInState() });
  await screen.findByRole('table', { name: 'Categories' });
  return view;
}

/** The names the table lists, also behind an open dialog. */
function names() {
  const table = screen.getByRole('table', { name: 'Categories', hidden: true });
  return within(table)
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => within(row).getAllByRole('cell', { hidden: true })[1].textContent);
}

describe('CategoriesPage', () => {
  it('lists the categories with serial numbers and edit and delete buttons', async () => {
    await renderCategories();
    const table = screen.getByRole('table', { name: 'Categories' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Serial NO.', 'Name', 'Action']);
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(within(first).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(names()).toEqual(['MSDS', 'Protocols', 'Safety']);
    expect(screen.getByRole('button', { name: 'Edit Safety' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Safety' })).toBeInTheDocument();
  });

  it('exports the categories as the table lists them, serial numbers included, formulas escaped', async () => {
    await createCategory('@risk');
    const saved = captureDownloads();
    const { user } = await renderCategories();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(exportNamePattern('categories'));
    const [header, ...rows] = await csvRows(saved[0]);
    expect(header).toEqual(['Serial NO.', 'Name']);
    expect(rows.map((row) => row[1])).toEqual(names().map((name) => (name === '@risk' ? `'@risk` : name)));
    expect(rows.map((row) => row[0])).toEqual(['1', '2', '3', '4']);
    expect(rows).toContainEqual([expect.any(String), "'@risk"]);
  });

  it("says 'Something Went Wrong' when the list cannot be loaded", async () => {
    server.use(
      http.get('*/api/filemanager/categories/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
    );
    renderWithProviders(<CategoriesPage />, { preloadedState: signedInState() });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Something Went Wrong$/);
  });

  describe('Create Category', () => {
    async function openCreate() {
      const view = await renderCategories();
      await view.user.click(screen.getByRole('button', { name: 'New Category' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Category' });
      return { ...view, dialog };
    }

    it('creates the category and refreshes the list', async () => {
      const { user, dialog } = await openCreate();
      expect(dialog).toHaveTextContent('Enter a name for the new Category.');
      await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Spectra ');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      await waitFor(() => expect(names()).toEqual(['MSDS', 'Protocols', 'Safety', 'Spectra']));
      expect(await screen.findByText('Category Spectra created.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sentRequests()).toEqual([LIST, 'POST /api/filemanager/categories/', LIST]);
    });

    it("says 'Please Provide Category Name' for a blank name and sends nothing", async () => {
      const { user, dialog } = await openCreate();
      await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      expect(await screen.findByText('Please Provide Category Name')).toBeInTheDocument();
      expect(sentRequests()).toEqual([LIST]);
      expect(screen.getByRole('dialog', { name: 'Create Category' })).toBeInTheDocument();
    });

    it('says a refused name beside the field in words, not in the error dialog', async () => {
      const { user, dialog } = await openCreate();
      const name = within(dialog).getByRole('textbox', { name: /^Name/ });
      await user.type(name, 'msds');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      await waitFor(() =>
        expect(name).toHaveAccessibleDescription('Another category already has this name.'),
      );
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
      expect(document.body).not.toHaveTextContent('with this name already exists');
      expect(await readAsAdmin('/api/filemanager/categories/')).toHaveLength(3);
    });
  });

  it('keeps Edit Category open when the category was renamed meanwhile, and takes the current name', async () => {
    const ifMatches: (string | null)[] = [];
    server.use(
      http.patch('*/api/filemanager/categories/2/', ({ request }) => {
        ifMatches.push(request.headers.get('If-Match'));
      }),
    );
    const opened = await currentVersion('/api/filemanager/categories/2/');
    const { user } = await renderCategories();
    await user.click(screen.getByRole('button', { name: 'Edit Protocols' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Procedures');
    // Another store manager renames it meanwhile.
    await callAs(await signIn('ann@lab.org', 'ann-password'), 'PATCH', '/api/filemanager/categories/2/', {
      name: 'Methods',
    });
    const changed = await lastAudited('category', 2);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const notice = await within(dialog).findByRole('alert', { name: 'Changed meanwhile' });
    expect(notice).toHaveTextContent(`Changed by ann@lab.org at ${localDateTime(changed.at)}`);
    expect(conflictRows(dialog)).toEqual([['Name', 'Procedures', 'Methods']]);
    // No error dialog: the form itself says what happened.
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(['MSDS', 'Methods', 'Safety']));

    await user.click(within(dialog).getByRole('button', { name: 'Use current values' }));
    expect(name).toHaveValue('Methods');
    await user.type(name, ' and procedures');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(names()).toEqual(['MSDS', 'Methods and procedures', 'Safety']));
    expect(ifMatches).toEqual([`"${opened}"`, `"${opened + 1}"`]);
  });

  it('renames a category through Edit Category', async () => {
    let body: unknown;
    server.use(
      http.patch('*/api/filemanager/categories/:id/', async ({ request }) => {
        body = await request.clone().json();
      }),
    );
    const { user } = await renderCategories();
    await user.click(screen.getByRole('button', { name: 'Edit Protocols' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Category' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Protocols');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please Provide Category Name')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.type(name, 'Procedures');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(names()).toEqual(['MSDS', 'Procedures', 'Safety']));
    expect(body).toEqual({ name: 'Procedures' });
    expect(sentRequests()).toEqual([LIST, 'PATCH /api/filemanager/categories/2/', LIST]);
  });

  describe('Delete Category', () => {
    it('asks for confirmation, then deletes the category', async () => {
      const { user } = await renderCategories();
      await user.click(screen.getByRole('button', { name: 'Delete Safety' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Category' });
      expect(dialog).toHaveTextContent('Are you sure you want to delete this Category?');
      expect(sentRequests()).toEqual([LIST]);

      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(names()).toEqual(['MSDS', 'Protocols']));
      expect(await screen.findByText('Category Safety deleted.')).toBeInTheDocument();
      expect(sentRequests()).toEqual([LIST, 'DELETE /api/filemanager/categories/3/', LIST]);
    });

    it('keeps the category when cancelled', async () => {
      const { user } = await renderCategories();
      await user.click(screen.getByRole('button', { name: 'Delete Safety' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Category' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await readAsAdmin('/api/filemanager/categories/')).toHaveLength(3);
      expect(sentRequests()).toEqual([LIST]);
    });

    it('shows a failed delete in the error dialog', async () => {
      const { user } = await renderCategories();
      // Someone else deletes the category while it is still listed here.
      await deleteCategory(3);
      await user.click(screen.getByRole('button', { name: 'Delete Safety' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Category' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Not found.');
    });
  });
});
