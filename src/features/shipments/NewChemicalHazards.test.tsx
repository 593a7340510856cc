import { screen, waitFor, within } from '@testing-library/react';
import type { ChemicalStock } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { readAsAdmin, seedLab } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { NewItemDialog } from './NewItemDialog';

setupTestServer(seedLab);

it('creates a new chemical of a shipment with its hazard data, then stages it', async () => {
  const onClose = jest.fn();
  const { user } = renderWithProviders(
    <NewItemDialog kind="chemical" name="Nitric acid" onClose={onClose} />,
    {
      preloadedState: signedInState(),
    },
  );
  const dialog = screen.getByRole('dialog', { name: 'Add New Chemical' });
  const values = {
    'CAS RN': '7697-37-2',
    'Molecular Formula': 'HNO3',
    Purity: '65',
    Manufacturer: 'Merck',
    Supplier: 'Daraz',
    'New Quantity': '500',
  };
  for (const [label, value] of Object.entries(values)) {
    await user.click(within(dialog).getByLabelText(new RegExp(`^${label}( \\*)?$`)));
    await user.paste(value);
  }
  await user.click(within(dialog).getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: 'Liquid' }));
  const codes = within(dialog).getByRole('combobox', { name: 'Hazard statements' });
  for (const code of ['H272', 'H290', 'H314']) {
    await user.type(codes, code);
    await user.click(await screen.findByRole('option', { name: new RegExp(`^${code} `) }));
  }
  await user.click(within(dialog).getByRole('checkbox', { name: 'Acid' }));
  expect(within(dialog).getByRole('img', { name: 'Oxidising' })).toBeInTheDocument();
  expect(within(dialog).getByRole('img', { name: 'Corrosive' })).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  const lines = await readAsAdmin<{ chemical: ChemicalStock; quantity: number }[]>(
    '/api/management/chemical-temp-shipment/',
  );
  expect(lines).toEqual([
    expect.objectContaining({
      quantity: 500,
      chemical: expect.objectContaining({
        hazard_statements: ['H272', 'H290', 'H314'],
        pictograms: ['GHS03', 'GHS05'],
        storage_classes: ['ACID'],
      }),
    }),
  ]);
});
