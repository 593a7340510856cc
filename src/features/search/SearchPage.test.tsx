import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { stockApi } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { captureDownloads, csvRows, exportNamePattern } from '../../testing/downloads';
import { createChemical, currentVersion, seedLab } from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { SearchPage } from './SearchPage';

setupTestServer(seedLab);

const searchRequest = 'GET /api/management/fuzzysearch/';

function renderSearch(preloadedState = {}) {
  return renderWithProviders(<SearchPage />, { preloadedState });
}

async function search(user: ReturnType<typeof renderSearch>['user'], type: string, text: string) {
  await user.click(screen.getByRole('combobox', { name: /^Type/ }));
  await user.click(await screen.findByRole('option', { name: type }));
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), `${text}{Enter}`);
}

function headers() {
  return within(screen.getByRole('table', { name: 'Search results' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
}

function cellsOf(name: string) {
  const row = screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

describe('SearchPage', () => {
  it('shows a hint and sends nothing before the first search', () => {
    renderSearch();
    expect(screen.getByText(/Choose a type and enter a name/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('chemical');
    expect(sentRequests()).toEqual([]);
  });

  it('sends no request for empty text', async () => {
    const { user } = renderSearch();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(/Choose a type and enter a name/)).toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
  });

  it('lists chemicals under the SPEC columns', async () => {
    const { user } = renderSearch();
    await search(user, 'chemical', 'ethanol');

    await screen.findByRole('cell', { name: 'Ethanol' });
    expect(headers()).toEqual([
      'Name',
      'Molecular Formula',
      'Molecular Weight',
      'Purity',
      'Amount',
      'Hazards',
      'State',
      'Manufacturer',
      'Supplier',
    ]);
    expect(cellsOf('Ethanol')).toEqual([
      'Ethanol',
      'C2H6O',
      '46.069',
      '99.5',
      '250.5 ml',
      '',
      'Liquid',
      'Merck',
      'Daraz',
    ]);
    expect(sentRequests()).toEqual([searchRequest]);
  });

  it('exports the results as shown, units in the headers, amounts in full, formulas escaped', async () => {
    await createChemical({
      name: 'Ethanol',
      CAS_RN: '64-17-5',
      molecular_formula: 'C2H6O',
      purity: 96,
      manufacturer: '=cmd|calc',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity: 1234.567,
    });
    const saved = captureDownloads();
    const { user } = renderSearch();
    await search(user, 'chemical', 'ethanol');
    await screen.findAllByRole('cell', { name: 'Ethanol' });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(exportNamePattern('chemical-search-results'));
    const [header, ...rows] = await csvRows(saved[0]);
    expect(header).toEqual([
      'Name',
      'Molecular Formula',
      'Molecular Weight (g/mol)',
      'Purity (%)',
      'Amount (ml)',
      'Hazards',
      'State',
      'Manufacturer',
      'Supplier',
    ]);
    const shown = within(screen.getByRole('table', { name: 'Search results' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[7].textContent);
    expect(rows.map((row) => row[7])).toEqual(
      shown.map((maker) => (maker === '=cmd|calc' ? `'${maker}` : maker)),
    );
    expect(rows).toContainEqual([
      'Ethanol',
      'C2H6O',
      '46.069',
      '96',
      '1234.567',
      '',
      'LIQUID',
      "'=cmd|calc",
      'Daraz',
    ]);
    expect(rows).toContainEqual([
      'Ethanol',
      'C2H6O',
      '46.069',
      '99.5',
      '250.5',
      '',
      'LIQUID',
      'Merck',
      'Daraz',
    ]);
  });

  it('lists instruments under their columns', async () => {
    const { user } = renderSearch();
    await search(user, 'instrument', 'centrifuge');

    await screen.findByRole('cell', { name: 'Centrifuge' });
    expect(headers()).toEqual(['Name', 'Quantity', 'Manufacturer', 'Supplier']);
    expect(cellsOf('Centrifuge')).toEqual(['Centrifuge', '2 pieces', 'Eppendorf', 'Daraz']);
  });

  it('lists glassware under their columns, matched despite a typo', async () => {
    const { user } = renderSearch();
    await search(user, 'glassware', 'beakr');

    await screen.findByRole('cell', { name: 'Beaker' });
    expect(headers()).toEqual(['Name', 'Quantity', 'Size', 'Type', 'Manufacturer', 'Supplier']);
    expect(cellsOf('Beaker')).toEqual(['Beaker', '20 pieces', '250', 'Borosilicate', 'Pyrex', 'Daraz']);
  });

  it("says 'Nothing Found' when nothing matches", async () => {
    const { user } = renderSearch();
    await search(user, 'chemical', 'zzzz');
    expect(await screen.findByText('Nothing Found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the SPEC's toast when the search fails", async () => {
    server.use(
      http.get('*/api/management/fuzzysearch/', () =>
        HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 }),
      ),
    );
    const { user } = renderSearch();
    await search(user, 'chemical', 'ethanol');
    expect(await screen.findByText('Please Provide Email and Password')).toBeInTheDocument();
    expect(screen.queryByText('Nothing Found')).not.toBeInTheDocument();
  });

  it('refreshes the results when a record they show is edited', async () => {
    // Signed in, as on the admin page, so that the edit is allowed.
    const { user, store } = renderSearch(signedInState());
    await search(user, 'chemical', 'ethanol');
    await screen.findByRole('cell', { name: 'Ethanol' });

    const version = await currentVersion('/api/storeobjects/chemicalobjs/1/');
    await act(() =>
      store.dispatch(
        stockApi.endpoints.updateStock.initiate({
          kind: 'chemical',
          id: 1,
          version,
          fields: {
            name: 'Ethanol',
            CAS_RN: '64-17-5',
            molecular_formula: 'C2H6O',
            molecular_weight: 46.069,
            purity: 99.5,
            manufacturer: 'Merck',
            supplier: 'Daraz',
            state: 'LIQUID',
            quantity: 100,
          },
        }),
      ),
    );

    expect(await screen.findByRole('cell', { name: '100 ml' })).toBeInTheDocument();
    expect(sentRequests().filter((request) => request === searchRequest)).toHaveLength(2);
  });
});
