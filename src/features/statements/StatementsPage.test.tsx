import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LabRequest } from '../../api/requests';
import { moneyAmountText, type Statement } from '../../api/statements';
import { longUsCalendarDate } from '../../components/dates';
import { ToastHost } from '../../components/notify';
import { monthText } from '../../components/statements';
import { captureDownloads, csvRows } from '../../testing/downloads';
import { renderWithProviders } from '../../testing/render';
import { seedLabRequests } from '../../testing/requestSeed';
import { adminToken, callAs, LAB_PEOPLE, readAsAdmin, signIn } from '../../testing/seed';
import { chargeRows, STATEMENT_HEADER_EUR } from '../../testing/statementFiles';
import { setupTestServer } from '../../testing/testServer';
import { StatementsPage } from './StatementsPage';

// seedLabRequests, then request 2 fulfilled as suggested: 50 ml of Ethanol at 0.0452 EUR per ml (2.26 EUR) and a
// Spectrophotometer without a price (0) to Physical Lab 1 on fund ERC-17, this month.
setupTestServer(async () => {
  await seedLabRequests();
  const request = await readAsAdmin<LabRequest>('/api/requests/2/');
  await callAs(adminToken(), 'POST', '/api/management/requests/2/fulfil/', {
    lines: request.lines.map((line) => ({
      request_line: line.id,
      object_id: line.object_id,
      quantity: line.quantity,
    })),
  });
});

function renderPage(token = adminToken()) {
  return renderWithProviders(
    <>
      <StatementsPage />
      <ToastHost />
    </>,
    { route: '/adminapp', preloadedState: { auth: { token } } },
  );
}

async function labToday(): Promise<string> {
  const { today } = await readAsAdmin<{ today: string }>('/api/calendar/');
  return today;
}

const thisMonth = async () => (await labToday()).slice(0, 7);

const bodyRows = (table: HTMLElement) =>
  within(within(table).getAllByRole('rowgroup')[1]).getAllByRole('row');

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('StatementsPage', () => {
  it("shows this month's charges per lab and fund with their totals, and downloads them as CSV", async () => {
    const today = await labToday();
    const month = today.slice(0, 7);
    const statement = await readAsAdmin<Statement>(`/api/management/statements/?month=${month}`);
    const saved = captureDownloads();
    const { user } = renderPage();

    expect(await screen.findByRole('heading', { name: 'Statements' })).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue(month);
    const lab = await screen.findByRole('region', { name: 'Physical Lab 1' });
    const erc = within(within(lab).getByRole('region', { name: 'ERC-17 ERC grant 17' })).getByRole('table', {
      name: 'Charges to ERC-17 ERC grant 17',
    });
    const [ethanol, spectrophotometer] = bodyRows(erc).map(cellTexts);
    // Fulfilled today, a day of the lab's calendar.
    expect(ethanol[0]).toBe(longUsCalendarDate(today));
    expect(ethanol.slice(1)).toEqual([
      'Issue',
      expect.stringMatching(/^#\d+$/),
      '#2',
      'Ethanol',
      '50 ml',
      '0.0452 EUR per ml',
      '2.26 EUR',
    ]);
    expect(spectrophotometer.slice(4)).toEqual(['Spectrophotometer', '1 piece', 'No price', '0.00 EUR']);
    expect(within(erc).getByRole('row', { name: 'Fund total 2.26 EUR' })).toBeInTheDocument();
    const labTotal = statement.labs.find(({ name }) => name === 'Physical Lab 1')!.total;
    expect(within(lab).getByText(`Lab total: ${moneyAmountText(labTotal, 2)} EUR`)).toBeInTheDocument();
    const total = `Total for ${monthText(month)}: ${moneyAmountText(statement.total, 2)} EUR`;
    expect(screen.getByText(total)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByText(`Saved labstore-statement-${month}.csv.`)).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual([`labstore-statement-${month}.csv`]);
    const [header, ...rows] = await csvRows(saved[0]);
    expect(header).toEqual(STATEMENT_HEADER_EUR);
    // The file's charge lines are the page's, one for one, and its total the page's.
    const charges = chargeRows(rows);
    const tables = screen.getAllByRole('table');
    expect(charges).toHaveLength(tables.reduce((count, table) => count + bodyRows(table).length, 0));
    const fulfilled = charges.filter((row) => row[5] === '2');
    expect(fulfilled.map((row) => [row[0], row[1], row[6], row[7], row[9], row[10]])).toEqual([
      ['Physical Lab 1', 'ERC-17 ERC grant 17', 'Ethanol', '50', '0.0452', '2.26'],
      ['Physical Lab 1', 'ERC-17 ERC grant 17', 'Spectrophotometer', '1', '', '0'],
    ]);
    expect(fulfilled[0][4]).toBe(ethanol[2]?.slice(1));
    expect(rows.at(-1)?.slice(3)).toEqual([
      'Total',
      '',
      '',
      '',
      '',
      '',
      '',
      moneyAmountText(statement.total, 2),
    ]);
  });

  it('goes to another month, empty of charges, with the month field and the month buttons', async () => {
    const { user } = renderPage();
    const month = await screen.findByLabelText('Month');
    fireEvent.change(month, { target: { value: '2020-01' } });
    expect(await screen.findByText('No lab was charged anything in January 2020.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('No lab was charged anything in December 2019.')).toBeInTheDocument();
    expect(month).toHaveValue('2019-12');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(month).toHaveValue('2020-02'));
  });

  it('shows an auditor the statement and lets it download', async () => {
    const token = await signIn(LAB_PEOPLE.auditor.email, LAB_PEOPLE.auditor.password);
    const month = await thisMonth();
    const saved = captureDownloads();
    const { user } = renderPage(token);
    expect(await screen.findByRole('region', { name: 'Physical Lab 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual([`labstore-statement-${month}.xlsx`]));
  });
});
