import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/render';
import { captureDownloads, csvRows, exportNamePattern } from '../../testing/downloads';
import { localDateTime } from '../../components/dates';
import { conflictRows, lastAudited } from '../../testing/editConflicts';
import {
  at,
  callAs,
  createCategory,
  currentVersion,
  readAsAdmin,
  seedLab,
  signIn,
  uploadFile,
} from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { FilesPage, PublicFilesPage } from './FilesPage';

setupTestServer(seedLab);

// Nested MUI dialogs and search-as-you-type make these tests slow on a busy machine.

const LIST = 'GET /api/filemanager/files/';

async function renderFiles(page = <FilesPage />) {
  const view = renderWithProviders(page, { preloadedState: signedInState() });
  await screen.findByRole('table', { name: 'Files' });
  return view;
}

function rowOf(name: string) {
  return screen.getByText(name).closest('tr') as HTMLElement;
}

function writes() {
  return sentRequests().filter((request) => !request.startsWith('GET '));
}

describe('FilesPage', () => {
  it('lists the files newest first with name, size, date, first category and link count', async () => {
    await renderFiles();
    expect(screen.getByRole('heading', { name: 'File Managment' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Files' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['File Name', 'Category', 'Substance Link', 'Action']);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].firstChild?.textContent)).toEqual([
      'msds_ethanol.pdf',
      'lab_rules.txt',
    ]);
    const msds = rowOf('msds_ethanol.pdf');
    expect(msds).toHaveTextContent('1.8 KB · November 21, 2026');
    expect(within(msds).getByText('MSDS')).toBeInTheDocument();
    expect(within(msds).queryByText('Safety')).not.toBeInTheDocument();
    expect(
      within(msds).getByRole('button', { name: '1 substance linked to msds_ethanol.pdf' }),
    ).toHaveTextContent('1');
    expect(rowOf('lab_rules.txt')).toHaveTextContent('0.5 KB · October 2, 2026');
    expect(within(rowOf('lab_rules.txt')).queryByRole('button', { name: 'More categories' })).toBeNull();
  });

  it('offers the same export to the administrator', async () => {
    const saved = captureDownloads();
    const { user } = await renderFiles();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [header, ...rows] = await csvRows(saved[0]);
    expect(header).toEqual(['File Name', 'Size (KB)', 'Uploaded (UTC)', 'Category', 'Substance Link']);
    expect(rows.map((row) => row[0])).toEqual(['msds_ethanol.pdf', 'lab_rules.txt']);
  });

  it('shows the other categories in a menu', async () => {
    const { user } = await renderFiles();
    await user.click(within(rowOf('msds_ethanol.pdf')).getByRole('button', { name: 'More categories' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Safety']);
  });

  it('opens each file in a new tab from the file base', async () => {
    await renderFiles();
    const open = screen.getByRole('link', { name: 'Open msds_ethanol.pdf' });
    expect(open).toHaveAttribute('href', '/media/files/msds_ethanol.pdf');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener');
  });

  it("says 'Something Went Wrong.' when the list cannot be loaded", async () => {
    server.use(
      http.get('*/api/filemanager/files/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })),
    );
    renderWithProviders(<FilesPage />, { preloadedState: signedInState() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong.');
  });

  describe('Delete', () => {
    it('asks first, then deletes the file and reloads the list', async () => {
      const { user } = await renderFiles();
      await user.click(screen.getByRole('button', { name: 'Delete msds_ethanol.pdf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete File' });
      expect(dialog).toHaveTextContent('Delete msds_ethanol.pdf?');
      expect(writes()).toEqual([]);

      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByText('msds_ethanol.pdf')).not.toBeInTheDocument());
      expect(await screen.findByText('msds_ethanol.pdf deleted.')).toBeInTheDocument();
      expect(sentRequests()).toEqual([LIST, 'DELETE /api/filemanager/files/2/', LIST]);
    });

    it('keeps the file when cancelled', async () => {
      const { user } = await renderFiles();
      await user.click(screen.getByRole('button', { name: 'Delete lab_rules.txt' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete File' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await readAsAdmin('/api/filemanager/files/')).toHaveLength(2);
      expect(writes()).toEqual([]);
    });
  });

  describe('Link File to Substances', () => {
    async function openLinks(fileName = 'msds_ethanol.pdf') {
      const view = await renderFiles();
      await view.user.click(within(rowOf(fileName)).getByRole('button', { name: /linked to/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Link File to Substances' });
      return { ...view, dialog };
    }

    function capturePatches() {
      const bodies: unknown[] = [];
      server.use(
        http.patch('*/api/filemanager/files/:id/', async ({ request }) => {
          bodies.push(await request.clone().json());
        }),
      );
      return bodies;
    }

    it('lists the linked chemicals with a remove button each and an Add Links button', async () => {
      const { dialog } = await openLinks();
      const table = within(dialog).getByRole('table', { name: 'Linked substances' });
      expect(within(table).getByRole('cell', { name: 'Ethanol' })).toBeInTheDocument();
      expect(within(table).getByRole('cell', { name: '64-17-5' })).toBeInTheDocument();
      expect(within(table).getByRole('cell', { name: 'Merck' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Remove Ethanol' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Add Links' })).toBeInTheDocument();
    });

    it('says so when no substance is linked', async () => {
      const { dialog } = await openLinks('lab_rules.txt');
      expect(dialog).toHaveTextContent('No substances are linked to this file.');
    });

    it('removes a link by sending the remaining chemicals, and the count refreshes', async () => {
      const bodies = capturePatches();
      const { user, dialog } = await openLinks();
      await user.click(within(dialog).getByRole('button', { name: 'Remove Ethanol' }));

      expect(await within(dialog).findByText('No substances are linked to this file.')).toBeInTheDocument();
      expect(bodies).toEqual([{ chemicals: [] }]);
      expect(sentRequests()).toEqual([LIST, 'PATCH /api/filemanager/files/2/', LIST]);
      expect(screen.getByText('Ethanol unlinked from msds_ethanol.pdf.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(
        await screen.findByRole('button', { name: '0 substances linked to msds_ethanol.pdf' }),
      ).toBeInTheDocument();
    });

    it('shows the links changed meanwhile in the dialog, with who and when, and reapplies the change over them', async () => {
      const ifMatches: (string | null)[] = [];
      server.use(
        http.patch('*/api/filemanager/files/2/', ({ request }) => {
          ifMatches.push(request.headers.get('If-Match'));
        }),
      );
      const opened = await currentVersion('/api/filemanager/files/2/');
      const { user, dialog } = await openLinks();
      // Another store manager links Sodium chloride to the file meanwhile.
      await callAs(await signIn('ann@lab.org', 'ann-password'), 'PATCH', '/api/filemanager/files/2/', {
        chemicals: [1, 2],
      });
      const changed = await lastAudited('file', 2);
      await user.click(within(dialog).getByRole('button', { name: 'Remove Ethanol' }));

      const notice = await within(dialog).findByRole('alert', { name: 'Changed meanwhile' });
      expect(notice).toHaveTextContent(`Changed by ann@lab.org at ${localDateTime(changed.at)}`);
      expect(conflictRows(dialog)).toEqual([
        ['Linked substances', '—', 'Ethanol (99.5%, Merck), Sodium chloride (99%, Sigma-Aldrich)'],
      ]);
      expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
      // The dialog's list is the file as it is now.
      const table = within(dialog).getByRole('table', { name: 'Linked substances' });
      expect(await within(table).findByRole('cell', { name: 'Sodium chloride' })).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Reapply my changes' }));
      // Ethanol unlinked, as asked; Ann's Sodium chloride stays linked.
      await waitFor(() =>
        expect(within(table).queryByRole('cell', { name: 'Ethanol' })).not.toBeInTheDocument(),
      );
      expect(within(table).getByRole('cell', { name: 'Sodium chloride' })).toBeInTheDocument();
      expect(ifMatches).toEqual([`"${opened}"`, `"${opened + 1}"`]);
      expect(await readAsAdmin('/api/filemanager/files/2/')).toMatchObject({ chemicals: [{ id: 2 }] });
    });

    it('shows a failed link change in the error dialog with the shared-rule message', async () => {
      // What our server answers when a chemical was deleted meanwhile; removing a link alone never fails.
      server.use(
        http.patch('*/api/filemanager/files/:id/', () =>
          HttpResponse.json({ chemicals: ['Invalid pk "1" - object does not exist.'] }, { status: 400 }),
        ),
      );
      const { user, dialog } = await openLinks();
      await user.click(within(dialog).getByRole('button', { name: 'Remove Ethanol' }));
      const error = await screen.findByRole('dialog', { name: 'Error' });
      expect(error).toHaveTextContent('chemicals: Invalid pk "1" - object does not exist.');
    });

    describe('Add Substance Links', () => {
      async function openAdd() {
        const view = await openLinks();
        await view.user.click(within(view.dialog).getByRole('button', { name: 'Add Links' }));
        const add = await screen.findByRole('dialog', { name: 'Add Substance Links' });
        return { ...view, add };
      }

      async function search(
        user: Awaited<ReturnType<typeof openAdd>>['user'],
        add: HTMLElement,
        text: string,
      ) {
        await user.click(within(add).getByRole('searchbox', { name: 'Search substances' }));
        await user.paste(text);
        return within(add).findByRole('list', { name: 'Substances found' });
      }

      it('searches chemicals and links the chosen one, adding it to the list', async () => {
        const bodies = capturePatches();
        const { user, add, dialog } = await openAdd();
        const results = await search(user, add, 'sodium');
        const [hit] = within(results).getAllByRole('listitem');
        expect(hit).toHaveTextContent('Sodium chloride');
        await user.click(within(hit).getByRole('button', { name: 'Add Link' }));

        expect(
          await screen.findByText('Sodium chloride (99%, Sigma-Aldrich) linked to msds_ethanol.pdf.'),
        ).toBeInTheDocument();
        expect(bodies).toEqual([{ chemicals: [1, 2] }]);
        await user.click(within(add).getByRole('button', { name: 'Close' }));
        // The dialog behind shows the new link once the file list has been fetched again.
        expect(await within(dialog).findByRole('cell', { name: 'Sodium chloride' })).toBeInTheDocument();
        expect(sentRequests()).toEqual([
          LIST,
          'GET /api/management/fuzzysearch/',
          'PATCH /api/filemanager/files/2/',
          LIST,
        ]);
      });

      it("says 'It's Already Added.' for a linked chemical and sends nothing", async () => {
        const { user, add } = await openAdd();
        const results = await search(user, add, 'ethanol');
        const hit = within(results)
          .getAllByRole('listitem')
          .find((item) => item.textContent?.includes('Ethanol')) as HTMLElement;
        await user.click(within(hit).getByRole('button', { name: 'Add Link' }));

        expect(await screen.findByText("It's Already Added.")).toBeInTheDocument();
        expect(writes()).toEqual([]);
      });

      it('searches chemicals only', async () => {
        let searchedType: string | null = null;
        server.use(
          http.get('*/api/management/fuzzysearch/', ({ request }) => {
            searchedType = new URL(request.url).searchParams.get('type');
          }),
        );
        const { user, add } = await openAdd();
        await search(user, add, 'e');
        expect(searchedType).toBe('chemical');
      });
    });
  });
});

describe('PublicFilesPage', () => {
  it('is read-only: open links and a substance list without remove or add', async () => {
    const { user } = await renderFiles(<PublicFilesPage />);
    expect(screen.getByRole('heading', { name: 'File Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open lab_rules.txt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload File' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '1 substance linked to msds_ethanol.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link File to Substances' });
    expect(within(dialog).getByRole('cell', { name: 'Ethanol' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add Links' })).not.toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
  });

  it('exports the files as listed: size unrounded and upload instant after the name, categories, link count', async () => {
    const risk = await createCategory('@risk');
    await at('2026-11-23T08:00:00.000Z', () =>
      uploadFile({ name: 'notes.txt', content: 'x', categories: [risk.id] }),
    );
    const saved = captureDownloads();
    const { user } = await renderFiles(<PublicFilesPage />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(exportNamePattern('files'));
    expect(await csvRows(saved[0])).toEqual([
      ['File Name', 'Size (KB)', 'Uploaded (UTC)', 'Category', 'Substance Link'],
      ['notes.txt', '0.0009765625', '2026-11-23T08:00:00.000Z', "'@risk", '0'],
      ['msds_ethanol.pdf', '1.8359375', '2026-11-21T12:57:09.539Z', 'MSDS; Safety', '1'],
      ['lab_rules.txt', '0.5', '2026-10-02T12:00:00.000Z', 'Protocols', '0'],
    ]);
  });

  it('loads without signing in', async () => {
    renderWithProviders(<PublicFilesPage />);
    expect(await screen.findByRole('link', { name: 'Open msds_ethanol.pdf' })).toBeInTheDocument();
  });
});
