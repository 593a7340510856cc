import { act, screen, waitFor, within } from '@testing-library/react';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/render';
import { deleteStock, readAsAdmin, seedAdmin, seedStock, stageLine } from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { inject, setupTestServer } from '../../testing/testServer';
import { AdminStorePage, StorePage } from './StorePage';

// Stock without history: nothing refers to the records, so every one of them can be deleted.
setupTestServer(async () => {
  await seedAdmin();
  await seedStock();
});

/** A required field's label ends with MUI's " *" marker. */
function field(label: string) {
  return new RegExp(`^${label}( \\*)?$`);
}

function headers() {
  return within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
}

/** The Store's headers with the units its files name in them (docs/api.md §14). */
const unitHeaders: Record<string, string> = {
  'Molecular Weight': 'Molecular Weight (g/mol)',
  Purity: 'Purity (%)',
  Amount: 'Amount (ml)',
  Quantity: 'Quantity (pieces)',
  Minimum: 'Minimum (ml)',
};

/** The path and query of a link's target, for the test server. */
function linkTarget(name: string): string {
  const href = new URL(screen.getByRole('link', { name }).getAttribute('href')!, 'http://store.lab.org');
  return `${href.pathname}${href.search}`;
}

/** The cell values of an .xlsx download's first sheet, row by row. */
async function firstSheet(bytes: Uint8Array): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function rowOf(name: string) {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

function cellsOf(name: string) {
  return within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

async function renderStore(page = <StorePage />) {
  const view = renderWithProviders(page, { preloadedState: signedInState() });
  await screen.findByRole('cell', { name: 'Ethanol' });
  return view;
}

const renderAdminStore = () => renderStore(<AdminStorePage />);

describe('StorePage', () => {
  it("offers the tab's list, in the table's order and filter, as CSV and Excel downloads of its columns", async () => {
    const { user } = await renderStore();
    // Largest amount first: the file numbers its rows as the table does, not by record id.
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(cellsOf('Sodium chloride')[0]).toBe('1'));

    const csvUrl = linkTarget('Export CSV');
    expect(csvUrl).toBe('/api/storeobjects/chemicalobjs/export/?format=csv&ordering=-quantity');
    const file = await inject({ url: csvUrl });
    expect(file.statusCode).toBe(200);
    const [header, ...rows] = parse(Buffer.from(file.body), { bom: true }) as string[][];
    // The Hazards column is two in a file: the H-codes and the pictograms' codes (docs/api.md §14).
    expect(header).toEqual(
      headers().flatMap((name) =>
        name === 'Hazards' ? ['Hazard statements', 'Pictograms'] : [unitHeaders[name] ?? name],
      ),
    );
    expect(rows).toEqual([
      [
        '1',
        'Sodium chloride',
        '',
        '7647-14-5',
        'NaCl',
        '58.44',
        '99',
        '500',
        '',
        '',
        '',
        'SOLID',
        'Sigma-Aldrich',
        'Daraz',
        '',
      ],
      [
        '2',
        'Ethanol',
        '',
        '64-17-5',
        'C2H6O',
        '46.069',
        '99.5',
        '250.5',
        '',
        '',
        '',
        'LIQUID',
        'Merck',
        'Daraz',
        '',
      ],
    ]);
    expect(cellsOf('Sodium chloride')).toEqual([
      '1',
      'Sodium chloride',
      '',
      '7647-14-5',
      'NaCl',
      '58.44',
      '99',
      '500 ml',
      '',
      '',
      'Solid',
      'Sigma-Aldrich',
      'Daraz',
      '',
    ]);

    const excelUrl = linkTarget('Export Excel');
    expect(excelUrl).toBe('/api/storeobjects/chemicalobjs/export/?format=xlsx&ordering=-quantity');
    const workbook = await inject({ url: excelUrl });
    const sheet = await firstSheet(workbook.body);
    expect(sheet[0]).toEqual(header);
    expect(sheet[2]).toEqual([
      2,
      'Ethanol',
      // No expiry date, no minimum: empty cells.
      undefined,
      '64-17-5',
      'C2H6O',
      46.069,
      99.5,
      250.5,
      undefined,
      undefined,
      undefined,
      'LIQUID',
      'Merck',
      'Daraz',
    ]);

    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'sodium');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Ethanol' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/chemicalobjs\/export\/\?format=xlsx&ordering=-quantity&search=sodium$/),
    );

    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/storeobjects\/glasswareobjs\/export\/\?format=csv$/),
    );
  });

  it('opens on the Chemical tab with the SPEC columns, amounts in ml and states by name', async () => {
    renderWithProviders(<StorePage />);
    expect(screen.getByRole('tab', { name: 'Chemical' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading chemical stock' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Ethanol' });

    expect(headers()).toEqual([
      '#',
      'Name',
      'Expires',
      'CAS RN',
      'Molecular Formula',
      'Molecular Weight',
      'Purity',
      'Amount',
      'Hazards',
      'Minimum',
      'State',
      'Manufacturer',
      'Supplier',
      'Storage place',
    ]);
    expect(cellsOf('Ethanol')).toEqual([
      '1',
      'Ethanol',
      '',
      '64-17-5',
      'C2H6O',
      '46.069',
      '99.5',
      '250.5 ml',
      '',
      '',
      'Liquid',
      'Merck',
      'Daraz',
      '',
    ]);
    // The molecular weight the server computed from the formula.
    expect(cellsOf('Sodium chloride')).toContain('58.44');
    expect(cellsOf('Sodium chloride')).toContain('Solid');
  });

  it('shows instruments and glassware on their tabs, in pieces, chosen with the keyboard', async () => {
    const { user } = await renderStore();
    act(() => screen.getByRole('tab', { name: 'Chemical' }).focus());
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('tab', { name: 'Instrument' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('cell', { name: 'Spectrophotometer' });
    expect(headers()).toEqual(['Name', 'Quantity', 'Minimum', 'Manufacturer', 'Supplier', 'Storage place']);
    expect(cellsOf('Spectrophotometer')).toEqual([
      'Spectrophotometer',
      '3 pieces',
      '',
      'Shimadzu',
      'Daraz',
      '',
    ]);

    await user.keyboard('{ArrowRight}{Enter}');
    await screen.findByRole('cell', { name: 'Beaker' });
    expect(headers()).toEqual([
      'Name',
      'Expires',
      'Quantity',
      'Minimum',
      'Size',
      'Type',
      'Manufacturer',
      'Supplier',
      'Storage place',
    ]);
    expect(cellsOf('Beaker')).toEqual([
      'Beaker',
      '',
      '20 pieces',
      '',
      '250',
      'Borosilicate',
      'Pyrex',
      'Daraz',
      '',
    ]);
  });

  it('offers no write controls on the public page', async () => {
    await renderStore();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Ethanol' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ethanol' })).not.toBeInTheDocument();
    expect(headers()).not.toContain('Action');
  });

  it("says 'Nothig Found' for an empty list", async () => {
    await deleteStock('glassware', 1);
    await deleteStock('glassware', 2);
    const { user } = await renderStore();
    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    expect(await screen.findByText('Nothig Found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'Something Went Wrong' in place when the list cannot be loaded", async () => {
    server.use(
      http.get('*/api/storeobjects/chemicalobjs/', () =>
        HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 }),
      ),
    );
    renderWithProviders(<StorePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong');
    expect(screen.getAllByText('Something Went Wrong')).toHaveLength(1);
  });
});

