import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, signedInState } from '../../testing/render';
import { adminToken, seedLab } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { AdminShell } from './AdminShell';

setupTestServer(seedLab);

function renderShell() {
  return renderWithProviders(<AdminShell />, { route: '/adminapp', preloadedState: signedInState() });
}

describe('AdminShell', () => {
  it('shows the title linking home, the Admin link and the first registered page', async () => {
    renderShell();
    expect(screen.getByRole('link', { name: 'LabStore' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/adminapp');
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
  });

  it('opens the sidebar from the menu button and closes it when a page is chosen', async () => {
    const { user, store } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const sidebar = await screen.findByRole('navigation', { name: 'Admin pages' });
    expect(within(sidebar).getByRole('button', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(sidebar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Search',
      'Add Shipment',
      'Show Add Shipment entries',
      'Store',
      'Location',
      'Create an Issue',
      'User Managment',
      'Shipment',
      'File Managment',
      'Category',
    ]);
    const item = within(sidebar).getByRole('button', { name: 'User Managment' });

    await user.click(item);
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Admin pages' })).not.toBeInTheDocument(),
    );
    expect(store.getState().ui.adminPage).toBe(5);
    expect(await screen.findByRole('heading', { name: 'User Managment' })).toBeInTheDocument();
  });

  it('logs out: clears the stored token and goes to the login screen', async () => {
    localStorage.setItem('labstore.accessToken', adminToken());
    const { user, store, router } = renderShell();
    await screen.findByRole('heading', { name: 'Search' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(router.state.location.pathname).toBe('/adminapp/login');
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('labstore.accessToken')).toBeNull();
  });
});
