import { screen, waitFor, within } from '@testing-library/react';
import { issueCartApi } from '../../api/issueCart';
import { shipmentsApi } from '../../api/shipments';
import { stockApi } from '../../api/stock';
import { AdminShell } from '../../app/shells/AdminShell';
import { captureDownloads, csvLines, csvRows } from '../../testing/downloads';
import { renderWithProviders, signedInState } from '../../testing/render';
import {
  addToCart,
  currentVersion,
  mergeShipment,
  seedLab,
  stageLine,
  updateStock,
} from '../../testing/seed';
import { clearRequestLog, expectRequests, sentRequests, server } from '../../testing/server';
import { setupTestServer, testServer } from '../../testing/testServer';
import { http, HttpResponse } from 'msw';

// The lab is in Auckland; the browser (the test process) keeps UTC. At 23:30 UTC on 9 March it is already the
// 10th in the lab, which is the date the dashboard counts from.
setupTestServer(seedLab, { labTimeZone: 'Pacific/Auckland' });
const LATE_EVENING_UTC = '2026-03-09T23:30:00.000Z';

const DASHBOARD = 'GET /api/management/dashboard/';

function renderDashboard() {
  testServer().setClock(LATE_EVENING_UTC);
  return renderWithProviders(<AdminShell />, { route: '/adminapp', preloadedState: signedInState() });
}

const card = (name: string | RegExp) => screen.getByRole('region', { name });

async function loaded() {
  await screen.findByText('Today in the lab: March 10, 2026 (Pacific/Auckland)');
}

