import { act, render, screen } from '@testing-library/react';
import { makeStore } from '../app/store';
import { ToastHost } from '../components/notify';
import { showLedgers } from '../testing/ledgerViews';
import { signedInState } from '../testing/render';
import { addToCart, seedLab, setStockQuantity } from '../testing/seed';
import { clearRequestLog, expectRequests } from '../testing/server';
import { stockPageArgs } from '../testing/stockPages';
import { setupTestServer } from '../testing/testServer';
import { issueCartApi } from './issueCart';
import { locationsApi } from './locations';
import { searchApi } from './search';
import { stockApi } from './stock';

setupTestServer(seedLab);

/** The admin's cart holds 5 ml of Ethanol (chemical 1) and 2 Beakers (glassware 1). */
async function fillCart() {
  const ethanol = await addToCart({ object_id: 1, object_type: 'CHEMICAL', quantity: 5 });
  const beakers = await addToCart({ object_id: 1, object_type: 'GLASSWARE', quantity: 2 });
  return { ethanol, beakers };
}

/** A store showing every list a merge could touch, their loads done, and the cart's lines. */
async function storeShowingEverything() {
  const lines = await fillCart();
  const store = makeStore(signedInState());
  await Promise.all([
    store.dispatch(stockApi.endpoints.stockPage.initiate(stockPageArgs('chemical'))),
    store.dispatch(stockApi.endpoints.stockPage.initiate(stockPageArgs('instrument'))),
    store.dispatch(stockApi.endpoints.stockPage.initiate(stockPageArgs('glassware'))),
    store.dispatch(searchApi.endpoints.fuzzySearch.initiate({ type: 'chemical', query: 'ethanol' })),
    store.dispatch(searchApi.endpoints.fuzzySearch.initiate({ type: 'instrument', query: 'centrifuge' })),
    store.dispatch(searchApi.endpoints.fuzzySearchAllKinds.initiate('beaker')),
    store.dispatch(locationsApi.endpoints.consumersTree.initiate()),
    store.dispatch(locationsApi.endpoints.issuesForLocation.initiate(1)),
    store.dispatch(locationsApi.endpoints.issuesForLocation.initiate(2)),
    store.dispatch(issueCartApi.endpoints.listIssueCart.initiate()),
  ]);
  clearRequestLog();
  return { store, lines };
}

const cartList = 'GET /api/management/issue-cart/';
const search = 'GET /api/management/fuzzysearch/';

