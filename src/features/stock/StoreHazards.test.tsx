import { screen, waitFor, within } from '@testing-library/react';
import { captureDownloads, csvRows } from '../../testing/downloads';
import { renderWithProviders, signedInState } from '../../testing/render';
import { createChemical, seedAdmin, seedStock, updateStock } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { AdminStorePage, StorePage } from './StorePage';

// Issue 33, item 6: the Store shows each chemical's hazards, filters by them, and offers the hazard register.

// Ethanol (1) is flammable and an irritant, Sodium chloride (2) has no hazard statements, Benzene (3) is CMR.
setupTestServer(async () => {
  await seedAdmin();
  await seedStock();
  await updateStock('chemical', 1, { hazard_statements: ['H225', 'H319'], storage_place: 'Cabinet B2' });
  await createChemical({
    name: 'Benzene',
    CAS_RN: '71-43-2',
    molecular_formula: 'C6H6',
    purity: 99.8,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 100,
    storage_place: 'Flammables cabinet',
    hazard_statements: ['H225', 'H350'],
  });
});

function rowOf(name: string) {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

/** The accessible names of a row's hazard pictograms, and its H-codes as the cell reads them. */
function hazardsOf(name: string) {
  const row = rowOf(name);
  const pictograms = within(row).queryByRole('list', { name: 'Hazard pictograms' });
  return {
    pictograms: pictograms
      ? within(pictograms)
          .getAllByRole('img')
          .map((image) => image.getAttribute('aria-label'))
      : [],
    codes: within(row).queryByLabelText('Hazard statements')?.textContent ?? '',
  };
}

const shownNames = () =>
  within(screen.getByRole('table', { name: 'Chemical stock' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

async function renderStore(page = <StorePage />) {
  const view = renderWithProviders(page, { preloadedState: signedInState() });
  await screen.findByRole('cell', { name: 'Ethanol' });
  return view;
}

describe('the Store and hazards', () => {
  it("shows each chemical's pictograms by name and its H-codes in a Hazards column after the amount", async () => {
    await renderStore();
    // The codes show at once, the pictograms once their chunk has come.
    await waitFor(() => expect(hazardsOf('Ethanol').pictograms).toHaveLength(2));
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(headers.indexOf('Amount'), headers.indexOf('Amount') + 2)).toEqual([
      'Amount',
      'Hazards',
    ]);
    expect(hazardsOf('Ethanol')).toEqual({
      pictograms: ['Flammable', 'Harmful / irritant'],
      codes: 'H225, H319',
    });
    expect(hazardsOf('Benzene')).toEqual({ pictograms: ['Flammable', 'Health hazard'], codes: 'H225, H350' });
    expect(hazardsOf('Sodium chloride')).toEqual({ pictograms: [], codes: '' });
  });

  it('filters by a hazard group or an H-code, and the files follow the filter', async () => {
    const { user } = await renderStore();
    await user.click(screen.getByRole('combobox', { name: 'Hazard' }));
    await user.click(screen.getByRole('option', { name: 'CMR (category 1)' }));
    await waitFor(() => expect(shownNames()).toEqual(['Benzene']));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/chemicalobjs\/export\/\?format=csv&hazard=cmr$/),
    );

    await user.click(screen.getByRole('combobox', { name: 'Hazard' }));
    await user.click(screen.getByRole('option', { name: 'Flammable' }));
    await waitFor(() => expect(shownNames()).toEqual(['Ethanol', 'Benzene']));

    await user.click(screen.getByRole('combobox', { name: 'Hazard' }));
    await user.click(screen.getByRole('option', { name: 'H319 Causes serious eye irritation' }));
    await waitFor(() => expect(shownNames()).toEqual(['Ethanol']));

    await user.click(screen.getByRole('combobox', { name: 'Hazard' }));
    await user.click(screen.getByRole('option', { name: 'All records' }));
    await waitFor(() => expect(shownNames()).toEqual(['Ethanol', 'Sodium chloride', 'Benzene']));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/chemicalobjs\/export\/\?format=csv$/),
    );
  });

  it('has no hazard filter on the tabs of kinds without hazard data, nor a register in the public Store', async () => {
    const { user } = await renderStore();
    expect(screen.queryByRole('button', { name: 'Hazard register' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    await screen.findByRole('cell', { name: 'Spectrophotometer' });
    expect(screen.queryByRole('combobox', { name: 'Hazard' })).not.toBeInTheDocument();
  });

  it('downloads the hazard register from the admin Store', async () => {
    const saved = captureDownloads();
    const { user } = await renderStore(<AdminStorePage />);
    await user.click(screen.getByRole('button', { name: 'Hazard register' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText(/^Saved labstore-hazard-register-.*\.csv\.$/)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(/^labstore-hazard-register-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = await csvRows(saved[0]);
    expect(header.slice(0, 6)).toEqual([
      'CAS RN',
      'Name',
      'Hazard statements',
      'Signal word',
      'Pictograms',
      'Amount (ml)',
    ]);
    expect(rows.map((row) => [row[1], row[5], row[7]])).toEqual([
      ['Benzene', '100', 'Flammables cabinet: 100 ml (#3)'],
      ['Ethanol', '250.5', 'Cabinet B2: 250.5 ml (#1)'],
    ]);
  });
});
