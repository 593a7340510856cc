import { act, render, waitFor } from '@testing-library/react';
import { makeStore } from '../app/store';
import { ToastHost } from '../components/notify';
import { signedInState } from '../testing/render';
import { addToCart, currentVersion, seedLab, stageLine } from '../testing/seed';
import { server } from '../testing/server';
import { setupTestServer } from '../testing/testServer';
import { auditApi } from './audit';
import { categoriesApi } from './categories';
import { issueCartApi } from './issueCart';
import { ledgerApi, type LedgerFilters } from './ledger';
import { locationsApi } from './locations';
import { shipmentsApi } from './shipments';
import { stockApi } from './stock';
import { usersApi } from './users';

setupTestServer(seedLab);

const noFilters: LedgerFilters = { type: '', kinds: [], user: '', from: '', to: '', search: '' };
const firstPage = { limit: 50, offset: 0 };

const ledgerList = 'GET /api/management/ledger/?limit=50&offset=0';
const auditList = 'GET /api/management/audit/?limit=50&offset=0';
const historyOf = (type: string, id: number) =>
  `GET /api/management/stock-ledger/?type=${type}&object_id=${id}`;

/** Every request the app sends, with its query string: the record histories differ only there. */
const requests: string[] = [];
beforeEach(() => {
  requests.length = 0;
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}${url.search}`);
  });
  // A failed write raises a toast, which needs a mounted provider.
  render(<ToastHost />);
});
afterEach(() => {
  server.events.removeAllListeners('request:start');
});

async function expectExactly(expected: string[]) {
  await waitFor(() => expect([...requests].sort()).toEqual([...expected].sort()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect([...requests].sort()).toEqual([...expected].sort());
}

/** A store showing the ledger, the audit log and the histories of Ethanol, Sodium chloride and the Beaker. */
async function storeShowingHistory() {
  const store = makeStore(signedInState());
  await Promise.all([
    store.dispatch(ledgerApi.endpoints.listLedger.initiate({ ...noFilters, ...firstPage })),
    store.dispatch(
      auditApi.endpoints.listAudit.initiate({
        ...noFilters,
        actions: [],
        actor: '',
        targetType: '',
        ...firstPage,
      }),
    ),
    store.dispatch(ledgerApi.endpoints.stockLedger.initiate({ kind: 'chemical', id: 1 })),
    store.dispatch(ledgerApi.endpoints.stockLedger.initiate({ kind: 'chemical', id: 2 })),
    store.dispatch(ledgerApi.endpoints.stockLedger.initiate({ kind: 'glassware', id: 1 })),
  ]);
  requests.length = 0;
  return store;
}

const ethanol = {
  name: 'Ethanol',
  CAS_RN: '64-17-5',
  molecular_formula: 'C2H6O',
  molecular_weight: 46.069,
  purity: 99.5,
  manufacturer: 'Merck',
  supplier: 'Daraz',
  state: 'LIQUID',
  quantity: 300,
} as const;

describe('what refreshes the ledger, the record histories and the audit log', () => {
  it('a stock edit: the ledger, that record’s history and the audit log', async () => {
    const store = await storeShowingHistory();
    await store.dispatch(
      stockApi.endpoints.updateStock.initiate({
        kind: 'chemical',
        id: 1,
        fields: ethanol,
        version: await currentVersion('/api/storeobjects/chemicalobjs/1/'),
      }),
    );
    await expectExactly([
      'PUT /api/storeobjects/chemicalobjs/1/',
      ledgerList,
      auditList,
      historyOf('chemical', 1),
    ]);
  });

  it('a stock create: the audit log, and the ledger only when it starts with stock', async () => {
    const store = await storeShowingHistory();
    await store.dispatch(
      stockApi.endpoints.createStock.initiate({
        kind: 'chemical',
        fields: { ...ethanol, purity: 70, quantity: 0 },
      }),
    );
    await expectExactly(['POST /api/storeobjects/chemicalobjs/', auditList]);

    requests.length = 0;
    await store.dispatch(
      stockApi.endpoints.createStock.initiate({
        kind: 'chemical',
        fields: { ...ethanol, purity: 60, quantity: 5 },
      }),
    );
    await expectExactly(['POST /api/storeobjects/chemicalobjs/', auditList, ledgerList]);
  });

  it('a shipment merge: the ledger and the history of each record shipped, not the audit log', async () => {
    await stageLine('chemical', 2, 10);
    const store = await storeShowingHistory();
    await store.dispatch(shipmentsApi.endpoints.mergeShipment.initiate('chemical'));
    await expectExactly([
      'POST /api/management/chemical-temp-shipment/merge/',
      ledgerList,
      historyOf('chemical', 2),
    ]);
  });

  it('a shipment merge that dates a record: the audit log too (docs/api.md §11)', async () => {
    await stageLine('chemical', 2, 10, '2030-01-31');
    const store = await storeShowingHistory();
    await store.dispatch(shipmentsApi.endpoints.listShipmentLines.initiate('chemical'));
    requests.length = 0;
    await store.dispatch(shipmentsApi.endpoints.mergeShipment.initiate('chemical'));
    await expectExactly([
      'POST /api/management/chemical-temp-shipment/merge/',
      'GET /api/management/chemical-temp-shipment/',
      ledgerList,
      auditList,
      historyOf('chemical', 2),
    ]);
  });

  it('an issue: the ledger and the history of each record issued', async () => {
    await addToCart({ object_type: 'GLASSWARE', object_id: 1, quantity: 1 });
    const store = await storeShowingHistory();
    await store.dispatch(
      issueCartApi.endpoints.mergeIssueCart.initiate({ locationId: 2, fund: null, cmr_confirmed: false }),
    );
    // The audit log too: a cart's issue audits its fund and CMR confirmation (docs/api.md §23.6).
    await expectExactly([
      'POST /api/management/issue-cart/2/merge/',
      ledgerList,
      historyOf('glassware', 1),
      auditList,
    ]);
  });

  it('audited changes that move no stock: only the audit log', async () => {
    const store = await storeShowingHistory();
    await store.dispatch(
      locationsApi.endpoints.createLocation.initiate({
        name: 'Inorganic Lab',
        consumer_type: 'INORGANIC',
        room_number: '120',
        building_name: 'Science Building',
      }),
    );
    await expectExactly(['POST /api/management/store-consumers/', auditList]);

    requests.length = 0;
    await store.dispatch(
      categoriesApi.endpoints.renameCategory.initiate({
        id: 1,
        name: 'SDS',
        version: await currentVersion('/api/filemanager/categories/1/'),
      }),
    );
    await expectExactly(['PATCH /api/filemanager/categories/1/', auditList]);

    requests.length = 0;
    await store.dispatch(
      usersApi.endpoints.setPassword.initiate({
        id: 2,
        password: 'N3w-password!',
        confirm_password: 'N3w-password!',
      }),
    );
    await expectExactly(['POST /api/account/users/2/set_password/', auditList]);
  });

  it('a failed write: nothing', async () => {
    const store = await storeShowingHistory();
    const version = await currentVersion('/api/storeobjects/chemicalobjs/1/');
    await act(() =>
      store.dispatch(
        stockApi.endpoints.updateStock.initiate({
          kind: 'chemical',
          id: 1,
          fields: { ...ethanol, CAS_RN: '64-17-6' },
          version,
        }),
      ),
    );
    await expectExactly(['PUT /api/storeobjects/chemicalobjs/1/']);
  });
});