describe('issue cart and location endpoints and their cache tags', () => {
  // A failed write raises a toast, which needs a mounted provider.
  beforeEach(() => {
    render(<ToastHost />);
  });

  it('after a merge refetches the cart, the lists and searches of the issued kinds and that location’s issues', async () => {
    const { store } = await storeShowingEverything();
    await store.dispatch(
      issueCartApi.endpoints.mergeIssueCart.initiate({ locationId: 2, fund: null, cmr_confirmed: false }),
    );
    await expectRequests([
      'POST /api/management/issue-cart/2/merge/',
      cartList,
      'GET /api/storeobjects/chemicalobjs/',
      'GET /api/storeobjects/glasswareobjs/',
      search, // the chemical search
      search, // the search across kinds
      'GET /api/management/issues/2/',
    ]);
    const chemicals = stockApi.endpoints.stockPage.select(stockPageArgs('chemical'))(store.getState()).data
      ?.results;
    expect(chemicals?.find((record) => record.id === 1)?.quantity).toBe(245.5);
    expect(issueCartApi.endpoints.listIssueCart.select()(store.getState()).data).toEqual([]);
    expect(locationsApi.endpoints.issuesForLocation.select(2)(store.getState()).data).toHaveLength(1);
  });

  it('refetches nothing when the merge is refused', async () => {
    const { store } = await storeShowingEverything();
    // Someone else issued most of the Ethanol after it went into this cart.
    await setStockQuantity('chemical', 1, 3);
    const result = await act(() =>
      store.dispatch(
        issueCartApi.endpoints.mergeIssueCart.initiate({ locationId: 2, fund: null, cmr_confirmed: false }),
      ),
    );
    expect(result.error).toMatchObject({ status: 409, data: { detail: 'Ethanol: only 3 ml in stock.' } });
    expect(screen.getByText('Ethanol: only 3 ml in stock.')).toBeInTheDocument();
    await expectRequests(['POST /api/management/issue-cart/2/merge/']);
  });

  it('refetches only the cart after a line is added, changed or deleted', async () => {
    const { store, lines } = await storeShowingEverything();
    await store.dispatch(
      issueCartApi.endpoints.addToIssueCart.initiate({
        object_id: 1,
        object_type: 'INSTRUMENT',
        quantity: 1,
      }),
    );
    await expectRequests(['POST /api/management/issue-cart/', cartList]);

    clearRequestLog();
    await store.dispatch(
      issueCartApi.endpoints.updateIssueCartLine.initiate({
        id: lines.ethanol.id,
        object_id: 1,
        object_type: 'CHEMICAL',
        quantity: 7,
      }),
    );
    await expectRequests([`PUT /api/management/issue-cart/${lines.ethanol.id}/`, cartList]);

    clearRequestLog();
    await store.dispatch(issueCartApi.endpoints.deleteIssueCartLine.initiate(lines.beakers.id));
    await expectRequests([`DELETE /api/management/issue-cart/${lines.beakers.id}/`, cartList]);
    const cart = issueCartApi.endpoints.listIssueCart.select()(store.getState()).data;
    expect(cart?.map((line) => [line.object_type, line.object_id, line.quantity])).toEqual([
      ['CHEMICAL', 1, 7],
      ['INSTRUMENT', 1, 1],
    ]);
  });

  it("after a return refetches that location's issues, the kind's lists and searches, the ledger and the record's", async () => {
    const { store } = await storeShowingEverything();
    await showLedgers(store, [
      { kind: 'glassware', id: 1 },
      { kind: 'glassware', id: 2 },
      { kind: 'chemical', id: 1 },
    ]);
    clearRequestLog();
    // Physical Lab 1's issue of November 21, 2026 (seedLab) took 1 Beaker.
    const [issue] = locationsApi.endpoints.issuesForLocation.select(1)(store.getState()).data ?? [];
    const beaker = issue.objects.find((item) => item.name === 'Beaker')!;
    await store.dispatch(
      locationsApi.endpoints.returnIssueLine.initiate({
        locationId: 1,
        issueId: issue.id,
        item: beaker,
        quantity: 1,
      }),
    );
    await expectRequests([
      `POST /api/management/issues/${issue.id}/lines/${beaker.line_id}/return/`,
      'GET /api/management/issues/1/',
      'GET /api/storeobjects/glasswareobjs/',
      search, // the search across kinds, which shows a Beaker
      'GET /api/management/ledger/',
      'GET /api/management/stock-ledger/', // the Beaker's only
    ]);
    const glassware = stockApi.endpoints.stockPage.select(stockPageArgs('glassware'))(store.getState()).data;
    expect(glassware?.results.find((record) => record.id === 1)?.quantity).toBe(21);
  });

  it('refetches only the tree after a location is created', async () => {
    const { store } = await storeShowingEverything();
    await store.dispatch(
      locationsApi.endpoints.createLocation.initiate({
        name: 'Inorganic Lab 3',
        consumer_type: 'INORGANIC',
        room_number: '120',
        building_name: 'Science Building',
      }),
    );
    await expectRequests(['POST /api/management/store-consumers/', 'GET /api/management/consumers-tree/']);
    const tree = locationsApi.endpoints.consumersTree.select()(store.getState()).data;
    expect(tree?.InorganicLab).toEqual([{ id: 4, name: 'Inorganic Lab 3' }]);
  });
});
