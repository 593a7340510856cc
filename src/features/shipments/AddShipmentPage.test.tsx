import { screen, waitFor, within } from '@testing-library/react';
import { AdminShell } from '../../app/shells/AdminShell';
import type { ChemicalStock } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { adminToken, callAs, readAsAdmin, seedLab, stageLine, updateStock } from '../../testing/seed';
import { sentRequests } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { AddShipmentPage } from './AddShipmentPage';

setupTestServer(seedLab);

// Each test walks a whole flow through MUI inputs and dialogs, which takes seconds on a busy machine.

function renderPage() {
  return renderWithProviders(<AddShipmentPage />, { route: '/adminapp', preloadedState: signedInState() });
}

function headersOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
}

function rowOf(name: string) {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

/** A required field's label ends with MUI's " *" marker. */
function field(label: string) {
  return new RegExp(`^${label}( \\*)?$`);
}

// Seeded stock (seedLab): Ethanol (chemical 1), Sodium chloride (chemical 2), Spectrophotometer (instrument 1),
// Centrifuge (instrument 2), Beaker (glassware 1).
const chemicalStock = () => readAsAdmin<ChemicalStock[]>('/api/storeobjects/chemicalobjs/');

describe('AddShipmentPage', () => {
  it('shows the staging table of each tab with its SPEC columns, chemical first', async () => {
    await stageLine('chemical', 1, 12.5);
    await stageLine('instrument', 1, 2);
    await stageLine('glassware', 1, 10);
    const { user } = renderPage();
    expect(screen.getByRole('tab', { name: 'Chemical' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByPlaceholderText('Chemical...')).toBeInTheDocument();
    const chemicals = await screen.findByRole('table', { name: 'Staged chemical lines' });
    expect(headersOf(chemicals)).toEqual([
      '#',
      'Name',
      'CAS RN',
      'Purity',
      'State',
      'Quantity',
      'Manufacturer',
      'Supplier',
      'New Quantity',
      'Expiry date',
      'Unit price',
      'Action',
    ]);
    expect(within(rowOf('Ethanol')).getByRole('cell', { name: '250.5 ml' })).toBeInTheDocument();
    expect(within(rowOf('Ethanol')).getByRole('cell', { name: '12.5 ml' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    expect(screen.getByPlaceholderText('Instrument...')).toBeInTheDocument();
    const instruments = await screen.findByRole('table', { name: 'Staged instrument lines' });
    expect(headersOf(instruments)).toEqual([
      '#',
      'Name',
      'Quantity',
      'Manufacturer',
      'Supplier',
      'New Quantity',
      'Unit price',
      'Action',
    ]);

    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    expect(screen.getByPlaceholderText('Glassware...')).toBeInTheDocument();
    const glassware = await screen.findByRole('table', { name: 'Staged glassware lines' });
    expect(headersOf(glassware)).toEqual([
      '#',
      'Name',
      'Size',
      'Material Type',
      'Quantity',
      'Manufacturer',
      'Supplier',
      'New Quantity',
      'Expiry date',
      'Unit price',
      'Action',
    ]);
    expect(within(rowOf('Beaker')).getByRole('cell', { name: 'Borosilicate' })).toBeInTheDocument();
    expect(within(rowOf('Beaker')).getByRole('cell', { name: '10 pieces' })).toBeInTheDocument();
  });

  it('stages an existing glassware item found by search, its description read-only', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Glassware' }));
    await user.type(screen.getByPlaceholderText('Glassware...'), 'beak');
    await user.click(await screen.findByRole('option', { name: '250 - Beaker - 20 pieces - Pyrex - Daraz' }));

    const form = screen.getByRole('form', { name: 'Glassware line' });
    for (const [label, value] of [
      ['Name', 'Beaker'],
      ['Manufacturer', 'Pyrex'],
      ['Size', '250'],
      ['Material Type', 'Borosilicate'],
      ['Supplier', 'Daraz'],
      ['Current Quantity', '20 pieces'],
    ]) {
      expect(within(form).getByLabelText(label)).toHaveValue(value);
      expect(within(form).getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(within(form).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText(field('New Quantity')), '10');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Beaker added to the shipment.')).toBeInTheDocument();
    expect(within(rowOf('Beaker')).getByRole('cell', { name: '10 pieces' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Glassware line' })).not.toBeInTheDocument();
    expect(await readAsAdmin('/api/management/glassware-temp-shipment/')).toEqual([
      expect.objectContaining({ glassware: expect.objectContaining({ id: 1 }), quantity: 10 }),
    ]);
  });

  it("stages the expiry date of what arrives, shows the server's message for it, and the merge keeps an unknown date", async () => {
    const { user } = renderPage();
    await user.type(screen.getByPlaceholderText('Chemical...'), 'ethan');
    await user.click(await screen.findByRole('option', { name: /^Ethanol - 64-17-5/ }));
    const form = screen.getByRole('form', { name: 'Chemical line' });
    await user.type(within(form).getByLabelText(field('New Quantity')), '100');
    const expiry = within(form).getByLabelText('Expiry date');
    await user.type(expiry, '1899-12-31');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    // A refused field is said beside it, once: not also in SPEC §8's error dialog.
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
    expect(expiry).toHaveAccessibleDescription('Enter a real date (YYYY-MM-DD), not before 1900-01-01.');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('expiry_date');
    await user.clear(expiry);
    await user.type(expiry, '2027-06-30');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Ethanol added to the shipment.')).toBeInTheDocument();
    expect(within(rowOf('Ethanol')).getByRole('cell', { name: '2027-06-30' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge 1 line into stock?' });
    // The 250.5 ml it holds have no date: the lot's date does not stand for them (docs/api.md §11).
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'Ethanol: 250.5 ml → 350.5 ml; expiry stays unknown: the stock it holds has no date (set it once checked)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Shipment merged into stock.')).toBeInTheDocument();
    const ethanol = (await chemicalStock()).find((row) => row.chemical.name === 'Ethanol');
    expect(ethanol).toMatchObject({ quantity: 350.5, expiry_date: null });
  });

  it('says before the merge what it changes on each record: quantity, the earliest expiry kept, the averaged price', async () => {
    // The case: 2,500 ml expiring 2027-06-30 at 0.0200, then 1,000 ml expiring 2028-03-31 at 0.0250.
    await updateStock('chemical', 1, { quantity: 2500, expiry_date: '2027-06-30', unit_price: 0.02 });
    await callAs(adminToken(), 'POST', '/api/management/chemical-temp-shipment/', {
      chemical: 1,
      quantity: 1000,
      expiry_date: '2028-03-31',
      unit_price: 0.025,
    });
    await stageLine('chemical', 2, 5);
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Staged chemical lines' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge 2 lines into stock?' });
    const changes = within(dialog).getByRole('list', { name: 'What the merge changes' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ethanol: 2500 ml → 3500 ml; expiry stays 2027-06-30; unit price 0.02 → 0.0214 per ml',
      'Sodium chloride: 500 ml → 505 ml',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Shipment merged into stock.')).toBeInTheDocument();
    const ethanol = (await chemicalStock()).find((row) => row.chemical.name === 'Ethanol');
    expect(ethanol).toMatchObject({ quantity: 3500, expiry_date: '2027-06-30', unit_price: 0.0214 });
  });

  it('stages the unit price of what arrives, per ml, and the merge gives it to the record', async () => {
    const { user } = renderPage();
    await user.type(screen.getByPlaceholderText('Chemical...'), 'ethan');
    await user.click(await screen.findByRole('option', { name: /^Ethanol - 64-17-5/ }));
    const form = screen.getByRole('form', { name: 'Chemical line' });
    await user.type(within(form).getByLabelText(field('New Quantity')), '100');
    const price = within(form).getByLabelText('Unit price');
    expect(price).toHaveAccessibleDescription(/Per ml, in the store's currency/);
    await user.type(price, '0.05');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Ethanol added to the shipment.')).toBeInTheDocument();
    expect(within(rowOf('Ethanol')).getByRole('cell', { name: '0.05 per ml' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge 1 line into stock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Shipment merged into stock.')).toBeInTheDocument();
    const ethanol = (await chemicalStock()).find((row) => row.chemical.name === 'Ethanol');
    expect(ethanol).toMatchObject({ quantity: 350.5, unit_price: 0.05 });
  });

  it('gives a brand-new glassware line the expiry date and unit price entered below its fields', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    await user.type(screen.getByPlaceholderText('Glassware...'), 'Pipette');
    await user.click(await screen.findByRole('option', { name: 'Create "Pipette"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Glassware' });
    // SPEC's fields in their order, the line's expiry date and price below them.
    expect([...dialog.querySelectorAll('input')].map((input) => input.name)).toEqual([
      'name',
      'size',
      'material_type',
      'manufacturer',
      'supplier',
      'storage_place',
      'quantity',
      'expiry_date',
      'unit_price',
    ]);
    for (const [label, value] of [
      ['Size', '10'],
      ['Material Type', 'Glass'],
      ['Manufacturer', 'Brand'],
      ['Supplier', 'Daraz'],
      ['New Quantity', '4'],
    ])
      await user.type(within(dialog).getByLabelText(field(label)), value);
    await user.type(within(dialog).getByLabelText('Expiry date'), '2030-01-01');
    await user.type(within(dialog).getByLabelText('Storage place'), 'Shelf 4');
    const price = within(dialog).getByLabelText('Unit price');
    expect(price).toHaveAccessibleDescription(/^Per piece, in the store's currency/);
    await user.type(price, '1.25');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Pipette added to the shipment.')).toBeInTheDocument();
    expect(within(rowOf('Pipette')).getByRole('cell', { name: '2030-01-01' })).toBeInTheDocument();
    expect(within(rowOf('Pipette')).getByRole('cell', { name: '1.25 per piece' })).toBeInTheDocument();
    expect(await readAsAdmin('/api/management/glassware-temp-shipment/')).toEqual([
      expect.objectContaining({
        quantity: 4,
        expiry_date: '2030-01-01',
        unit_price: 1.25,
        // The new record keeps where it will be stored.
        glassware: expect.objectContaining({ storage_place: 'Shelf 4' }),
      }),
    ]);
  });

  it('creates a brand-new chemical with quantity 0, then stages the entered quantity', async () => {
    const { user } = renderPage();
    await user.type(screen.getByPlaceholderText('Chemical...'), 'Acetone');
    const create = await screen.findByRole('option', { name: 'Create "Acetone"' });
    // The create option comes last, after any matches.
    expect(screen.getAllByRole('option').at(-1)).toBe(create);
    await user.click(create);

    const dialog = await screen.findByRole('dialog', { name: 'Add New Chemical' });
    expect(within(dialog).getByLabelText(field('Name'))).toHaveValue('Acetone');
    expect(within(dialog).getByLabelText(field('Name'))).not.toHaveAttribute('readonly');
    await user.type(within(dialog).getByLabelText(field('CAS RN')), '67-64-1');
    await user.type(within(dialog).getByLabelText(field('Molecular Formula')), 'C3H6O');
    await user.type(within(dialog).getByLabelText(field('Purity')), '99.8');
    await user.type(within(dialog).getByLabelText(field('Manufacturer')), 'Merck');
    await user.type(within(dialog).getByLabelText(field('Supplier')), 'Daraz');
    await user.click(within(dialog).getByRole('combobox', { name: field('State') }));
    expect(screen.getByRole('option', { name: 'Please Choose...' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Liquid' }));
    await user.type(within(dialog).getByLabelText(field('New Quantity')), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Acetone added to the shipment.')).toBeInTheDocument();
    expect(within(rowOf('Acetone')).getByRole('cell', { name: '0 ml' })).toBeInTheDocument();
    expect(within(rowOf('Acetone')).getByRole('cell', { name: '2.5 ml' })).toBeInTheDocument();
    const writes = sentRequests().filter((request) => request.startsWith('POST'));
    expect(writes).toEqual([
      'POST /api/management/chemicals/',
      'POST /api/management/chemical-temp-shipment/',
    ]);
    const acetone = (await chemicalStock()).find((row) => row.chemical.name === 'Acetone');
    expect(acetone?.quantity).toBe(0);
  });

  it('edits only the quantity of a staged line', async () => {
    await stageLine('instrument', 1, 2);
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Spectrophotometer' }));

    const form = screen.getByRole('form', { name: 'Instrument line' });
    expect(within(form).getByLabelText('Name')).toHaveAttribute('readonly');
    expect(within(form).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    const quantity = within(form).getByLabelText(field('New Quantity'));
    expect(quantity).toHaveValue(2);
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(within(form).getByRole('button', { name: 'Edit' }));

    expect(await screen.findByText('Spectrophotometer updated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Spectrophotometer')).getByRole('cell', { name: '5 pieces' })).toBeInTheDocument(),
    );
  });

  it('deletes a staged line', async () => {
    await stageLine('chemical', 2, 100);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Sodium chloride' }));
    expect(await screen.findByText('Nothing staged yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('merges the staged list after confirmation and reloads it empty', async () => {
    await stageLine('chemical', 1, 10);
    await stageLine('chemical', 2, 0.5);
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Staged chemical lines' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge 2 lines into stock?' });
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));

    expect(await screen.findByText('Shipment merged into stock.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing staged yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect((await chemicalStock()).map((row) => row.quantity)).toEqual([260.5, 500.5]);
  });

  it("says a refused staged quantity beside it in a person's words, not in an error dialog", async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    await user.type(screen.getByPlaceholderText('Instrument...'), 'centri');
    await user.click(
      await screen.findByRole('option', { name: 'Centrifuge - 2 pieces - Eppendorf - Daraz' }),
    );
    const quantity = screen.getByLabelText(field('New Quantity'));
    await user.type(quantity, '1.5');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(quantity).toHaveAccessibleDescription('Enter a whole number.'));
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('A valid integer is required.');
    expect(await readAsAdmin('/api/management/instrument-temp-shipment/')).toEqual([]);
  });

  it('says a blank CAS RN of a brand-new chemical beside the field, with no raw CAS_RN text anywhere', async () => {
    const { user } = renderPage();
    await user.type(screen.getByPlaceholderText('Chemical...'), 'Toluene');
    await user.click(await screen.findByRole('option', { name: 'Create "Toluene"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Chemical' });
    for (const [label, value] of Object.entries({
      'Molecular Formula': 'C7H8',
      Purity: '99',
      Manufacturer: 'Merck',
      Supplier: 'Daraz',
      'New Quantity': '100',
    }))
      await user.type(within(dialog).getByLabelText(field(label)), value);
    await user.click(within(dialog).getByRole('combobox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'Liquid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    const casRn = within(dialog).getByLabelText(field('CAS RN'));
    await waitFor(() => expect(casRn).toHaveAttribute('aria-invalid', 'true'));
    expect(casRn).toHaveAccessibleDescription('Enter a CAS number.');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('CAS_RN');
    expect(document.body).not.toHaveTextContent('This field may not be blank.');
  });

  it('opens the brand-new item dialog of the kind chosen under Add Shipment in the sidebar', async () => {
    const { user, store } = renderWithProviders(<AdminShell />, {
      route: '/adminapp',
      preloadedState: signedInState(),
    });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('navigation', { name: 'Admin pages' });
    await user.click(within(sidebar).getByRole('button', { name: 'Add Shipment' }));
    expect(
      ['Add Chemical', 'Add Instrument', 'Add Glass Ware'].map((name) =>
        within(sidebar).getByRole('button', { name }),
      ),
    ).toHaveLength(3);
    await user.click(within(sidebar).getByRole('button', { name: 'Add Glass Ware' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add New Glassware' });
    expect(store.getState().ui.adminPage).toBe(1);
    // The page behind the modal is hidden from assistive technology while the dialog is open.
    expect(screen.getByRole('tab', { name: 'Glassware', hidden: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.type(within(dialog).getByLabelText(field('Name')), 'Pipette');
    await user.type(within(dialog).getByLabelText(field('Size')), '10');
    await user.type(within(dialog).getByLabelText(field('Material Type')), 'Glass');
    await user.type(within(dialog).getByLabelText(field('Manufacturer')), 'Duran');
    await user.type(within(dialog).getByLabelText(field('Supplier')), 'Daraz');
    await user.type(within(dialog).getByLabelText(field('New Quantity')), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('cell', { name: 'Pipette' })).toBeInTheDocument();
    expect(within(rowOf('Pipette')).getByRole('cell', { name: '4 pieces' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add New Glassware' })).not.toBeInTheDocument();
  });
});