describe('DashboardPage', () => {
  it('counts and lists each card, with dates counted from the lab’s today, not the browser’s', async () => {
    await updateStock('chemical', 1, { minimum_quantity: 300 });
    await updateStock('glassware', 1, { expiry_date: '2026-03-09' });
    await updateStock('chemical', 2, { expiry_date: '2026-04-20' });
    renderDashboard();
    await loaded();

    const below = card('Below minimum');
    expect(within(below).getByLabelText('Below minimum: 1')).toBeInTheDocument();
    const lowRow = within(below).getByRole('row', { name: /Ethanol/ });
    expect(
      within(lowRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['EthanolChemical · Merck, Daraz', '250.5 ml', '300 ml', '49.5 ml']);

    // On the browser's calendar it is still 9 March, the Beaker's last day; in the lab it expired yesterday.
    const expired = card('Expired');
    expect(within(expired).getByRole('row', { name: /Beaker/ })).toHaveTextContent(
      'March 9, 2026Expired 1 day ago',
    );
    expect(
      within(card('Expiring within 30 days')).getByText('Nothing expires within 30 days.'),
    ).toBeVisible();
    expect(within(card('Last issues')).getAllByRole('button', { name: 'Physical Lab 1' })).toHaveLength(2);
    expect(within(card('Last shipments')).getByText('No shipments yet.')).toBeVisible();
    expect(within(card('Staged lines not merged')).getByText('No staged lines.')).toBeVisible();
    expect(within(card('Cart not submitted')).getByText('The cart is empty.')).toBeVisible();
    // Every card exports what it shows, an empty one nothing.
    expect(within(below).getByRole('button', { name: 'Export CSV of Below minimum' })).toBeEnabled();
    expect(within(card('Last shipments')).getByRole('button', { name: /Export CSV/ })).toBeDisabled();
  });

  it('exports a card as its file: the shown columns, the record identified beside its name', async () => {
    await updateStock('chemical', 1, { minimum_quantity: 300 });
    const { user } = renderDashboard();
    await loaded();
    const saved = captureDownloads();
    await user.click(
      within(card('Below minimum')).getByRole('button', { name: 'Export CSV of Below minimum' }),
    );
    expect(saved).toHaveLength(1);
    // Quantities as numbers (a spreadsheet adds them up), their unit in a column of its own.
    expect(await csvLines(saved[0])).toEqual([
      '"Item","Kind","Manufacturer","Supplier","Unit","In stock","Minimum","Shortfall"',
      '"Ethanol","Chemical","Merck","Daraz","ml",250.5,300,49.5',
    ]);
    expect(within(card('Below minimum')).getByRole('row', { name: /Ethanol/ })).toHaveTextContent(
      '250.5 ml300 ml49.5 ml',
    );
  });

  it('switches the expiring card between 30, 60 and 90 days, asking the server again', async () => {
    await updateStock('chemical', 2, { expiry_date: '2026-04-20' });
    const { user } = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: '60 days' }));

    const expiring = await screen.findByRole('region', { name: 'Expiring within 60 days' });
    expect(await within(expiring).findByRole('row', { name: /Sodium chloride/ })).toHaveTextContent(
      'April 20, 2026Expires in 41 days',
    );
    expect(screen.getByRole('group', { name: 'Expiring within' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '60 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(sentRequests({ query: true }).filter((request) => request.startsWith(DASHBOARD))).toEqual([
      `${DASHBOARD}?within=30`,
      `${DASHBOARD}?within=60`,
    ]);
  });

  it('refreshes after an edit, a merge and an issue (cache tags), and never polls', async () => {
    await updateStock('chemical', 1, { minimum_quantity: 200 });
    await stageLine('instrument', 1, 4);
    await addToCart({ object_type: 'GLASSWARE', object_id: 2, quantity: 1 });
    const { store } = renderDashboard();
    await loaded();
    expect(within(card('Below minimum')).getByText('Nothing below minimum.')).toBeVisible();
    expect(
      within(card('Staged lines not merged')).getByRole('row', { name: /Spectrophotometer/ }),
    ).toBeVisible();
    expect(within(card('Cart not submitted')).getByRole('row', { name: /Volumetric flask/ })).toBeVisible();
    await expectRequests([DASHBOARD]);

    clearRequestLog();
    await store.dispatch(
      stockApi.endpoints.updateStock.initiate({
        kind: 'chemical',
        id: 1,
        version: await currentVersion('/api/storeobjects/chemicalobjs/1/'),
        fields: {
          name: 'Ethanol',
          CAS_RN: '64-17-5',
          molecular_formula: 'C2H6O',
          molecular_weight: null,
          purity: 99.5,
          manufacturer: 'Merck',
          supplier: 'Daraz',
          state: 'LIQUID',
          quantity: 150,
        },
      }),
    );
    expect(await within(card('Below minimum')).findByRole('row', { name: /Ethanol/ })).toHaveTextContent(
      '50 ml',
    );
    await expectRequests(['PUT /api/storeobjects/chemicalobjs/1/', DASHBOARD]);

    clearRequestLog();
    await store.dispatch(shipmentsApi.endpoints.mergeShipment.initiate('instrument'));
    expect(await within(card('Staged lines not merged')).findByText('No staged lines.')).toBeVisible();
    expect(within(card('Last shipments')).getByRole('button', { name: /Shipment #/ })).toBeVisible();

    clearRequestLog();
    await store.dispatch(
      issueCartApi.endpoints.mergeIssueCart.initiate({ locationId: 2, fund: null, cmr_confirmed: false }),
    );
    expect(await within(card('Cart not submitted')).findByText('The cart is empty.')).toBeVisible();
    expect(within(card('Last issues')).getByRole('button', { name: 'Organic Lab A' })).toBeVisible();
    await expectRequests(['POST /api/management/issue-cart/2/merge/', DASHBOARD]);
  });

  it('opens a record in the Store, on its kind, with its history', async () => {
    await updateStock('instrument', 2, { minimum_quantity: 5 });
    const { user, store } = renderDashboard();
    await loaded();
    await user.click(within(card('Below minimum')).getByRole('button', { name: 'Centrifuge' }));

    expect(await screen.findByRole('dialog', { name: 'History of Centrifuge' })).toBeInTheDocument();
    expect(store.getState().ui.adminPage).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().ui.storeRecord).toBeUndefined();
    // The Store behind it is on the record's kind.
    expect(screen.getByRole('heading', { name: 'Store' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Instrument' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the counts as badges on the sidebar, named for screen readers, from the same request', async () => {
    await updateStock('chemical', 1, { minimum_quantity: 300 });
    await updateStock('glassware', 1, { expiry_date: '2026-03-01' });
    await stageLine('glassware', 2, 1);
    const { user } = renderDashboard();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('navigation', { name: 'Admin pages' });

    // The label and the words are separate boxes, which the accessible name joins with a space.
    expect(within(sidebar).getByRole('button', { name: /^Store ?, 2 need attention$/ })).toBeInTheDocument();
    expect(
      within(sidebar).getByRole('button', { name: /^Add Shipment ?, 1 staged line not merged$/ }),
    ).toBeInTheDocument();
    // Nothing in the cart: no badge.
    expect(within(sidebar).getByRole('button', { name: 'Create an Issue' })).toBeInTheDocument();
    // One dashboard request for the page and its badges; the Requests entry counts the store's queue on its own.
    await expectRequests([DASHBOARD, 'GET /api/management/requests/']);
  });

  it('opens the reorder list of every record below its minimum, with the last supplier, to print', async () => {
    await updateStock('chemical', 1, { minimum_quantity: 300 });
    await updateStock('instrument', 1, { minimum_quantity: 10 });
    await stageLine('instrument', 1, 1);
    await mergeShipment('instrument');
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderDashboard();
    await loaded();
    await user.click(within(card('Below minimum')).getByRole('button', { name: 'Reorder list' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reorder list' });
    await within(dialog).findByText('2 items are below minimum on March 10, 2026.');
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Ethanol',
      'Spectrophotometer',
    ]);
    expect(rows[0]).toHaveTextContent('Never shipped');
    // Spectrophotometer: 3 + 1 shipped of a minimum of 10; its last shipment came from Daraz.
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['4 pieces', '10 pieces', '6 pieces', 'Daraz', '1 piece']));
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    const saved = captureDownloads();
    await user.click(within(dialog).getByRole('button', { name: 'Export CSV of the reorder list' }));
    const [header, ...lines] = await csvRows(saved[0]);
    expect(header).toEqual([
      'Item',
      'Kind',
      'Manufacturer',
      'Supplier',
      'Unit',
      'In stock',
      'Minimum',
      'Shortfall',
      'Last supplier',
      'Last shipped quantity',
      'Last shipped',
    ]);
    expect(lines.map((line) => line[0])).toEqual(['Ethanol', 'Spectrophotometer']);
    expect(lines[1].slice(4, 10)).toEqual(['pieces', '4', '10', '6', 'Daraz', '1']);
    print.mockRestore();
  });

  it('says so when the dashboard cannot be loaded, and retries', async () => {
    server.use(
      http.get(
        /\/api\/management\/dashboard\/$/,
        () => HttpResponse.json({ detail: 'Down.' }, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded: Down.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await loaded();
  });
});
