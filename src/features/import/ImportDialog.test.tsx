import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/render';
import { readAsAdmin, seedAdmin, seedStock } from '../../testing/seed';
import { server } from '../../testing/server';
import { StockQuantities } from '../../testing/StockQuantities';
import { setupTestServer } from '../../testing/testServer';
import { ImportButton } from './ImportButton';

setupTestServer(async () => {
  await seedAdmin();
  await seedStock();
});

// Row 2 adds to Ethanol (same identifying fields), row 3 is new, rows 4–6 hold one error each.
const DELIVERY = [
  'Name;CAS RN;Molecular formula;purity;manufacturer;supplier;state;Amount;Notes',
  'Ethanol;64-17-5;C2H6O;99.5;Merck;Daraz;LIQUID;0.5 L;top shelf',
  'Acetone;67-64-1;C3H6O;99;Merck;Daraz;LIQUID;2.5 L;',
  'Toluene;108-88-4;C7H8;99;Merck;Daraz;LIQUID;1 L;bad check digit',
  'Hexane;110-54-3;C6H14;95;Merck;Daraz;LIQUID;-3;negative',
  'Argon;7440-37-1;Ar;99.9;Linde;Daraz;PLASMA;10;unknown state',
].join('\n');

// Behind the full-screen dialog, so hidden from the accessibility tree while it is open.
const stockList = () => screen.getByRole('list', { name: 'Chemical stock', hidden: true });

const deliveryFile = () => new File([DELIVERY], 'delivery.csv', { type: 'text/csv' });

async function openWizard() {
  const view = renderWithProviders(
    <>
      <ImportButton kind="chemical" />
      <StockQuantities kind="chemical" />
    </>,
    { preloadedState: signedInState() },
  );
  await view.user.click(screen.getByRole('button', { name: 'Import' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Import chemicals' }) };
}

async function uploadAndPreview() {
  const view = await openWizard();
  const { user, dialog } = view;
  await user.upload(within(dialog).getByLabelText('Spreadsheet file'), deliveryFile());
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  // The server's automatic mapping: 'Amount' → quantity, the unknown 'Notes' ignored.
  expect(await within(dialog).findByRole('combobox', { name: 'Column “Amount”' })).toHaveTextContent(
    'quantity',
  );
  expect(within(dialog).getByRole('combobox', { name: 'Column “Notes”' })).toHaveTextContent('Ignore');
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await within(dialog).findByRole('table', { name: 'Preview' });
  return view;
}

const rowOf = (dialog: HTMLElement, row: number) =>
  within(within(dialog).getByRole('table', { name: 'Preview' }))
    .getAllByRole('row')
    .find((tr) => within(tr).queryAllByRole('cell')[0]?.textContent === String(row))!;

describe('Import wizard', () => {
  it('maps, previews per-cell errors, skips them and commits; the Store list refetches', async () => {
    const { user, dialog } = await uploadAndPreview();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '1 new record, 1 row adds to existing records, 3 rows have errors.',
    );
    expect(within(rowOf(dialog, 2)).getAllByRole('cell')[1]).toHaveTextContent('Adds to #1');
    expect(within(rowOf(dialog, 3)).getAllByRole('cell')[1]).toHaveTextContent('New record');
    // Each message under the cell it is about, the cell marked invalid.
    const badCas = within(rowOf(dialog, 4)).getByText('⚠ Enter a valid CAS registry number.').closest('td')!;
    expect(badCas).toHaveTextContent('108-88-4');
    expect(badCas).toHaveAttribute('aria-invalid', 'true');
    // In the words the forms use, never the server's own texts.
    expect(within(rowOf(dialog, 5)).getByText('⚠ Enter 0 or more.')).toBeVisible();
    const badState = within(rowOf(dialog, 6)).getByText('⚠ Choose a state from the list.').closest('td')!;
    expect(badState).toHaveTextContent('PLASMA');
    expect(within(dialog).queryByText(/is not a valid choice|Ensure this value/)).not.toBeInTheDocument();

    const importButton = within(dialog).getByRole('button', { name: 'Import 2 rows' });
    expect(importButton).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Skip rows with errors' }));
    await user.click(importButton);

    expect(
      await within(dialog).findByText(/Imported delivery\.csv: 1 new record, 1 row added/),
    ).toHaveTextContent('3 rows with errors skipped');
    const stock = stockList();
    await waitFor(() => expect(stock).toHaveTextContent('Ethanol: 750.5'));
    expect(stock).toHaveTextContent('Acetone: 2500');
  });

  it('lets a column be read into another field or ignored', async () => {
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Spreadsheet file'), deliveryFile());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await user.click(await within(dialog).findByRole('combobox', { name: 'Column “state”' }));
    await user.click(screen.getByRole('option', { name: 'Ignore' }));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    // Without a state, every row lacks a required field.
    expect(await within(dialog).findByRole('status')).toHaveTextContent('5 rows have errors');
    expect(within(rowOf(dialog, 3)).getByText('Error')).toBeVisible();
  });

  it('says why a file is refused, in the server’s words', async () => {
    const { user, dialog } = await openWizard();
    await user.upload(within(dialog).getByLabelText('Spreadsheet file'), new File([''], 'empty.csv'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('file: The submitted file is empty.');
    await user.upload(
      within(dialog).getByLabelText('Spreadsheet file'),
      new File(['colour;size\nred;3'], 'x.csv'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'file: No column of the first row names a field of a chemical record',
    );
  });

  it('shows a failed commit readably, with nothing imported and the preview kept', async () => {
    const { user, dialog } = await uploadAndPreview();
    server.use(
      http.post('*/api/management/imports/:id/commit/', () =>
        HttpResponse.json({ detail: 'Something broke.' }, { status: 500 }),
      ),
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Skip rows with errors' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something broke. Nothing was imported; the file is still here to try again.',
    );
    expect(within(dialog).getByRole('table', { name: 'Preview' })).toBeVisible();
    const imports = await readAsAdmin<{ status: string }[]>('/api/management/imports/');
    expect(imports.map((session) => session.status)).toEqual(['PENDING']);
    expect(stockList()).toHaveTextContent('Ethanol: 250.5');
  });

  it('lists past imports and undoes one after naming its file', async () => {
    const { user, dialog } = await uploadAndPreview();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Skip rows with errors' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    await within(dialog).findByText(/Imported delivery\.csv/);
    await user.click(within(dialog).getByRole('tab', { name: 'Past imports' }));
    const table = await within(dialog).findByRole('table', { name: 'Past imports' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/delivery\.csv.*admin@lab\.org.*Imported/);
    // Paged by the server: its count, and the page shown.
    expect(within(dialog).getByText('1–1 of 1')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Undo import delivery.csv' }));
    const confirm = screen.getByRole('dialog', { name: 'Undo import?' });
    expect(confirm).toHaveTextContent('what delivery.csv added to 2 records');
    await user.click(within(confirm).getByRole('button', { name: 'Undo import' }));
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Undone by admin@lab\.org/),
    );
    await waitFor(() => expect(stockList()).toHaveTextContent('Ethanol: 250.5'));
    expect(stockList()).toHaveTextContent('Acetone: 0');
  });
});
