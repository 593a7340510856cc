import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { seedLab } from '../../testing/seed';
import { sentRequests } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { PublicShell } from './PublicShell';

setupTestServer(seedLab);

describe('PublicShell', () => {
  it('opens on the first public page and offers the Store without signing in', async () => {
    const { user, store } = renderWithProviders(<PublicShell />);
    expect(screen.getByRole('link', { name: 'LabStore' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('navigation', { name: 'Pages' });
    expect(
      within(sidebar)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Search', 'Store', 'Location', 'File Management']);
    await user.click(within(sidebar).getByRole('button', { name: 'Store' }));

    expect(await screen.findByRole('cell', { name: 'Ethanol' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument());
    expect(store.getState().ui.publicPage).toBe(1);
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    // The list, and the lab's calendar for the expiry badges.
    expect([...sentRequests()].sort()).toEqual(['GET /api/calendar/', 'GET /api/storeobjects/chemicalobjs/']);
  });

  it('asks for the first page of the Store while its entry is pointed at, and opens with it', async () => {
    const { user } = renderWithProviders(<PublicShell />);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('navigation', { name: 'Pages' });
    // The menu preloads the pages' code; what they show is asked for only once one of them is pointed at.
    expect(sentRequests()).toEqual([]);

    await user.hover(within(sidebar).getByRole('button', { name: 'Store' }));
    await waitFor(() =>
      expect([...sentRequests({ query: true })].sort()).toEqual([
        'GET /api/calendar/',
        'GET /api/storeobjects/chemicalobjs/?limit=100&offset=0',
      ]),
    );
    await user.click(within(sidebar).getByRole('button', { name: 'Store' }));

    expect(await screen.findByRole('cell', { name: 'Ethanol' })).toBeInTheDocument();
    expect(sentRequests()).toHaveLength(2);
  });

  it('offers the Location page, read-only, without signing in', async () => {
    const { user } = renderWithProviders(<PublicShell />, {
      preloadedState: { ui: { adminPage: null, publicPage: 2 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Physical Lab 1' }));

    expect(await screen.findByRole('article', { name: 'November 21, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(sentRequests()).toEqual(['GET /api/management/consumers-tree/', 'GET /api/management/issues/1/']);
  });
});
