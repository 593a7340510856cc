import { addListener } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { shipmentReverted } from '../../api/shipments';
import type { StockKind } from '../../api/stock';
import { longUsDate } from '../../components/dates';
import { renderWithProviders, signedInState } from '../../testing/render';
import { captureDownloads, csvRows, exportNamePattern } from '../../testing/downloads';
import {
  addToCart,
  at,
  createLiquid,
  issueCart,
  mergeShipment,
  seedLab,
  stageLine,
} from '../../testing/seed';
import { clearRequestLog, expectRequests, sentRequests, server } from '../../testing/server';
import { StockQuantities } from '../../testing/StockQuantities';
import { setupTestServer, testServer } from '../../testing/testServer';
import { ShipmentHistoryPage } from './ShipmentHistoryPage';

setupTestServer(seedLab);

function renderPage() {
  return renderWithProviders(
    <>
      <ShipmentHistoryPage />
      <StockQuantities kind="glassware" />
    </>,
    { route: '/adminapp', preloadedState: signedInState() },
  );
}

function headersOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
}

function cellsOf(table: HTMLElement) {
  return within(within(table).getAllByRole('rowgroup')[1])
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

/** Stages `quantity` of stock record `id` and merges it into stock at `date`: one shipment in the history. */
async function shipAt(date: string, kind: StockKind, id: number, quantity: number) {
  await stageLine(kind, id, quantity);
  await at(date, () => mergeShipment(kind));
}

describe('ShipmentHistoryPage', () => {
  it('shows one card per chemical shipment, newest first, with the SPEC columns', async () => {
    await shipAt('2026-11-20T08:00:00.000Z', 'chemical', 2, 500);
    await shipAt('2026-11-21T19:56:09.765Z', 'chemical', 1, 12.5);
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading chemical shipments' })).toBeInTheDocument();
    const tables = await screen.findAllByRole('table');
    expect(tables.map((table) => table.getAttribute('aria-label'))).toEqual([
      'Shipment Date: 2026-11-21',
      'Shipment Date: 2026-11-20',
    ]);
    expect(screen.getByRole('heading', { name: 'Shipment Date: 2026-11-21' })).toBeInTheDocument();
    expect(headersOf(tables[0])).toEqual([
      'CAS_RN',
      'Name',
      'Molecular Formula',
      'Molecular Weight',
      'Purity',
      'Old Quantity',
      'State',
      'Manufacturer',
      'Supplier',
      'Added Quantity',
    ]);
    expect(cellsOf(tables[0])).toEqual([
      '64-17-5',
      'Ethanol',
      'C2H6O',
      '46.069',
      '99.5',
      '250.5 ml',
      'Liquid',
      'Merck',
      'Daraz',
      '12.5 ml',
    ]);
  });

  it("exports the tab's lines with their shipments, units in the headers, ISO times, formulas escaped", async () => {
    const risky = await createLiquid('=1+2', 0.001);
    await shipAt('2026-11-20T08:00:00.000Z', 'chemical', risky.id, 1234.125);
    await shipAt('2026-11-21T19:56:09.765Z', 'chemical', 1, 12.5);
    const saved = captureDownloads();
    const { user } = renderPage();
    await screen.findAllByRole('table');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(exportNamePattern('chemical-shipments'));
    expect(await csvRows(saved[0])).toEqual([
      [
        'Shipment Date (UTC)',
        'Reverted on (UTC)',
        'Reverted by',
        'CAS_RN',
        'Name',
        'Molecular Formula',
        'Molecular Weight (g/mol)',
        'Purity (%)',
        'Old Quantity (ml)',
        'State',
        'Manufacturer',
        'Supplier',
        'Added Quantity (ml)',
      ],
      [
        '2026-11-21T19:56:09.765Z',
        '',
        '',
        '64-17-5',
        'Ethanol',
        'C2H6O',
        '46.069',
        '99.5',
        '250.5',
        'LIQUID',
        'Merck',
        'Daraz',
        '12.5',
      ],
      [
        '2026-11-20T08:00:00.000Z',
        '',
        '',
        '67-64-1',
        "'=1+2",
        'C3H6O',
        '58.08',
        '99.9',
        '0.001',
        'LIQUID',
        'Merck',
        'Daraz',
        '1234.125',
      ],
    ]);
  });

  it('shows the new quantity of instrument and glassware lines as old plus added', async () => {
    await shipAt('2026-11-21T10:00:00Z', 'instrument', 1, 2);
    await shipAt('2026-11-22T10:00:00Z', 'glassware', 1, 10);
    const { user } = renderPage();
    await screen.findByText('Nothing Found');

    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    const instruments = await screen.findByRole('table', { name: 'Shipment Date: 2026-11-21' });
    expect(headersOf(instruments)).toEqual([
      'Name',
      'Manufacturer',
      'Supplier',
      'Old Quantity',
      'New Quantity',
    ]);
    expect(cellsOf(instruments)).toEqual(['Spectrophotometer', 'Shimadzu', 'Daraz', '3 pieces', '5 pieces']);

    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    const glassware = await screen.findByRole('table', { name: 'Shipment Date: 2026-11-22' });
    expect(headersOf(glassware)).toEqual([
      'Name',
      'Size',
      'Material Type',
      'Manufacturer',
      'Supplier',
      'Old Quantity',
      'New Quantity',
    ]);
    expect(cellsOf(glassware)).toEqual([
      'Beaker',
      '250',
      'Borosilicate',
      'Pyrex',
      'Daraz',
      '20 pieces',
      '30 pieces',
    ]);
  });

  it('adds old and added quantities without binary float error', async () => {
    // An answer our server never gives (its pieces are whole), to check the sum is not a binary float.
    const line = { stock_id: 1, name: 'Balance', manufacturer: 'Ohaus', supplier: 'Daraz' };
    server.use(
      http.get('*/api/management/shipments/', () =>
        HttpResponse.json([
          {
            id: 2,
            date_time: '2026-11-21T10:00:00Z',
            reverted_at: null,
            reverted_by: null,
            undo_until: null,
            instruments: [{ ...line, old_total: 0.1, added_quantity: 0.2 }],
          },
        ]),
      ),
    );
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    const table = await screen.findByRole('table', { name: 'Shipment Date: 2026-11-21' });
    expect(within(table).getByRole('cell', { name: '0.3 pieces' })).toBeInTheDocument();
  });

  it('says Nothing Found without shipments and Something Went Wrong. when the load fails', async () => {
    server.use(
      http.get('*/api/management/shipments/', ({ request }) => {
        if (new URL(request.url).searchParams.get('type') === 'glassware')
          return HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Nothing Found')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong.');
  });
});

describe('Undo shipment', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const glasswareStock = () =>
    within(screen.getByRole('list', { name: 'Glassware stock' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  /** 10 Beakers and 3 Volumetric flasks received two days ago; the Glassware tab open. */
  async function openRecentGlasswareShipment() {
    const mergedAt = hoursAgo(48);
    await stageLine('glassware', 1, 10);
    await stageLine('glassware', 2, 3);
    const shipment = await at(mergedAt, () => mergeShipment('glassware'));
    const view = renderPage();
    await view.user.click(await screen.findByRole('tab', { name: 'Glassware' }));
    const date = mergedAt.slice(0, 10);
    const card = await screen.findByRole('region', { name: `Shipment Date: ${date}` });
    return { ...view, card, date, revert: `POST /api/management/shipments/${shipment.id}/revert/` };
  }

  it('lists what it takes back, undoes the shipment, marks the card and refreshes the stock', async () => {
    // Merged eight days ago: past the server's 7-day window, so it offers no undo.
    await stageLine('glassware', 2, 1);
    const tooOld = hoursAgo(8 * 24);
    await at(tooOld, () => mergeShipment('glassware'));
    const { user, store, card, date, revert } = await openRecentGlasswareShipment();
    await waitFor(() => expect(glasswareStock()).toEqual(['Beaker: 30', 'Volumetric flask: 16']));
    const events: unknown[] = [];
    store.dispatch(
      addListener({
        actionCreator: shipmentReverted,
        effect: (action) => {
          events.push(action);
        },
      }),
    );
    const oldCard = screen.getByRole('region', { name: `Shipment Date: ${tooOld.slice(0, 10)}` });
    expect(within(oldCard).queryByRole('button', { name: /Undo shipment/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: `Undo shipment of ${date}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo shipment?' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Taken back' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Beaker — 10 pieces', 'Volumetric flask — 3 pieces']);

    clearRequestLog();
    const revertedAt = hoursAgo(1);
    testServer().setClock(revertedAt);
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Undo shipment' }));
      expect(await screen.findByText(`Shipment undone: Shipment Date: ${date}.`)).toBeInTheDocument();
      await waitFor(() => expect(glasswareStock()).toEqual(['Beaker: 20', 'Volumetric flask: 13']));
    } finally {
      testServer().setClock(null);
    }
    expect(
      await within(card).findByText(`Reverted on ${longUsDate(revertedAt)} by admin@lab.org`),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Undo shipment/ })).not.toBeInTheDocument();
    // The reverted shipment stays in the history, in its place.
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      `Shipment Date: ${date}`,
      `Shipment Date: ${tooOld.slice(0, 10)}`,
    ]);
    expect(sentRequests()).toEqual(
      expect.arrayContaining([
        revert,
        'GET /api/management/shipments/',
        'GET /api/storeobjects/glasswareobjs/',
      ]),
    );
    expect(events).toEqual([
      shipmentReverted({
        kind: 'glassware',
        shipment: expect.objectContaining({ reverted_by: 'admin@lab.org', undo_until: null }),
      }),
    ]);
  });

  it("shows the server's refusal when part of the shipment was issued meanwhile, and changes nothing", async () => {
    const { user, card, date, revert } = await openRecentGlasswareShipment();
    await waitFor(() => expect(glasswareStock()).toEqual(['Beaker: 30', 'Volumetric flask: 15']));
    // 25 of the 30 Beakers go to Organic Lab A: 5 are left, the shipment added 10.
    await addToCart({ object_type: 'GLASSWARE', object_id: 1, quantity: 25 });
    await issueCart(2);

    await user.click(within(card).getByRole('button', { name: `Undo shipment of ${date}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo shipment?' });
    clearRequestLog();
    await user.click(within(dialog).getByRole('button', { name: 'Undo shipment' }));

    expect(
      await screen.findByText('Beaker: only 5 pieces in stock; the shipment added 10 pieces.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expectRequests([revert]);
    expect(within(card).getByRole('button', { name: `Undo shipment of ${date}` })).toBeInTheDocument();
    expect(within(card).queryByText(/^Reverted on/)).not.toBeInTheDocument();
  });
});
