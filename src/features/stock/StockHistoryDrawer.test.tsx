import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { localDateTime } from '../../components/dates';
import { renderWithProviders, signedInState } from '../../testing/render';
import {
  at,
  createInstrument,
  mergeShipment,
  seedAdmin,
  seedStock,
  setStockQuantity,
  stageLine,
} from '../../testing/seed';
import { server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { AdminStorePage } from './StorePage';

/**
 * Ethanol (chemical 1): created with 250.5 ml on November 1, 2026, 12.5 ml shipped in on November 20, corrected
 * to 240 ml on November 22. The other records of `seedStock` were created on November 1.
 */
setupTestServer(async () => {
  await seedAdmin();
  await at('2026-11-01T09:00:00.000Z', seedStock);
  await stageLine('chemical', 1, 12.5);
  await at('2026-11-20T10:00:00.000Z', () => mergeShipment('chemical'));
  await at('2026-11-22T15:30:00.000Z', () => setStockQuantity('chemical', 1, 240));
});

async function renderStore() {
  const view = renderWithProviders(<AdminStorePage />, { preloadedState: signedInState() });
  await screen.findByRole('cell', { name: 'Ethanol' });
  return view;
}

async function openHistory(name: string) {
  const view = await renderStore();
  await view.user.click(screen.getByRole('button', { name: `History of ${name}` }));
  return { ...view, drawer: await screen.findByRole('dialog', { name: `History of ${name}` }) };
}

function changeRows(drawer: HTMLElement) {
  const table = within(drawer).getByRole('table', { name: 'Changes' });
  return within(within(table).getAllByRole('rowgroup')[1])
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('a stock record’s History drawer', () => {
  it('lists the record’s changes newest first and states the current quantity, the last balance', async () => {
    const { drawer } = await openHistory('Ethanol');
    expect(await within(drawer).findByText('Current quantity: 240 ml')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('(the balance after the newest change)');
    expect(changeRows(drawer)).toEqual([
      [localDateTime('2026-11-22T15:30:00.000Z'), 'Adjustment', '-23 ml', '240 ml', 'admin@lab.org'],
      [localDateTime('2026-11-20T10:00:00.000Z'), 'Shipment', '+12.5 ml', '263 ml', 'admin@lab.org'],
      [localDateTime('2026-11-01T09:00:00.000Z'), 'Adjustment', '+250.5 ml', '250.5 ml', 'admin@lab.org'],
    ]);
    // The quantity the Store shows for the record is that same balance.
    // (The Store is hidden from assistive technology while the drawer is open.)
    const ethanolRow = screen
      .getByRole('cell', { name: 'Ethanol', hidden: true })
      .closest('tr') as HTMLElement;
    expect(within(ethanolRow).getByRole('cell', { name: '240 ml', hidden: true })).toBeInTheDocument();
  });

  it('draws the running balance as a step chart with an accessible name and the balances as its description', async () => {
    const { drawer } = await openHistory('Ethanol');
    const chart = await within(drawer).findByRole('figure', { name: 'Balance of Ethanol' });
    expect(chart).toHaveAccessibleDescription(
      'Stock after each change, oldest first: 250.5 ml, 263 ml, 240 ml.',
    );
    // The chart itself: one line of horizontal steps, one level per balance, at heights in proportion to them.
    const lines = chart.querySelectorAll('.MuiLineChart-line');
    expect(lines).toHaveLength(1);
    const points = [...(lines[0].getAttribute('d') ?? '').matchAll(/[ML]([\d.]+),([\d.]+)/g)].map(
      ([, x, y]) => [Number(x), Number(y)],
    );
    const levels = points
      .filter(([, y], index) => index === 0 || y !== points[index - 1][1])
      .map(([, y]) => y);
    // A step holds its level until the next change, then goes straight up or down.
    points.slice(1).forEach(([x, y], index) => {
      const [previousX, previousY] = points[index];
      expect(x === previousX || y === previousY).toBe(true);
    });
    expect(levels).toHaveLength(3);
    const [first, second, third] = levels;
    // SVG y grows downwards: (250.5 → 263) over (250.5 → 240).
    expect((first - second) / (first - third)).toBeCloseTo((263 - 250.5) / (240 - 250.5), 2);
  });

  it('shows a record that never held stock as 0 with no changes', async () => {
    await createInstrument({ name: 'Balance', manufacturer: 'Ohaus', supplier: 'Daraz' });
    const { user, drawer: first } = await openHistory('Ethanol');
    await user.click(within(first).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    await user.click(await screen.findByRole('button', { name: 'History of Balance' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of Balance' });
    expect(await within(drawer).findByText('Current quantity: 0 pieces')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('(no changes recorded)');
    expect(within(drawer).queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows a failed load in place', async () => {
    server.use(http.get('*/api/management/stock-ledger/', () => HttpResponse.error()));
    const { drawer } = await openHistory('Ethanol');
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Network Error');
  });
});
