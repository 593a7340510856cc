import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LabRequest } from '../../api/requests';
import { captureDownloads, csvRows } from '../../testing/downloads';
import { seedLabRequests } from '../../testing/requestSeed';
import { adminToken, at, callAs, readAsAdmin, seedIssue } from '../../testing/seed';
import { chargeRows, STATEMENT_HEADER_EUR } from '../../testing/statementFiles';
import { setupTestServer } from '../../testing/testServer';
import { renderLabView, rowsOf } from './labTesting';

/**
 * `seedLabRequests`, then two charges' sources in November 2026: the store fulfils request 2 on the 24th (50 ml
 * Ethanol at 0.0452, 1 unpriced Spectrophotometer, to ERC-17), and issues 2 Beakers at 3.5 from its cart on the 25th.
 */
async function seedCharges() {
  await seedLabRequests();
  const request = await readAsAdmin<LabRequest>('/api/requests/2/');
  await at('2026-11-24T10:00:00.000Z', () =>
    callAs(adminToken(), 'POST', '/api/management/requests/2/fulfil/', {
      lines: request.lines.map((line) => ({
        request_line: line.id,
        object_id: line.object_id,
        quantity: line.quantity,
      })),
    }),
  );
  await seedIssue('2026-11-25T10:00:00.000Z', 1, [{ object_type: 'GLASSWARE', object_id: 1, quantity: 2 }]);
}

setupTestServer(seedCharges);

async function renderStatement() {
  const view = await renderLabView('labManager', 'statement');
  fireEvent.change(await screen.findByLabelText('Month'), { target: { value: '2026-11' } });
  return view;
}

/** The charges in the region of a fund as their cells read, its total last. */
const chargesOf = (fund: string) =>
  rowsOf(
    within(screen.getByRole('region', { name: fund })).getByRole('table', { name: `Charges to ${fund}` }),
  );

describe('Lab statement', () => {
  it("shows a month's charges per fund with their totals, and downloads them as CSV", async () => {
    const { user } = await renderStatement();
    await screen.findByRole('region', { name: 'No fund (cart issues)' });
    // The cart issue of November 21 was made before the prices: charged nothing.
    expect(chargesOf('No fund (cart issues)')).toEqual([
      ['November 21, 2026', 'Issue', 'Ethanol', '5 ml', 'No price', '0.00 EUR'],
      ['November 21, 2026', 'Issue', 'Spectrophotometer', '2 pieces', 'No price', '0.00 EUR'],
      ['November 21, 2026', 'Issue', 'Beaker', '1 piece', 'No price', '0.00 EUR'],
      ['November 25, 2026', 'Issue', 'Beaker', '2 pieces', '3.5 EUR per piece', '7.00 EUR'],
      ['Fund total', '7.00 EUR'],
    ]);
    expect(chargesOf('ERC-17 ERC grant 17')).toEqual([
      ['November 24, 2026', 'Issue', 'Ethanol', '50 ml', '0.0452 EUR per ml', '2.26 EUR'],
      ['November 24, 2026', 'Issue', 'Spectrophotometer', '1 piece', 'No price', '0.00 EUR'],
      ['Fund total', '2.26 EUR'],
    ]);
    expect(screen.getByText('Total for November 2026: 9.26 EUR')).toBeInTheDocument();

    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('labstore-statement-lab-1-2026-11.csv');
    const [header, ...rows] = await csvRows(saved[0]);
    expect(header).toEqual(STATEMENT_HEADER_EUR);
    // The file's charges are the screen's, fund by fund, with the same totals.
    const charges = chargeRows(rows);
    expect(charges.map((row) => [row[1], row[2], row[6], row[7], row[10]])).toEqual([
      ['No fund (cart issues)', '2026-11-21', 'Ethanol', '5', '0'],
      ['No fund (cart issues)', '2026-11-21', 'Spectrophotometer', '2', '0'],
      ['No fund (cart issues)', '2026-11-21', 'Beaker', '1', '0'],
      ['No fund (cart issues)', '2026-11-25', 'Beaker', '2', '7'],
      ['ERC-17 ERC grant 17', '2026-11-24', 'Ethanol', '50', '2.26'],
      ['ERC-17 ERC grant 17', '2026-11-24', 'Spectrophotometer', '1', '0'],
    ]);
    expect(
      rows.filter((row) => row[3].endsWith('total') || row[3] === 'Total').map((row) => [row[3], row[10]]),
    ).toEqual([
      ['Fund total', '7'],
      ['Fund total', '2.26'],
      ['Lab total', '9.26'],
      ['Total', '9.26'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1].name).toBe('labstore-statement-lab-1-2026-11.xlsx');
  });

  it('steps between months and says when one has no charges', async () => {
    const { user } = await renderStatement();
    await screen.findByRole('region', { name: 'ERC-17 ERC grant 17' });
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByLabelText('Month')).toHaveValue('2026-12');
    expect(
      await screen.findByText('Physical Lab 1 was charged nothing in December 2026.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');
    expect(
      await screen.findByText('Physical Lab 1 was charged nothing in October 2026.'),
    ).toBeInTheDocument();
  });
});
