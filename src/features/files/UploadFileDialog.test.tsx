import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FileRecord } from '../../api/files';
import { renderWithProviders, signedInState } from '../../testing/render';
import { deleteCategory, seedLab } from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { FilesPage } from './FilesPage';

const UPLOAD_LIMIT_BYTES = 16 * 1024;

setupTestServer(seedLab, { uploadMaxBytes: UPLOAD_LIMIT_BYTES });

// Nested MUI dialogs, a select and search-as-you-type make these tests slow on a busy machine.

async function openUpload() {
  const view = renderWithProviders(<FilesPage />, { preloadedState: signedInState() });
  await screen.findByRole('table', { name: 'Files' });
  await view.user.click(screen.getByRole('button', { name: 'Upload File' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
  return { ...view, dialog };
}

type User = Awaited<ReturnType<typeof openUpload>>['user'];

async function pickCategories(user: User, dialog: HTMLElement, names: string[]) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Categories' }));
  const listbox = await screen.findByRole('listbox');
  for (const name of names) await user.click(within(listbox).getByRole('option', { name }));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

async function addChemical(user: User, dialog: HTMLElement, query: string, name: string) {
  const search = within(dialog).getByRole('searchbox', { name: 'Search substances' });
  await user.clear(search);
  await user.paste(query);
  // The previous query's results stay until the new ones arrive.
  const hit = await waitFor(() => {
    const results = within(dialog).getByRole('list', { name: 'Substances found' });
    const found = within(results)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.startsWith(name));
    if (!found) throw new Error(`No result ${name} for ${query} yet`);
    return found;
  });
  await user.click(within(hit).getByRole('button', { name: 'Add' }));
}

function chosenChemicals(dialog: HTMLElement) {
  const list = within(dialog).queryByRole('list', { name: 'Substances to link' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
}

const pdf = () => new File(['%PDF-1.4 safety data'], 'NaCl safety.pdf', { type: 'application/pdf' });

describe('Upload File', () => {
  it('has the category select, substance search, file picker, Cancel and Submit', async () => {
    const { dialog } = await openUpload();
    expect(within(dialog).getByRole('combobox', { name: 'Categories' })).toBeInTheDocument();
    expect(within(dialog).getByRole('searchbox', { name: 'Search substances' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('File')).toHaveAttribute('type', 'file');
    expect(within(dialog).getByText('No file chosen')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('says where to make a category when there is none, and goes there', async () => {
    for (const id of [1, 2, 3]) await deleteCategory(id);
    const { user, dialog, store } = await openUpload();
    expect(
      await within(dialog).findByText(/^No categories yet: a file can go without one/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Category page' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().ui.adminPage).toBe(8);
  });

  it("says 'Please Upload a File.' without a file and sends nothing", async () => {
    const { user, dialog } = await openUpload();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please Upload a File.')).toBeInTheDocument();
    expect(sentRequests().filter((request) => request.startsWith('POST'))).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Upload File' })).toBeInTheDocument();
  });

  it('sends the categories, the chemicals once each and the file as multipart parts, then lists it', async () => {
    let form: FormData | undefined;
    server.use(
      http.post('*/api/filemanager/files/', async ({ request }) => {
        form = await request.clone().formData();
      }),
    );
    const { user, dialog } = await openUpload();
    await pickCategories(user, dialog, ['MSDS', 'Safety']);
    await addChemical(user, dialog, 'sodium', 'Sodium chloride');
    await addChemical(user, dialog, 'NaCl', 'Sodium chloride');
    await addChemical(user, dialog, 'ethanol', 'Ethanol');
    expect(chosenChemicals(dialog)).toEqual([
      'Sodium chloride (99%, Sigma-Aldrich)',
      'Ethanol (99.5%, Merck)',
    ]);
    await user.upload(within(dialog).getByLabelText('File'), pdf());
    expect(within(dialog).getByText('NaCl safety.pdf (0.0 KB)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('NaCl_safety.pdf uploaded.')).toBeInTheDocument();
    expect(form?.getAll('categories')).toEqual(['1', '3']);
    expect(form?.getAll('chemicals')).toEqual(['2', '1']);
    const sent = form?.get('file') as File;
    expect(sent.name).toBe('NaCl safety.pdf');
    expect(await sent.text()).toBe('%PDF-1.4 safety data');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Open NaCl_safety.pdf' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: '2 substances linked to NaCl_safety.pdf' }),
    ).toBeInTheDocument();
    expect(sentRequests().filter((request) => request.includes('/files/'))).toEqual([
      'GET /api/filemanager/files/',
      'POST /api/filemanager/files/',
      'GET /api/filemanager/files/',
    ]);
  });

  it('drops a chosen chemical when its chip is deleted', async () => {
    const { user, dialog } = await openUpload();
    await addChemical(user, dialog, 'ethanol', 'Ethanol');
    const chip = within(dialog).getByRole('button', { name: 'Ethanol (99.5%, Merck)' });
    act(() => chip.focus());
    await user.keyboard('{Backspace}');
    expect(chosenChemicals(dialog)).toEqual([]);
  });

  it('shows the share sent while uploading', async () => {
    const uploaded: FileRecord = {
      id: 9,
      created_at: '2026-11-22T10:00:00.000Z',
      file: { path: '/media/files/big.pdf', size: 20 },
      categories: [],
      chemicals: [],
      version: 1,
    };
    let answer: (() => void) | undefined;
    let finishBody: (() => void) | undefined;
    server.use(
      http.post('*/api/filemanager/files/', async () => {
        // First hold the request; then send the headers (the body has gone out) but hold the response body.
        await new Promise<void>((resolve) => (answer = resolve));
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            finishBody = () => {
              controller.enqueue(new TextEncoder().encode(JSON.stringify(uploaded)));
              controller.close();
            };
          },
        });
        return new HttpResponse(body, { status: 201, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const { user, dialog } = await openUpload();
    await user.upload(within(dialog).getByLabelText('File'), new File(['x'.repeat(20 * 1024)], 'big.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const progress = await within(dialog).findByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(dialog).toHaveTextContent('0%');
    answer?.();
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '100'));
    expect(dialog).toHaveTextContent('100%');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    finishBody?.();
    expect(await screen.findByText('big.pdf uploaded.')).toBeInTheDocument();
  });

  it('shows a refused upload in the error dialog and keeps the form', async () => {
    const { user, dialog } = await openUpload();
    const tooBig = new File(['x'.repeat(UPLOAD_LIMIT_BYTES + 1)], 'NaCl safety.pdf', {
      type: 'application/pdf',
    });
    await user.upload(within(dialog).getByLabelText('File'), tooBig);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error).toHaveTextContent('File too large. The limit is 16 KB.');
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('dialog', { name: 'Upload File' })).toHaveTextContent('NaCl safety.pdf');
  });
});
