import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { shipments } from '../../testing/handlers/shipments';
import { renderWithProviders, signedInState } from '../../testing/render';
import { server } from '../../testing/server';
import { ShipmentHistoryPage } from './ShipmentHistoryPage';

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

const merchant = { manufacturer: 'Merck', supplier: 'Daraz' };

describe('ShipmentHistoryPage', () => {
  it('shows one card per chemical shipment, newest first, with the SPEC columns', async () => {
    shipments.history.chemical.push(
      {
        id: 1,
        date_time: '2026-11-20T08:00:00.000Z',
        lines: [
          {
            stock_id: 2,
            CAS_RN: '7647-14-5',
            name: 'Sodium chloride',
            molecular_formula: 'NaCl',
            molecular_weight: 58.44,
            purity: 99,
            state: 'SOLID',
            old_total: 0,
            added_quantity: 500,
            ...merchant,
          },
        ],
      },
      {
        id: 2,
        date_time: '2026-11-21T19:56:09.765Z',
        lines: [
          {
            stock_id: 1,
            CAS_RN: '64-17-5',
            name: 'Ethanol',
            molecular_formula: 'C2H6O',
            molecular_weight: 46.069,
            purity: 99.5,
            state: 'LIQUID',
            old_total: 238,
            added_quantity: 12.5,
            ...merchant,
          },
        ],
      },
    );
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
      '238 ml',
      'Liquid',
      'Merck',
      'Daraz',
      '12.5 ml',
    ]);
  });

  it('shows the new quantity of instrument and glassware lines as old plus added', async () => {
    shipments.history.instrument.push({
      id: 1,
      date_time: '2026-11-21T10:00:00Z',
      lines: [{ stock_id: 3, name: 'Spectrophotometer', old_total: 1, added_quantity: 2, ...merchant }],
    });
    shipments.history.glassware.push({
      id: 2,
      date_time: '2026-11-22T10:00:00Z',
      lines: [
        {
          stock_id: 5,
          name: 'Beaker',
          size: 250,
          material_type: 'Borosilicate',
          old_total: 10,
          added_quantity: 10,
          ...merchant,
        },
      ],
    });
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
    expect(cellsOf(instruments)).toEqual(['Spectrophotometer', 'Merck', 'Daraz', '1 piece', '3 pieces']);

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
      'Merck',
      'Daraz',
      '10 pieces',
      '20 pieces',
    ]);
  });

  it('adds old and added quantities without binary float error', async () => {
    shipments.history.instrument.push({
      id: 2,
      date_time: '2026-11-21T10:00:00Z',
      lines: [{ name: 'Balance', old_total: 0.1, added_quantity: 0.2, ...merchant }],
    });
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    const table = await screen.findByRole('table', { name: 'Shipment Date: 2026-11-21' });
    expect(within(table).getByRole('cell', { name: '0.3 pieces' })).toBeInTheDocument();
  });

  it('says Nothing Found without shipments and Something Went Wrong. when the load fails', async () => {
    server.use(
      http.get('*/api/management/shipments/', ({ request }) =>
        new URL(request.url).searchParams.get('type') === 'glassware'
          ? HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 })
          : HttpResponse.json([]),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Nothing Found')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Glassware' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong.');
  });
});
