import { screen, waitFor, within } from '@testing-library/react';
import type { ChemicalStock } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { createChemical, readAsAdmin, seedLab } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { StockRecordFormDialog } from './StockRecordFormDialog';

setupTestServer(seedLab);

const field = (label: string) => new RegExp(`^${label}( \\*)?$`);

function renderDialog(record?: ChemicalStock) {
  const onClose = jest.fn();
  const view = renderWithProviders(
    <StockRecordFormDialog kind="chemical" record={record} onClose={onClose} />,
    {
      preloadedState: signedInState(),
    },
  );
  const dialog = screen.getByRole('dialog', { name: record ? 'Edit Chemical' : 'New Chemical' });
  return { ...view, dialog, onClose };
}

describe('the hazard fields of the chemical form', () => {
  it('picks H-codes by their text, shows the label they derive, and saves them', async () => {
    const { user, dialog, onClose } = renderDialog();
    const values = {
      Name: 'Acetone',
      'CAS RN': '67-64-1',
      'Molecular Formula': 'C3H6O',
      Purity: '99.8',
      Manufacturer: 'Merck',
      Supplier: 'Daraz',
    };
    for (const [label, value] of Object.entries(values)) {
      await user.click(within(dialog).getByLabelText(field(label)));
      await user.paste(value);
    }
    await user.click(within(dialog).getByRole('combobox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'Liquid' }));

    const codes = within(dialog).getByRole('combobox', { name: 'Hazard statements' });
    await user.type(codes, 'highly flammable liq');
    await user.click(await screen.findByRole('option', { name: 'H225 Highly flammable liquid and vapour' }));
    await user.type(codes, 'H319');
    await user.click(await screen.findByRole('option', { name: 'H319 Causes serious eye irritation' }));

    const preview = within(dialog).getByRole('region', { name: 'Label preview' });
    expect(
      within(preview)
        .getAllByRole('img')
        .map((image) => image.getAttribute('aria-label')),
    ).toEqual(['Flammable', 'Harmful / irritant']);
    expect(preview).toHaveTextContent('Signal word: Danger');
    expect(within(preview).getByRole('list', { name: 'Hazard statements' })).toHaveTextContent(
      'H225 Highly flammable liquid and vapourH319 Causes serious eye irritation',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Aqueous solution' }));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, , acetone] = await readAsAdmin<ChemicalStock[]>('/api/storeobjects/chemicalobjs/');
    expect(acetone).toMatchObject({
      hazard_statements: ['H225', 'H319'],
      signal_word: 'DANGER',
      signal_word_overridden: false,
      pictograms: ['GHS02', 'GHS07'],
      storage_classes: ['AQUEOUS'],
    });
  });

  it("edits a record's hazards and overrides its signal word", async () => {
    const record = await createChemical({
      name: 'Potassium nitrate',
      CAS_RN: '7757-79-1',
      molecular_formula: 'KNO3',
      purity: 99,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'SOLID',
      hazard_statements: ['H272'],
    });
    const { user, dialog, onClose } = renderDialog(record);
    expect(
      within(dialog).getByRole('button', { name: 'H272 May intensify fire; oxidizer' }),
    ).toBeInTheDocument();
    const preview = within(dialog).getByRole('region', { name: 'Label preview' });
    expect(within(preview).getByRole('img', { name: 'Oxidising' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('Signal word: Danger');

    await user.click(within(dialog).getByRole('combobox', { name: 'Signal word' }));
    await user.click(await screen.findByRole('option', { name: 'Warning' }));
    expect(preview).toHaveTextContent('Signal word: Warning');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await readAsAdmin<ChemicalStock>(`/api/storeobjects/chemicalobjs/${record.id}/`)).toMatchObject({
      hazard_statements: ['H272'],
      signal_word: 'WARNING',
      signal_word_overridden: true,
    });
  });
});