describe('AdminStorePage', () => {
  it('adds an Action column with Edit and Delete per row, named after the item', async () => {
    await renderAdminStore();
    expect(headers().at(-1)).toBe('Action');
    expect(within(rowOf('Ethanol')).getByRole('button', { name: 'Edit Ethanol' })).toBeInTheDocument();
    expect(within(rowOf('Ethanol')).getByRole('button', { name: 'Delete Ethanol' })).toBeInTheDocument();
  });

  describe('New Chemical', () => {
    async function openNew() {
      const view = await renderAdminStore();
      await view.user.click(screen.getByRole('button', { name: 'New' }));
      const dialog = await screen.findByRole('dialog', { name: 'New Chemical' });
      return { ...view, dialog };
    }

    async function fill(
      user: Awaited<ReturnType<typeof openNew>>['user'],
      dialog: HTMLElement,
      values: Record<string, string>,
    ) {
      for (const [label, value] of Object.entries(values)) {
        const input = within(dialog).getByLabelText(field(label));
        await user.clear(input);
        // Pasting keeps the long forms fast; typing is covered by the filter and edit tests.
        await user.paste(value);
      }
    }

    const acetone = {
      Name: 'Acetone',
      'CAS RN': '67-64-1',
      'Molecular Formula': 'C3H6O',
      Purity: '99.8',
      Manufacturer: 'Merck',
      Supplier: 'Daraz',
      Quantity: '1000',
    };

    it('starts the state on the disabled placeholder and explains the optional molecular weight', async () => {
      const { user, dialog } = await openNew();
      expect(within(dialog).getByLabelText(field('Name'))).toHaveFocus();
      expect(within(dialog).getByLabelText('Molecular Weight')).toHaveAccessibleDescription(
        'Optional: when left empty, the server computes it from the formula.',
      );
      const state = within(dialog).getByRole('combobox', { name: /^State/ });
      expect(state).toHaveTextContent('Please Choose...');

      await user.click(state);
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual([
        'Please Choose...',
        'Solid',
        'Liquid',
        'Gas',
      ]);
      expect(options[0]).toHaveAttribute('aria-disabled', 'true');
    });

    it('shows a server field error under the field only (no toast), then creates the record', async () => {
      const { user, dialog } = await openNew();
      await fill(user, dialog, { ...acetone, 'CAS RN': '67-64-2' });
      await user.click(within(dialog).getByRole('combobox', { name: /^State/ }));
      await user.click(await screen.findByRole('option', { name: 'Liquid' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const casRn = within(dialog).getByLabelText(field('CAS RN'));
      await waitFor(() => expect(casRn).toHaveAttribute('aria-invalid', 'true'));
      expect(document.body).not.toHaveTextContent('CAS_RN');
      expect(casRn).toHaveAccessibleDescription('Enter a valid CAS registry number.');
      expect(screen.getByRole('dialog', { name: 'New Chemical' })).toBeInTheDocument();

      await fill(user, dialog, { 'CAS RN': '67-64-1' });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Acetone saved.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The server filled in the molecular weight from the formula.
      // The first cell holds the row's label-printing checkbox.
      expect(cellsOf('Acetone')).toEqual([
        '',
        '3',
        'Acetone',
        '',
        '67-64-1',
        'C3H6O',
        '58.08',
        '99.8',
        '1000 ml',
        '',
        '',
        'Liquid',
        'Merck',
        'Daraz',
        '',
        '',
      ]);
    });

    it('reports an unchosen state under the State field', async () => {
      const { user, dialog } = await openNew();
      await fill(user, dialog, acetone);
      await user.keyboard('{Enter}');

      const state = within(dialog).getByRole('combobox', { name: /^State/ });
      await waitFor(() => expect(state).toHaveAttribute('aria-invalid', 'true'));
      expect(within(dialog).getByText('Choose a state.')).toBeVisible();
      // Said once, beside the field: no toast, and no server text anywhere.
      expect(document.body).not.toHaveTextContent('is not a valid choice');
      expect(document.body).not.toHaveTextContent('state:');
      expect(await readAsAdmin('/api/storeobjects/chemicalobjs/')).toHaveLength(2);
    });

    it('says a blank CAS RN beside the field in words, with no raw CAS_RN text anywhere', async () => {
      const { user, dialog } = await openNew();
      await fill(
        user,
        dialog,
        Object.fromEntries(Object.entries(acetone).filter(([label]) => label !== 'CAS RN')),
      );
      await user.click(within(dialog).getByRole('combobox', { name: /^State/ }));
      await user.click(await screen.findByRole('option', { name: 'Liquid' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const casRn = within(dialog).getByLabelText(field('CAS RN'));
      await waitFor(() => expect(casRn).toHaveAttribute('aria-invalid', 'true'));
      expect(casRn).toHaveAccessibleDescription('Enter a CAS number.');
      expect(document.body).not.toHaveTextContent('CAS_RN');
      expect(document.body).not.toHaveTextContent('This field may not be blank.');
      expect(screen.getByRole('dialog', { name: 'New Chemical' })).toBeInTheDocument();
      expect(await readAsAdmin('/api/storeobjects/chemicalobjs/')).toHaveLength(2);
    });
  });

  it('edits a record in the shared form, titled Edit Chemical', async () => {
    let body: unknown;
    server.use(
      http.put('*/api/storeobjects/chemicalobjs/:id/', async ({ request }) => {
        body = await request.clone().json();
      }),
    );
    const { user } = await renderAdminStore();
    await user.click(screen.getByRole('button', { name: 'Edit Ethanol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Chemical' });
    expect(within(dialog).getByLabelText(field('Name'))).toHaveValue('Ethanol');
    expect(within(dialog).getByRole('combobox', { name: /^State/ })).toHaveTextContent('Liquid');

    const quantity = within(dialog).getByLabelText(field('Quantity'));
    await user.clear(quantity);
    await user.type(quantity, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Ethanol saved.')).toBeInTheDocument();
    await waitFor(() => expect(cellsOf('Ethanol')).toContain('300 ml'));
    expect(body).toEqual({
      name: 'Ethanol',
      CAS_RN: '64-17-5',
      molecular_formula: 'C2H6O',
      molecular_weight: 46.069,
      purity: 99.5,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity: 300,
      // The hazard block sends only what the person changed (here nothing): the H-codes and the signal word are
      // the substance's (docs/api.md §16), which a PUT leaving them out keeps.
      // The fields of docs/api.md §11 and later go back as they were: unset.
      expiry_date: null,
      opened_on: null,
      minimum_quantity: null,
      storage_place: null,
      unit_price: null,
    });
    expect(sentRequests()).toContain('PUT /api/storeobjects/chemicalobjs/1/');
  });

  it('creates glassware in its own form', async () => {
    const { user } = await renderAdminStore();
    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    await screen.findByRole('cell', { name: 'Beaker' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Glassware' });
    const values = {
      Name: 'Burette',
      Size: '50',
      'Material Type': 'Borosilicate',
      Manufacturer: 'Duran',
      Supplier: 'Daraz',
    };
    for (const [label, value] of Object.entries(values))
      await user.type(within(dialog).getByLabelText(field(label)), value);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Burette saved.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Burette' })).toBeInTheDocument();
    expect(cellsOf('Burette')).toEqual([
      '',
      'Burette',
      '',
      '0 pieces',
      '',
      '50',
      'Borosilicate',
      'Duran',
      'Daraz',
      '',
      '',
    ]);
  });

  describe('Delete', () => {
    it('asks first, naming the item, then removes the row', async () => {
      const { user } = await renderAdminStore();
      await user.click(screen.getByRole('button', { name: 'Delete Sodium chloride' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Sodium chloride?' });
      // The Store asks for the lab's calendar beside the list (the expiry badges).
      expect([...sentRequests()].sort()).toEqual([
        'GET /api/calendar/',
        'GET /api/storeobjects/chemicalobjs/',
      ]);

      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Sodium chloride deleted.')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('cell', { name: 'Sodium chloride' })).not.toBeInTheDocument(),
      );
      expect(sentRequests()).toContain('DELETE /api/storeobjects/chemicalobjs/2/');
    });

    it('keeps the record when cancelled', async () => {
      const { user } = await renderAdminStore();
      await user.click(screen.getByRole('button', { name: 'Delete Ethanol' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Ethanol?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The Store asks for the lab's calendar beside the list (the expiry badges).
      expect([...sentRequests()].sort()).toEqual([
        'GET /api/calendar/',
        'GET /api/storeobjects/chemicalobjs/',
      ]);
    });

    it("shows the server's reason when the record is still referenced", async () => {
      await stageLine('chemical', 1, 10);
      const { user } = await renderAdminStore();
      await user.click(screen.getByRole('button', { name: 'Delete Ethanol' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Ethanol?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(
        await screen.findByText(
          "This stock record cannot be deleted: it is referenced by a user's shipment staging list.",
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText('Ethanol deleted.')).not.toBeInTheDocument();
      expect(screen.getByRole('cell', { name: 'Ethanol' })).toBeInTheDocument();
    });
  });
});
