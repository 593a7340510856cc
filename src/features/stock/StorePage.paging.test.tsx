import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { seedAdmin, seedCompounds } from '../../testing/seed';
import { expectRequests, sentRequests } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { StorePage } from './StorePage';

// A list longer than a page: the Store asks the server for pages of 100 as rows come into view. (StorePage.test.tsx
// covers the Store on the usual few records.)
const COMPOUNDS = 300;

setupTestServer(async () => {
  await seedAdmin();
  await seedCompounds(COMPOUNDS);
});

const list = '/api/storeobjects/chemicalobjs/';
const pageRequest = (query: string) => `GET ${list}?${query}`;

// Rows are 48 px high (VirtualTable); jsdom has no layout, so scrolling is setting scrollTop and sending the event.
const ROW_HEIGHT = 48;

function table() {
  return screen.getByRole('table', { name: 'Chemical stock' });
}

function scrollToRow(index: number) {
  const container = table().parentElement as HTMLElement;
  container.scrollTop = index * ROW_HEIGHT;
  fireEvent.scroll(container);
}

// Role queries compute every cell's accessible name and visibility, seconds on a table this wide in jsdom: rows
// are read through the table's own DOM instead.

function cellsOf(name: string) {
  const row = screen.getByText(name).closest('tr') as HTMLTableRowElement;
  return Array.from(row.cells, (cell) => cell.textContent);
}

/** The rows drawn, spacers left out. */
function drawnRows() {
  return Array.from(table().querySelectorAll('tbody tr:not([aria-hidden])'));
}

/** The names in the rows drawn, top to bottom ('' for a placeholder row). */
function shownNames() {
  return drawnRows().map((row) =>
    row.getAttribute('aria-busy') ? '' : (row.children[1]?.textContent ?? ''),
  );
}

const placeholderRows = () => drawnRows().filter((row) => row.getAttribute('aria-busy') === 'true');

/** The Store asks once for the lab's calendar (its expiry badges) beside the pages. */
const calendarRequest = 'GET /api/calendar/';

async function renderStore() {
  const view = renderWithProviders(<StorePage />);
  await screen.findByText('Compound 1');
  return view;
}

describe('StorePage on a long list', () => {
  it('asks only for the first page and shows a window of it, sized for the whole list', async () => {
    const { container } = await renderStore();
    expect(table()).toHaveAttribute('aria-rowcount', String(COMPOUNDS + 1));
    expect(container.querySelectorAll('tr').length).toBeLessThan(60);
    expect(screen.queryByText('Compound 99')).not.toBeInTheDocument();
    await expectRequests([pageRequest('limit=100&offset=0'), calendarRequest], { query: true });
  });

  it('loads the page that scrolls into view, placeholders standing in until it arrives, numbered in the whole list', async () => {
    await renderStore();
    scrollToRow(150);
    // Rows 141 and on are not loaded yet: their places show placeholders.
    expect(placeholderRows().length).toBeGreaterThan(10);

    expect(await screen.findByText('Compound 150')).toBeInTheDocument();
    expect(cellsOf('Compound 150').slice(0, 2)).toEqual(['150', 'Compound 150']);
    expect(placeholderRows()).toEqual([]);
    await expectRequests(
      [pageRequest('limit=100&offset=0'), pageRequest('limit=100&offset=100'), calendarRequest],
      { query: true },
    );

    scrollToRow(COMPOUNDS - 1);
    expect(await screen.findByText(`Compound ${COMPOUNDS}`)).toBeInTheDocument();
    expect(cellsOf(`Compound ${COMPOUNDS}`)[0]).toBe(String(COMPOUNDS));
    expect(sentRequests({ query: true })).toContain(pageRequest('limit=100&offset=200'));
  });

  it('has the server sort by the header clicked, ascending then descending, with row numbers of the new order', async () => {
    const { user } = await renderStore();
    expect(screen.getByRole('columnheader', { name: '#' })).toHaveAttribute('aria-sort', 'ascending');
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).not.toHaveAttribute('aria-sort');

    await user.click(within(name).getByRole('button', { name: 'Name' }));
    // Names compare as text: "Compound 10" comes before "Compound 2".
    await waitFor(() =>
      expect(shownNames().slice(0, 3)).toEqual(['Compound 1', 'Compound 10', 'Compound 100']),
    );
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: '#' })).not.toHaveAttribute('aria-sort');
    expect(cellsOf('Compound 10')[0]).toBe('2');

    await user.click(within(name).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(shownNames().slice(0, 2)).toEqual(['Compound 99', 'Compound 98']));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(cellsOf('Compound 99')[0]).toBe('1');
    await expectRequests(
      [
        pageRequest('limit=100&offset=0'),
        pageRequest('limit=100&offset=0&ordering=name'),
        pageRequest('limit=100&offset=0&ordering=-name'),
        calendarRequest,
      ],
      { query: true },
    );
  });

  it('has the server search as the filter is typed, from the top of the list', async () => {
    const { user } = await renderStore();
    scrollToRow(150);
    await screen.findByText('Compound 150');

    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'compound 25');
    await waitFor(() => expect(table()).toHaveAttribute('aria-rowcount', '14'));
    // Every word matches: Compound 25, 125, 225 and 250 to 259, numbered from 1 in the searched list.
    expect(shownNames().slice(0, 4)).toEqual(['Compound 25', 'Compound 125', 'Compound 225', 'Compound 250']);
    expect(cellsOf('Compound 259')[0]).toBe('13');
    expect(screen.queryByText('Compound 150')).not.toBeInTheDocument();
    // A request when typing pauses, not one per key.
    const searches = sentRequests({ query: true }).filter((request) => request.includes('search='));
    expect(searches).toContain(pageRequest('limit=100&offset=0&search=compound+25'));
    expect(searches.length).toBeLessThan('compound 25'.length / 2);

    await user.type(screen.getByRole('searchbox', { name: 'Filter' }), 'x');
    expect(await screen.findByText('Nothig Found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(sentRequests({ query: true })).toContain(pageRequest('limit=100&offset=0&search=compound+25x'));
  });
});
