import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { LAB_PEOPLE, mergeShipment, signIn, seedLabRoles, stageLine } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { adminPageSelected } from '../uiSlice';
import { AdminShell } from './AdminShell';

setupTestServer(seedLabRoles);

async function renderAs(email: string, password: string) {
  const token = await signIn(email, password);
  return renderWithProviders(<AdminShell />, { route: '/adminapp', preloadedState: { auth: { token } } });
}

const renderAsAuditor = () => renderAs(LAB_PEOPLE.auditor.email, LAB_PEOPLE.auditor.password);

/** Issue 23: an auditor reads every page of the admin area and is offered nothing that would change the store. */
describe('AdminShell for an auditor', () => {
  it('lists the pages an auditor reads, under the account and its role', async () => {
    const { user } = await renderAsAuditor();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(menu).findByText('Auditor')).toBeInTheDocument();
    expect(within(menu).getByText(LAB_PEOPLE.auditor.email)).toBeInTheDocument();
    const sidebar = within(menu).getByRole('navigation', { name: 'Admin pages' });
    expect(
      within(sidebar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Dashboard',
      'Search',
      'Store',
      'Location',
      'User Managment',
      'Shipment',
      'File Managment',
      'Category',
      'Ledger',
      'Audit',
      'Requests',
      'Statements',
    ]);
  });

  it('opens on the Dashboard without the cards of a staging list and a cart, which an auditor has not', async () => {
    await renderAsAuditor();
    expect(await screen.findByText('Last shipments')).toBeInTheDocument();
    expect(screen.queryByText('Staged lines not merged')).not.toBeInTheDocument();
    expect(screen.queryByText('Cart not submitted')).not.toBeInTheDocument();
  });

  it('shows the Store with History and Print label but no New, Edit, Delete or Import', async () => {
    const { store } = await renderAsAuditor();
    act(() => store.dispatch(adminPageSelected(2)));

    expect(await screen.findByRole('button', { name: 'History of Ethanol' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print label of Ethanol' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Ethanol' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Ethanol' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
  });

  it('shows the accounts, locations, files and categories without a control that changes them', async () => {
    const { store } = await renderAsAuditor();

    act(() => store.dispatch(adminPageSelected(5)));
    expect(await screen.findByRole('cell', { name: 'ann@lab.org' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ann@lab.org' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset password for ann@lab.org' })).not.toBeInTheDocument();

    act(() => store.dispatch(adminPageSelected(3)));
    expect(await screen.findByRole('heading', { name: 'Location' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();

    act(() => store.dispatch(adminPageSelected(7)));
    expect(
      await screen.findByRole('button', { name: '1 substance linked to msds_ethanol.pdf' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete msds_ethanol.pdf' })).not.toBeInTheDocument();

    act(() => store.dispatch(adminPageSelected(8)));
    const categories = await screen.findByRole('table', { name: 'Categories' });
    expect(within(categories).getByRole('cell', { name: 'Protocols' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Category' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Protocols' })).not.toBeInTheDocument();
  });

  it('shows a shipment that a store manager could undo without its Undo', async () => {
    await stageLine('glassware', 1, 10);
    await mergeShipment('glassware');
    const { user, store } = await renderAsAuditor();
    act(() => store.dispatch(adminPageSelected(6)));
    await user.click(await screen.findByRole('tab', { name: 'Glassware' }));

    const today = new Date().toISOString().slice(0, 10);
    const card = await screen.findByRole('region', { name: `Shipment Date: ${today}` });
    expect(within(card).getByText(/Beaker/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Undo shipment/ })).not.toBeInTheDocument();
  });

  it('opens the Ledger and the Audit log', async () => {
    const { store } = await renderAsAuditor();
    act(() => store.dispatch(adminPageSelected(9)));
    expect(await screen.findByRole('heading', { name: 'Ledger' })).toBeInTheDocument();
    act(() => store.dispatch(adminPageSelected(10)));
    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('takes the controls away as soon as a store manager makes their own account an auditor', async () => {
    const { user, store } = await renderAs('ann@lab.org', 'ann-password');
    act(() => store.dispatch(adminPageSelected(5)));
    await user.click(await screen.findByRole('button', { name: 'Edit ann@lab.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Information' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Auditor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The edit refetches `me`, whose role the page reads.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New User' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Edit ann@lab.org' })).not.toBeInTheDocument();
  });
});
