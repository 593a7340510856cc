import { screen, within } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../testing/render';
import { createChemical, createInstrument, seedAdmin } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { AdminStorePage, StorePage } from './StorePage';

// The Store's Expires and Minimum columns (docs/api.md §11) on a fixed clock: noon UTC on 9 March 2026, in a lab on
// UTC (the default LAB_TIME_ZONE). The browser and the in-process server share the faked Date.
const chemical = (name: string, CAS_RN: string, fields: object) =>
  createChemical({
    name,
    CAS_RN,
    molecular_formula: 'C2H6O',
    purity: 99,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 100,
    ...fields,
  });

setupTestServer(async () => {
  await seedAdmin();
  await chemical('Ethanol', '64-17-5', { expiry_date: '2026-03-08' });
  await chemical('Acetone', '67-64-1', { expiry_date: '2026-03-09' });
  await chemical('Methanol', '67-56-1', { expiry_date: '2026-03-10' });
  await chemical('Toluene', '108-88-3', { expiry_date: '2026-05-08' });
  await chemical('Hexane', '110-54-3', { expiry_date: '2026-06-08', minimum_quantity: 100 });
  await chemical('Benzene', '71-43-2', { quantity: 87.5, minimum_quantity: 100 });
  await createInstrument({
    name: 'Centrifuge',
    manufacturer: 'Eppendorf',
    supplier: 'Daraz',
    quantity: 1,
    minimum_quantity: 2,
  });
});

beforeEach(() => {
  jest.useFakeTimers({
    now: new Date('2026-03-09T12:00:00Z'),
    doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'],
  });
});

afterEach(() => {
  jest.useRealTimers();
});

function rowOf(name: string) {
  return screen.getByRole('cell', { name }).closest('tr') as HTMLElement;
}

/** The text of a row's cells under the Expires and Minimum headers ('' for a kind without the column). */
function alertCells(name: string) {
  const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
  const cells = within(rowOf(name)).getAllByRole('cell');
  return ['Expires', 'Minimum'].map((header) =>
    headers.includes(header) ? cells[headers.indexOf(header)].textContent : '',
  );
}

describe('the Store marks what needs attention', () => {
  it('says in words, and in colour, what expired yesterday, expires today, tomorrow or later', async () => {
    renderWithProviders(<StorePage />);
    await screen.findByRole('cell', { name: 'Ethanol' });

    expect(await within(rowOf('Ethanol')).findByText('Expired')).toBeInTheDocument();
    expect(alertCells('Ethanol')).toEqual(['2026-03-08Expired', '']);
    expect(within(rowOf('Ethanol')).getByText('Expired').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorError',
    );
    expect(alertCells('Acetone')).toEqual(['2026-03-09Expires today', '']);
    expect(alertCells('Methanol')).toEqual(['2026-03-10Expires in 1 day', '']);
    expect(within(rowOf('Methanol')).getByText('Expires in 1 day').closest('.MuiChip-root')).toHaveClass(
      'MuiChip-colorWarning',
    );
    expect(alertCells('Toluene')).toEqual(['2026-05-08Expires in 60 days', '']);
    // Beyond the dashboard's widest window (90 days) the date stands alone.
    expect(alertCells('Hexane')).toEqual(['2026-06-08', '100 ml']);
  });

  it("shows 'Low' with the shortfall below the minimum, and nothing exactly at it", async () => {
    const { user } = renderWithProviders(<AdminStorePage />, { preloadedState: signedInState() });
    await screen.findByRole('cell', { name: 'Benzene' });
    expect(alertCells('Benzene')).toEqual(['', '100 mlLow · 12.5 ml short']);
    expect(alertCells('Hexane')).toEqual(['2026-06-08', '100 ml']);
    expect(within(rowOf('Hexane')).queryByText(/Low/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Instrument' }));
    await screen.findByRole('cell', { name: 'Centrifuge' });
    expect(alertCells('Centrifuge')).toEqual(['', '2 piecesLow · 1 piece short']);
  });
});
