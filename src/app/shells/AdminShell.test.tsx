import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../testing/render';
import { adminToken, seedLab } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { adminPageSelected } from '../uiSlice';
import { AdminShell } from './AdminShell';
import { adminPages } from './adminPages';

setupTestServer(seedLab);

function renderShell(historyState?: unknown) {
  return renderWithProviders(<AdminShell />, {
    route: '/adminapp',
    preloadedState: signedInState(),
    historyState,
  });
}

async function choosePage(user: ReturnType<typeof renderShell>['user'], label: string) {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  const sidebar = await screen.findByRole('navigation', { name: 'Admin pages' });
  await user.click(within(sidebar).getByRole('button', { name: label }));
  expect(await screen.findByRole('heading', { name: label })).toBeInTheDocument();
}

describe('AdminShell', () => {
  it('shows the title linking home, the Admin link and the first registered page, the Dashboard', async () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'LabStore' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/adminapp');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('opens the sidebar from the menu button and closes it when a page is chosen', async () => {
    const { user, store } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const sidebar = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(within(sidebar).getByRole('button', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      within(sidebar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Dashboard',
      'Search',
      'Add Shipment',
      'Store',
      'Location',
      'Create an Issue',
      'User Managment',
      'Shipment',
      'File Managment',
      'Category',
      'Ledger',
      'Audit',
      'Requests',
      'Statements',
    ]);
    const item = within(sidebar).getByRole('button', { name: 'User Managment' });

    await user.click(item);
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument(),
    );
    expect(store.getState().ui.adminPage).toBe(5);
    expect(await screen.findByRole('heading', { name: 'User Managment' })).toBeInTheDocument();
  });

  it('keeps SPEC §2 index numbers for its pages, Ledger 9, Audit 10, Requests 11 and Statements 12 after them, and the Dashboard its own key', () => {
    expect(adminPages.map(({ label, index }) => [label, index])).toEqual([
      ['Dashboard', 'dashboard'],
      ['Search', 0],
      ['Add Shipment', 1],
      ['Store', 2],
      ['Location', 3],
      ['Create an Issue', 4],
      ['User Managment', 5],
      ['Shipment', 6],
      ['File Managment', 7],
      ['Category', 8],
      ['Ledger', 9],
      ['Audit', 10],
      ['Requests', 11],
      ['Statements', 12],
    ]);
  });

  it('opens the Ledger and the Audit pages (issue 11), and back the Dashboard, by their keys', async () => {
    const { user, store } = renderShell();
    for (const [label, index] of [
      ['Ledger', 9],
      ['Audit', 10],
      ['Dashboard', 'dashboard'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const sidebar = await screen.findByRole('navigation', { name: 'Admin pages' });
      await user.click(within(sidebar).getByRole('button', { name: label }));
      expect(await screen.findByRole('heading', { name: label })).toBeInTheDocument();
      expect(store.getState().ui.adminPage).toBe(index);
      await waitFor(() =>
        expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument(),
      );
    }
  });

  it('goes back and forward between the pages chosen, all at /adminapp (issue 33)', async () => {
    const { user, router, store } = renderShell();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await choosePage(user, 'Ledger');
    // A page chosen by another page (the dashboard's links) is an entry of its own too.
    act(() => store.dispatch(adminPageSelected(10)));
    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminapp');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Ledger' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { name: 'Ledger' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminapp');
  });

  it('opens the page its history entry records, as a reload of the page does (issue 33)', async () => {
    const { store } = renderShell({ page: 10 });
    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeInTheDocument();
    expect(store.getState().ui.adminPage).toBe(10);
  });

  it('expands Add Shipment in place to the staging list and the three Add entries (SPEC §2)', async () => {
    const { user, store } = renderShell();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const sidebar = await screen.findByRole('navigation', { name: 'Admin pages' });
    const addShipment = within(sidebar).getByRole('button', { name: 'Add Shipment' });
    expect(addShipment).toHaveAttribute('aria-expanded', 'false');
    // aria-controls names the entries' list even while it is collapsed.
    expect(document.getElementById(addShipment.getAttribute('aria-controls') ?? '')).not.toBeNull();
    expect(within(sidebar).queryByRole('button', { name: 'Add Chemical' })).not.toBeInTheDocument();

    await user.click(addShipment);
    expect(addShipment).toHaveAttribute('aria-expanded', 'true');
    const entries = within(sidebar).getByRole('list', { name: 'Add Shipment' });
    expect(addShipment).toHaveAttribute('aria-controls', entries.id);
    expect(
      within(entries)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Staging list', 'Add Chemical', 'Add Instrument', 'Add Glass Ware']);
    // Expanding neither opens a page nor closes the sidebar.
    expect(store.getState().ui.adminPage).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Admin pages' })).toBeInTheDocument();

    // From the keyboard: Enter and Space toggle it too.
    await user.keyboard('{Enter}');
    expect(addShipment).toHaveAttribute('aria-expanded', 'false');
    // The collapsed entries stay mounted, hidden. Checked by visibility, not by a role query: that walks the whole
    // accessibility tree on every poll, which a loaded CI machine stretched past waitFor's timeout.
    await waitFor(() => expect(within(sidebar).getByText('Staging list')).not.toBeVisible());
    await user.keyboard(' ');
    expect(addShipment).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(sidebar).getByRole('button', { name: 'Staging list' }));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument(),
    );
    expect(store.getState().ui.adminPage).toBe(1);
    expect(await screen.findByRole('heading', { name: 'Add Shipment' })).toBeInTheDocument();

    // Back in the sidebar, the current page's entries are shown with the staging list marked as current.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const reopened = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(within(reopened).getByRole('button', { name: 'Add Shipment' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(reopened).getByRole('button', { name: 'Staging list' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('logs out: clears the stored token and goes to the login screen', async () => {
    localStorage.setItem('labstore.accessToken', adminToken());
    const { user, store, router } = renderShell();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(router.state.location.pathname).toBe('/adminapp/login');
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('labstore.accessToken')).toBeNull();
  });
});
