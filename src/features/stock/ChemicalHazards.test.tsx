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

  it('picks the code typed with Enter and stays open, so the save holds it', async () => {
    const record = await createChemical({
      name: 'Toluene',
      CAS_RN: '108-88-3',
      molecular_formula: 'C7H8',
      purity: 99.5,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'LIQUID',
    });
    const { user, dialog, onClose } = renderDialog(record);
    const codes = within(dialog).getByRole('combobox', { name: 'Hazard statements' });
    await user.type(codes, 'H225{Enter}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Chemical' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'H225 Highly flammable liquid and vapour' }),
    ).toBeInTheDocument();
    // Words that match one statement only: Enter picks that one.
    await user.type(codes, 'suspected of causing cancer{Enter}');
    expect(
      within(dialog).getByRole('button', { name: 'H351 Suspected of causing cancer' }),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await readAsAdmin<ChemicalStock>(`/api/storeobjects/chemicalobjs/${record.id}/`)).toMatchObject({
      hazard_statements: ['H225', 'H351'],
    });
  });
});

describe('closing a form dialog', () => {
  it('asks before Escape or Cancel throws changes away, and keeps them when told to', async () => {
    const { user, dialog, onClose } = renderDialog();
    await user.click(within(dialog).getByLabelText(field('Name')));
    await user.paste('Acetone');
    await user.keyboard('{Escape}');

    const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull());
    expect(within(dialog).getByLabelText(field('Name'))).toHaveValue('Acetone');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(again).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks when only a picked hazard changed, and closes at once when nothing did', async () => {
    const record = await createChemical({
      name: 'Hexane',
      CAS_RN: '110-54-3',
      molecular_formula: 'C6H14',
      purity: 99,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'LIQUID',
    });
    const first = renderDialog(record);
    await first.user.click(within(first.dialog).getByRole('combobox', { name: 'Signal word' }));
    await first.user.click(await screen.findByRole('option', { name: 'Warning' }));
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Discard your changes?' })).toBeInTheDocument();
    expect(first.onClose).not.toHaveBeenCalled();
    first.unmount();

    const second = renderDialog(record);
    await second.user.keyboard('{Escape}');
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
  });
});
