import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { createGlassware, seedAdmin } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { StorePage } from './StorePage';

// A lab in Auckland (UTC+13 in March): its days turn at 11:00 UTC. The Store counts them in the lab's zone, as the
// server does (docs/api.md §12), whatever zone the browser is in, and turns to the new day on a page left open.
setupTestServer(
  async () => {
    await seedAdmin();
    const beaker = { manufacturer: 'Pyrex', supplier: 'Daraz', size: 250, material_type: 'Borosilicate' };
    await createGlassware({ name: 'Beaker', ...beaker, quantity: 4, expiry_date: '2026-03-09' });
    await createGlassware({ name: 'Flask', ...beaker, quantity: 4, expiry_date: '2026-03-10' });
  },
  { labTimeZone: 'Pacific/Auckland' },
);

afterEach(() => {
  jest.useRealTimers();
});

function expiresCell(name: string) {
  const column = screen.getAllByRole('columnheader').findIndex((header) => header.textContent === 'Expires');
  return within(screen.getByRole('cell', { name }).closest('tr') as HTMLElement).getAllByRole('cell')[column];
}

it("counts days in the lab's time zone and turns at the lab's midnight", async () => {
  // One minute before midnight in Auckland; in UTC it is still morning of the same day.
  jest.useFakeTimers({
    now: new Date('2026-03-09T10:59:00Z'),
    doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout'],
  });
  const { user } = renderWithProviders(<StorePage />);
  await user.click(await screen.findByRole('tab', { name: 'Glassware' }));
  await screen.findByRole('cell', { name: 'Beaker' });
  expect(await within(expiresCell('Beaker')).findByText('Expires today')).toBeInTheDocument();
  expect(expiresCell('Flask')).toHaveTextContent('2026-03-10Expires in 1 day');

  // Midnight in Auckland, 11:00 UTC: the page checks the day every minute.
  act(() => jest.advanceTimersByTime(60_000));
  expect(await within(expiresCell('Beaker')).findByText('Expired')).toBeInTheDocument();
  expect(expiresCell('Flask')).toHaveTextContent('2026-03-10Expires today');
});
