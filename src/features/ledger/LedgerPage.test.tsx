import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { localDateTime, localDayBounds } from '../../components/dates';
import { ToastHost } from '../../components/notify';
import { captureDownloads, csvRows } from '../../testing/downloads';
import { renderWithProviders, signedInState } from '../../testing/render';
import {
  addToCart,
  at,
  createLocation,
  issueCart,
  mergeShipment,
  seedAdmin,
  seedStock,
  setStockQuantity,
  stageLine,
} from '../../testing/seed';
import { sentQueries, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { LedgerPage } from './LedgerPage';

/**
 * - November 1, 2026: the stock of `seedStock` created (one ADJUSTMENT each: Ethanol 250.5 ml, Sodium chloride
 *   500 ml, 3 Spectrophotometers, 2 Centrifuges, 20 Beakers, 12 Volumetric flasks);
 * - November 20, 2026: shipment 1 adds 12.5 ml of Ethanol (263 ml);
 * - November 21, 2026: issue 1 takes 2 Beakers (18) to Physical Lab 1.
 */
setupTestServer(async () => {
  await seedAdmin();
  await at('2026-11-01T09:00:00.000Z', seedStock);
  await stageLine('chemical', 1, 12.5);
  await at('2026-11-20T10:00:00.000Z', () => mergeShipment('chemical'));
  const lab = await createLocation({
    name: 'Physical Lab 1',
    consumer_type: 'PHYSICAL',
    room_number: '110',
    building_name: 'Science Building',
  });
  await addToCart({ object_type: 'GLASSWARE', object_id: 1, quantity: 2 });
  await at('2026-11-21T12:00:00.000Z', () => issueCart(lab.id));
});

/** The query strings of the ledger lists the page asked for, in order. */
const ledgerQueries = () => sentQueries('/api/management/ledger/');

function renderPage() {
  return renderWithProviders(
    <>
      <LedgerPage />
      <ToastHost />
    </>,
    { route: '/adminapp', preloadedState: signedInState() },
  );
}

function rows() {
  const table = screen.getByRole('table', { name: 'ledger entries' });
  return within(within(table).getAllByRole('rowgroup')[1]).getAllByRole('row');
}

function cells(row: HTMLElement) {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

/** The rows' Item cells, which start with the item's name. */
function itemNames() {
  return rows().map((row) => within(row).getAllByRole('cell')[2].firstChild?.textContent);
}

describe('LedgerPage', () => {
  it('lists every entry newest first with its kind, item, signed change, balance, user and source', async () => {
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading ledger entries' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'ledger entries' });

    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date and time', 'Kind', 'Item', 'Change', 'Balance after', 'User', 'Shipment or issue']);
    expect(rows()).toHaveLength(8);
    expect(cells(rows()[0])).toEqual([
      localDateTime('2026-11-21T12:00:00.000Z'),
      'Issue',
      'BeakerGlassware #1 · 250 · Borosilicate · Pyrex/Daraz',
      '-2 pieces',
      '18 pieces',
      'admin@lab.org',
      'Issue #1',
    ]);
    expect(cells(rows()[1])).toEqual([
      localDateTime('2026-11-20T10:00:00.000Z'),
      'Shipment',
      'EthanolChemical #1 · 64-17-5 · 99.5% · Liquid · Merck/Daraz',
      '+12.5 ml',
      '263 ml',
      'admin@lab.org',
      'Shipment #1',
    ]);
    expect(cells(rows()[7])).toEqual([
      localDateTime('2026-11-01T09:00:00.000Z'),
      'Adjustment',
      'EthanolChemical #1 · 64-17-5 · 99.5% · Liquid · Merck/Daraz',
      '+250.5 ml',
      '250.5 ml',
      'admin@lab.org',
      '',
    ]);
    expect(screen.getByText('1–8 of 8')).toBeInTheDocument();
  });

  it('sends each filter to the server and shows only the entries it selects', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'ledger entries' });

    await user.click(screen.getByRole('combobox', { name: 'Item kind' }));
    await user.click(screen.getByRole('option', { name: 'Chemical' }));
    await waitFor(() => expect(itemNames()).toEqual(['Ethanol', 'Sodium chloride', 'Ethanol']));
    expect(ledgerQueries().at(-1)?.get('type')).toBe('chemical');

    await user.click(screen.getByRole('combobox', { name: 'Kind of change' }));
    await user.click(screen.getByRole('option', { name: 'Shipment' }));
    await user.click(screen.getByRole('option', { name: 'Issue' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(itemNames()).toEqual(['Ethanol']));
    expect(ledgerQueries().at(-1)?.get('kind')).toBe('SHIPMENT,ISSUE');

    await user.click(screen.getByRole('combobox', { name: 'Item kind' }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Item' }), 'pyrex');
    await waitFor(() => expect(itemNames()).toEqual(['Beaker']));
    expect(ledgerQueries().at(-1)?.get('search')).toBe('pyrex');
    expect(ledgerQueries().at(-1)?.has('type')).toBe(false);

    await user.clear(screen.getByRole('searchbox', { name: 'Item' }));
    await user.type(screen.getByRole('textbox', { name: 'User' }), 'ann@lab.org');
    expect(await screen.findByText('Nothing Found')).toBeInTheDocument();
    expect(ledgerQueries().at(-1)?.get('user')).toBe('ann@lab.org');
  });

  it('filters by the days chosen, from the start of the first to the end of the last, on the local calendar', async () => {
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'ledger entries' });

    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    await waitFor(() => expect(itemNames()).toEqual(['Ethanol']));
    expect(ledgerQueries().at(-1)?.get('from')).toBe(localDayBounds('2026-11-20').start);
    expect(ledgerQueries().at(-1)?.get('to')).toBe(localDayBounds('2026-11-20').end);
  });

  it('pages through the entries on the server', async () => {
    // 60 more adjustments of the Centrifuge: 68 entries in all.
    for (let quantity = 3; quantity < 63; quantity += 1) await setStockQuantity('instrument', 2, quantity);
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'ledger entries' });
    expect(rows()).toHaveLength(50);
    expect(screen.getByText('1–50 of 68')).toBeInTheDocument();
    expect(ledgerQueries().at(-1)?.get('limit')).toBe('50');
    expect(ledgerQueries().at(-1)?.get('offset')).toBe('0');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(rows()).toHaveLength(18));
    expect(screen.getByText('51–68 of 68')).toBeInTheDocument();
    expect(ledgerQueries().at(-1)?.get('offset')).toBe('50');
    expect(cells(rows()[17])[3]).toBe('+250.5 ml');

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByText('1–25 of 68')).toBeInTheDocument();
    expect(ledgerQueries().at(-1)?.get('limit')).toBe('25');
    expect(ledgerQueries().at(-1)?.get('offset')).toBe('0');
  });

  it('opens the Shipment page from a shipment entry', async () => {
    const { user, store } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Shipment #1' }));
    expect(store.getState().ui.adminPage).toBe(6);
  });

  it('exports the filtered entries as the CSV file the server names', async () => {
    const saved = captureDownloads();
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'ledger entries' });
    await user.click(screen.getByRole('combobox', { name: 'Item kind' }));
    await user.click(screen.getByRole('option', { name: 'Chemical' }));
    await waitFor(() => expect(rows()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText(/^Saved labstore-ledger-\d{4}-\d{2}-\d{2}\.csv\.$/);
    const exports = sentQueries('/api/management/ledger/export/');
    expect(exports).toHaveLength(1);
    expect([...exports[0]]).toEqual([['type', 'chemical']]);
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(/^labstore-ledger-\d{4}-\d{2}-\d{2}\.csv$/);
    // The file as the server sent it, byte order mark included.
    const [header, ...lines] = await csvRows(saved[0]);
    expect(header.slice(0, 3)).toEqual(['Date and time (UTC)', 'Kind', 'Item kind']);
    expect(lines.map((line) => line[1])).toEqual(['Shipment', 'Adjustment', 'Adjustment']);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('shows a failed export in a toast and keeps the page', async () => {
    server.use(http.get('*/api/management/ledger/export/', () => HttpResponse.error()));
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'ledger entries' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
    expect(rows()).toHaveLength(8);
  });

  it('shows a failed load in place', async () => {
    server.use(http.get('*/api/management/ledger/', () => HttpResponse.error()));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network Error');
  });
});
