import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { StockKind } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { at, mergeShipment, seedLab, stageLine } from '../../testing/seed';
import { server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { ShipmentHistoryPage } from './ShipmentHistoryPage';

setupTestServer(seedLab);

function renderPage() {
  return renderWithProviders(<ShipmentHistoryPage />, {
    route: '/adminapp',
    preloadedState: signedInState(),
  });
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
