import { act, render, screen } from '@testing-library/react';
import { makeStore } from '../app/store';
import { ToastHost } from '../components/notify';
import { signedInState } from '../testing/render';
import { createChemical, currentVersion, seedLab } from '../testing/seed';
import { clearRequestLog, expectRequests } from '../testing/server';
import { stockPageArgs } from '../testing/stockPages';
import { setupTestServer } from '../testing/testServer';
import { searchApi } from './search';
import { stockApi, type ChemicalFields } from './stock';

setupTestServer(seedLab);

const ethanol: ChemicalFields = {
  name: 'Ethanol',
  CAS_RN: '64-17-5',
  molecular_formula: 'C2H6O',
  molecular_weight: 46.069,
  purity: 99.5,
  manufacturer: 'Merck',
  supplier: 'Daraz',
  state: 'LIQUID',
  quantity: 300,
};

/** A store with the chemical and instrument lists and two chemical searches on screen, their loads done. */
async function storeShowingStock() {
  const store = makeStore(signedInState());
  await Promise.all([
    store.dispatch(stockApi.endpoints.stockPage.initiate(stockPageArgs('chemical'))),
    store.dispatch(stockApi.endpoints.stockPage.initiate(stockPageArgs('instrument'))),
    store.dispatch(searchApi.endpoints.fuzzySearch.initiate({ type: 'chemical', query: 'ethanol' })),
    store.dispatch(searchApi.endpoints.fuzzySearch.initiate({ type: 'chemical', query: 'sodium' })),
  ]);
  clearRequestLog();
  return store;
}

const chemicalList = 'GET /api/storeobjects/chemicalobjs/';
const search = 'GET /api/management/fuzzysearch/';

describe('stock endpoints and their cache tags', () => {
  // A failed write raises a toast, which needs a mounted provider.
  beforeEach(() => {
    render(<ToastHost />);
  });

  it('refetches the chemical list and the searches showing the record after an edit', async () => {
    const store = await storeShowingStock();
    await store.dispatch(
      stockApi.endpoints.updateStock.initiate({
        kind: 'chemical',
        id: 1,
        fields: ethanol,
        version: await currentVersion('/api/storeobjects/chemicalobjs/1/'),
      }),
    );
    await expectRequests(['PUT /api/storeobjects/chemicalobjs/1/', chemicalList, search]);
    const ethanolSearch = searchApi.endpoints.fuzzySearch.select({ type: 'chemical', query: 'ethanol' });
    expect(ethanolSearch(store.getState()).data?.rows[0].quantity).toBe(300);
  });

  it('refetches the chemical list and every chemical search after a create', async () => {
    const store = await storeShowingStock();
    await store.dispatch(
      stockApi.endpoints.createStock.initiate({
        kind: 'chemical',
        fields: { ...ethanol, purity: 70, quantity: 0 },
      }),
    );
    await expectRequests(['POST /api/storeobjects/chemicalobjs/', chemicalList, search, search]);
  });

  it('refetches only what showed the record after a delete', async () => {
    // Sodium chloride has been issued, so it cannot be deleted; a record nothing refers to can.
    const bicarbonate = await createChemical({
      name: 'Sodium bicarbonate',
      CAS_RN: '144-55-8',
      molecular_formula: 'NaHCO3',
      purity: 99,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'SOLID',
    });
    const store = await storeShowingStock();
    await store.dispatch(stockApi.endpoints.deleteStock.initiate({ kind: 'chemical', id: bicarbonate.id }));
    await expectRequests([`DELETE /api/storeobjects/chemicalobjs/${bicarbonate.id}/`, chemicalList, search]);
  });

  it('refetches every shown page of the kind after an edit, as the record may move to another page', async () => {
    const store = makeStore(signedInState());
    // One row a page: Ethanol (245.5 ml) first by id, Sodium chloride (480 ml) first by amount, descending.
    const byId = stockPageArgs('chemical', { limit: 1 });
    const byAmount = stockPageArgs('chemical', { limit: 1, ordering: '-quantity' });
    await Promise.all([
      store.dispatch(stockApi.endpoints.stockPage.initiate(byId)),
      store.dispatch(stockApi.endpoints.stockPage.initiate(byAmount)),
    ]);
    clearRequestLog();
    await store.dispatch(
      stockApi.endpoints.updateStock.initiate({
        kind: 'chemical',
        id: 1,
        fields: { ...ethanol, quantity: 1000 },
        version: await currentVersion('/api/storeobjects/chemicalobjs/1/'),
      }),
    );
    await expectRequests(['PUT /api/storeobjects/chemicalobjs/1/', chemicalList, chemicalList]);
    const firstByAmount = stockApi.endpoints.stockPage.select(byAmount)(store.getState()).data?.results[0];
    expect(firstByAmount?.id).toBe(1);
  });

  it('leaves the other kinds alone', async () => {
    const store = await storeShowingStock();
    await store.dispatch(
      stockApi.endpoints.createStock.initiate({
        kind: 'instrument',
        fields: { name: 'Balance', manufacturer: 'Ohaus', supplier: 'Daraz', quantity: 1 },
      }),
    );
    await expectRequests(['POST /api/storeobjects/instrumentobjs/', 'GET /api/storeobjects/instrumentobjs/']);
  });

  it('refetches nothing when the write fails', async () => {
    const store = await storeShowingStock();
    const version = await currentVersion('/api/storeobjects/chemicalobjs/1/');
    const result = await act(() =>
      store.dispatch(
        stockApi.endpoints.updateStock.initiate({
          kind: 'chemical',
          id: 1,
          fields: { ...ethanol, CAS_RN: '64-17-6' },
          version,
        }),
      ),
    );
    expect(result.error).toMatchObject({
      status: 400,
      data: { CAS_RN: ['Enter a valid CAS registry number.'] },
    });
    // The form that sent the fields says the message beside the field: no toast repeats it.
    expect(screen.queryByText('CAS_RN: Enter a valid CAS registry number.')).not.toBeInTheDocument();
    await expectRequests(['PUT /api/storeobjects/chemicalobjs/1/']);
  });
});
