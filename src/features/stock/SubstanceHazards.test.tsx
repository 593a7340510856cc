import { screen, waitFor, within } from '@testing-library/react';
import type { ChemicalStock } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { createChemical, readAsAdmin, seedLab } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { StockRecordFormDialog } from './StockRecordFormDialog';

// Hazards belong to the substance (docs/api.md §16): the chemical form writes only the hazards a person changed,
// so a new record of a substance, or a record renamed to one, shows the substance's hazards and leaves them whole.

setupTestServer(seedLab);

const field = (label: string) => new RegExp(`^${label}( \\*)?$`);

function renderDialog(record?: ChemicalStock) {
  const onClose = jest.fn();
  const view = renderWithProviders(
    <StockRecordFormDialog kind="chemical" record={record} onClose={onClose} />,
    { preloadedState: signedInState() },
  );
  const dialog = screen.getByRole('dialog', { name: record ? 'Edit Chemical' : 'New Chemical' });
  return { ...view, dialog, onClose };
}

const dichloromethane = {
  name: 'Dichloromethane',
  CAS_RN: '75-09-2',
  molecular_formula: 'CH2Cl2',
  purity: 99.8,
  manufacturer: 'Merck',
  supplier: 'Daraz',
  state: 'LIQUID' as const,
};
const HAZARDS = { hazard_statements: ['H315', 'H319', 'H336', 'H351'], signal_word: 'WARNING' };

const chemicals = () => readAsAdmin<ChemicalStock[]>('/api/storeobjects/chemicalobjs/');

it("gives a new record of a substance the substance's hazards, and shows them on its form", async () => {
  const first = await createChemical({ ...dichloromethane, hazard_statements: HAZARDS.hazard_statements });
  const { user, dialog, onClose } = renderDialog();
  expect(dialog).toHaveTextContent(
    "The hazard statements and the signal word are the substance's: every record of it shows them",
  );
  const values = {
    Name: 'Dichloromethane',
    'CAS RN': '75-09-2',
    'Molecular Formula': 'CH2Cl2',
    Purity: '99.5',
    Manufacturer: 'Sigma-Aldrich',
    Supplier: 'Daraz',
  };
  for (const [label, value] of Object.entries(values)) {
    await user.click(within(dialog).getByLabelText(field(label)));
    await user.paste(value);
  }
  // The form shows what the record will show: the substance's hazards, and that entering others replaces them.
  const note = await within(dialog).findByRole('alert', { name: 'Hazards of Dichloromethane' });
  expect(note).toHaveTextContent('Dichloromethane is in the store with these hazards');
  expect(note).toHaveTextContent('H351 Suspected of causing cancer');
  expect(note).toHaveTextContent('Signal word: Warning');
  await user.click(within(dialog).getByRole('combobox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: 'Liquid' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());

  const records = (await chemicals()).filter((record) => record.chemical.name === 'Dichloromethane');
  expect(records.map((record) => record.id)).toContain(first.id);
  expect(records).toHaveLength(2);
  for (const record of records) expect(record).toMatchObject(HAZARDS);
});

it("keeps a substance's hazards when a record is renamed to it in the form", async () => {
  await createChemical({ ...dichloromethane, hazard_statements: HAZARDS.hazard_statements });
  const renamed = await createChemical({ ...dichloromethane, name: 'DCM', manufacturer: 'Roth' });
  const { user, dialog, onClose } = renderDialog(renamed);
  const name = within(dialog).getByLabelText(field('Name'));
  await user.clear(name);
  await user.paste('Dichloromethane');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());

  const records = (await chemicals()).filter((record) => record.chemical.name === 'Dichloromethane');
  expect(records.map((record) => record.id)).toContain(renamed.id);
  for (const record of records) expect(record).toMatchObject(HAZARDS);
});
