import { screen, waitFor, within } from '@testing-library/react';
import type { ChemicalStock, GlasswareStock } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { readAsAdmin, seedAdmin, seedStock, updateStock } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { AdminStorePage } from './StorePage';

// The optional fields of docs/api.md §11 in the Store's New and Edit forms, below SPEC's fields.
setupTestServer(async () => {
  await seedAdmin();
  await seedStock();
});

async function openForm(tab: string, button: string, title: string) {
  const view = renderWithProviders(<AdminStorePage />, { preloadedState: signedInState() });
  await screen.findByRole('cell', { name: 'Ethanol' });
  if (tab !== 'Chemical') {
    await view.user.click(screen.getByRole('tab', { name: tab }));
    await screen.findByRole('cell', { name: tab === 'Glassware' ? 'Beaker' : 'Spectrophotometer' });
  }
  await view.user.click(screen.getByRole('button', { name: button }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: title }) };
}

const inputNames = (dialog: HTMLElement) => [...dialog.querySelectorAll('input')].map((input) => input.name);

describe('the stock forms', () => {
  it("edit a chemical's expiry date, opened-on date and minimum, and show each field's server message", async () => {
    const { user, dialog } = await openForm('Chemical', 'Edit Ethanol', 'Edit Chemical');
    // SPEC's fields, then these; the hazard fields come after them.
    expect(inputNames(dialog).slice(0, 12)).toEqual([
      'name',
      'CAS_RN',
      'molecular_formula',
      'molecular_weight',
      'purity',
      'manufacturer',
      'supplier',
      'state',
      'quantity',
      'expiry_date',
      'opened_on',
      'minimum_quantity',
    ]);
    const expiry = within(dialog).getByLabelText('Expiry date');
    const openedOn = within(dialog).getByLabelText('Opened on');
    const minimum = within(dialog).getByLabelText('Minimum quantity');
    expect(expiry).toHaveValue('');
    expect(minimum).toHaveAccessibleDescription('In ml. Below it, the Store shows the record as low.');

    await user.type(expiry, '1899-12-31');
    await user.type(openedOn, '2026-02-28');
    await user.type(minimum, '0.0005');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription('Enter a real date (YYYY-MM-DD), not before 1900-01-01.'),
    );
    expect(minimum).toHaveAccessibleDescription('Use at most 3 decimal places.');
    expect(openedOn).not.toHaveAttribute('aria-invalid', 'true');

    await user.clear(minimum);
    await user.type(minimum, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(minimum).toHaveAccessibleDescription('Enter 0 or more.'));

    await user.clear(expiry);
    await user.type(expiry, '2027-03-31');
    await user.clear(minimum);
    await user.type(minimum, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Ethanol saved.')).toBeInTheDocument();
    const [ethanol] = await readAsAdmin<ChemicalStock[]>('/api/storeobjects/chemicalobjs/');
    expect(ethanol).toMatchObject({
      expiry_date: '2027-03-31',
      opened_on: '2026-02-28',
      minimum_quantity: 500,
    });
  });

  it("show glassware's values when editing and clear an emptied one", async () => {
    await updateStock('glassware', 1, { expiry_date: '2030-01-01', minimum_quantity: 5 });
    const { user, dialog } = await openForm('Glassware', 'Edit Beaker', 'Edit Glassware');
    expect(inputNames(dialog).slice(-5)).toEqual([
      'quantity',
      'expiry_date',
      'minimum_quantity',
      'storage_place',
      'unit_price',
    ]);
    expect(within(dialog).getByLabelText('Expiry date')).toHaveValue('2030-01-01');
    expect(within(dialog).getByLabelText('Minimum quantity')).toHaveValue(5);

    await user.clear(within(dialog).getByLabelText('Expiry date'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Beaker saved.')).toBeInTheDocument();
    const [beaker] = await readAsAdmin<GlasswareStock[]>('/api/storeobjects/glasswareobjs/');
    expect(beaker).toMatchObject({ expiry_date: null, minimum_quantity: 5 });
  });

  it('give instruments a minimum in whole pieces and no dates', async () => {
    const { user, dialog } = await openForm('Instrument', 'New', 'New Instrument');
    expect(inputNames(dialog)).toEqual([
      'name',
      'manufacturer',
      'supplier',
      'quantity',
      'minimum_quantity',
      'storage_place',
      'unit_price',
    ]);
    for (const [label, value] of [
      ['Name', 'Balance'],
      ['Manufacturer', 'Mettler'],
      ['Supplier', 'Daraz'],
    ])
      await user.type(within(dialog).getByLabelText(new RegExp(`^${label}`)), value);
    const minimum = within(dialog).getByLabelText('Minimum quantity');
    await user.type(minimum, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(minimum).toHaveAccessibleDescription('Enter a whole number.'));

    await user.clear(minimum);
    await user.type(minimum, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Balance saved.')).toBeInTheDocument();
    const instruments = await readAsAdmin<{ instrument: { name: string }; minimum_quantity: number }[]>(
      '/api/storeobjects/instrumentobjs/',
    );
    expect(instruments.at(-1)).toMatchObject({ instrument: { name: 'Balance' }, minimum_quantity: 2 });
  });
});
