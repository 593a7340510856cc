import { act, render } from '@testing-library/react';
import { makeStore } from '../app/store';
import { ToastHost } from '../components/notify';
import { showLedgers } from '../testing/ledgerViews';
import { signedInState } from '../testing/render';
import { addToCart, issueCart, mergeShipment, seedLab, stageLine } from '../testing/seed';
import { clearRequestLog, expectRequests } from '../testing/server';
import { stockPageArgs } from '../testing/stockPages';
import { setupTestServer } from '../testing/testServer';
import { searchApi } from './search';
import { shipmentsApi } from './shipments';
import { stockApi } from './stock';

setupTestServer(seedLab);

/** A store showing the chemical and instrument stock, a chemical search, staging lists and histories; 10 ml of
 * Ethanol staged. */
async function storeShowingShipments() {
  const staged = await stageLine('chemical', 1, 10);
  const store = makeStore(signedInState());
  await Promise.all([
    store.dispatch(stockApi.endpoints.stockPage.initiate(stockPageArgs('chemical'))),
    store.dispatch(stockApi.endpoints.stockPage.initiate(stockPageArgs('instrument'))),
    store.dispatch(searchApi.endpoints.fuzzySearch.initiate({ type: 'chemical', query: 'ethanol' })),
    store.dispatch(shipmentsApi.endpoints.listShipmentLines.initiate('chemical')),
    store.dispatch(shipmentsApi.endpoints.listShipmentLines.initiate('instrument')),
    store.dispatch(shipmentsApi.endpoints.listShipments.initiate('chemical')),
    store.dispatch(shipmentsApi.endpoints.listShipments.initiate('instrument')),
  ]);
  clearRequestLog();
  return { store, staged };
}

const chemicalStaging = '/api/management/chemical-temp-shipment/';
const chemicalList = 'GET /api/storeobjects/chemicalobjs/';
const search = 'GET /api/management/fuzzysearch/';
const history = 'GET /api/management/shipments/';

describe('shipment endpoints and their cache tags', () => {
  it('refetches only the kind staging list after adding, editing or deleting a line', async () => {
    const { store, staged } = await storeShowingShipments();
    await store.dispatch(
      shipmentsApi.endpoints.addShipmentLine.initiate({ kind: 'chemical', itemId: 2, quantity: 0.5 }),
    );
    await expectRequests([`POST ${chemicalStaging}`, `GET ${chemicalStaging}`]);

    clearRequestLog();
    await store.dispatch(
      shipmentsApi.endpoints.updateShipmentLine.initiate({ kind: 'chemical', id: staged.id, quantity: 12.5 }),
    );
    await expectRequests([`PATCH ${chemicalStaging}${staged.id}/`, `GET ${chemicalStaging}`]);

    clearRequestLog();
    await store.dispatch(
      shipmentsApi.endpoints.deleteShipmentLine.initiate({ kind: 'chemical', id: staged.id }),
    );
    await expectRequests([`DELETE ${chemicalStaging}${staged.id}/`, `GET ${chemicalStaging}`]);
  });

  it('refetches the staging list, stock list, searches and history of the merged kind only', async () => {
    const { store } = await storeShowingShipments();
    await store.dispatch(shipmentsApi.endpoints.mergeShipment.initiate('chemical'));
    await expectRequests([
      `POST ${chemicalStaging}merge/`,
      `GET ${chemicalStaging}`,
      chemicalList,
      search,
      history,
    ]);
    const chemicalHistory = shipmentsApi.endpoints.listShipments.select('chemical')(store.getState());
    expect(chemicalHistory.data?.shipments[0].lines[0]).toMatchObject({
      old_total: 250.5,
      added_quantity: 10,
    });
    const ethanol = searchApi.endpoints.fuzzySearch.select({ type: 'chemical', query: 'ethanol' });
    expect(ethanol(store.getState()).data?.rows[0].quantity).toBe(260.5);
  });

  it('refetches the kind stock list and searches after creating a brand-new item', async () => {
    const { store } = await storeShowingShipments();
    await store.dispatch(
      shipmentsApi.endpoints.createNewStockItem.initiate({
        kind: 'chemical',
        fields: {
          name: 'Ethanol',
          CAS_RN: '64-17-5',
          molecular_formula: 'C2H6O',
          purity: 70,
          manufacturer: 'Merck',
          supplier: 'Daraz',
          state: 'LIQUID',
        },
      }),
    );
    await expectRequests(['POST /api/management/chemicals/', chemicalList, search]);
  });

  describe('undo', () => {
    /** 10 ml of Ethanol staged and merged; a store also showing the ledger and the ledgers of three records. */
    async function storeShowingLedgers() {
      const { store } = await storeShowingShipments();
      const shipment = await mergeShipment('chemical');
      await showLedgers(store, [
        { kind: 'chemical', id: 1 },
        { kind: 'chemical', id: 2 },
        { kind: 'instrument', id: 1 },
      ]);
      clearRequestLog();
      return { store, shipment };
    }

    it("refetches the kind's history, stock list and searches, the ledger and the shipment's records' ledgers", async () => {
      const { store, shipment } = await storeShowingLedgers();
      await store.dispatch(
        shipmentsApi.endpoints.revertShipment.initiate({ kind: 'chemical', id: shipment.id }),
      );
      await expectRequests([
        `POST /api/management/shipments/${shipment.id}/revert/`,
        history,
        chemicalList,
        search,
        'GET /api/management/ledger/',
        'GET /api/management/stock-ledger/', // Ethanol's, not Sodium chloride's or the Spectrophotometer's
      ]);
      const ethanol = searchApi.endpoints.fuzzySearch.select({ type: 'chemical', query: 'ethanol' });
      expect(ethanol(store.getState()).data?.rows[0].quantity).toBe(250.5);
    });

    it('refetches nothing when the undo is refused', async () => {
      // A refused undo raises a toast, which needs a mounted provider.
      render(<ToastHost />);
      const { store, shipment } = await storeShowingLedgers();
      await addToCart({ object_type: 'CHEMICAL', object_id: 1, quantity: 255 });
      await issueCart(2);
      const result = await act(() =>
        store.dispatch(shipmentsApi.endpoints.revertShipment.initiate({ kind: 'chemical', id: shipment.id })),
      );
      expect(result.error).toMatchObject({
        status: 409,
        data: { detail: 'Ethanol: only 5.5 ml in stock; the shipment added 10 ml.' },
      });
      await expectRequests([`POST /api/management/shipments/${shipment.id}/revert/`]);
    });
  });

  it('refetches nothing and opens the error dialog when a merge fails', async () => {
    const { store } = await storeShowingShipments();
    await store.dispatch(shipmentsApi.endpoints.mergeShipment.initiate('instrument'));
    await expectRequests(['POST /api/management/instrument-temp-shipment/merge/']);
    expect(store.getState().ui.errorDialog).toBe('Nothing to merge.');
  });
});
