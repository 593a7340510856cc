import { screen, waitFor, within } from '@testing-library/react';
import type { GlasswareStock } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { readAsAdmin, seedAdmin, seedStock, updateStock } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { AdminStorePage } from './StorePage';

// Storage place (docs/api.md §18), a field the stock-kind table alone adds: the Store's column, the forms and labels.
setupTestServer(async () => {
  await seedAdmin();
  await seedStock();
  await updateStock('glassware', 1, { storage_place: 'Cabinet B2, shelf 3' });
});

async function renderGlassware() {
  const view = renderWithProviders(<AdminStorePage />, { preloadedState: signedInState() });
  await screen.findByRole('cell', { name: 'Ethanol' });
  await view.user.click(screen.getByRole('tab', { name: 'Glassware' }));
  await screen.findByRole('cell', { name: 'Beaker' });
  return view;
}

describe('the storage place', () => {
  it('shows in its own Store column, and the edit form changes and clears it', async () => {
    const { user } = await renderGlassware();
    expect(screen.getByRole('columnheader', { name: 'Storage place' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Cabinet B2, shelf 3' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Beaker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Glassware' });
    const place = within(dialog).getByLabelText('Storage place');
    expect(place).toHaveValue('Cabinet B2, shelf 3');
    expect(place).toHaveAccessibleDescription('Where it is kept, e.g. Cabinet B2, shelf 3.');
    await user.clear(place);
    await user.type(place, 'Cold room');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Cold room' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Beaker' }));
    const again = await screen.findByRole('dialog', { name: 'Edit Glassware' });
    await user.clear(within(again).getByLabelText('Storage place'));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Cold room' })).not.toBeInTheDocument());
    const [beaker] = await readAsAdmin<GlasswareStock[]>('/api/storeobjects/glasswareobjs/');
    expect(beaker.storage_place).toBeNull();
  });

  it("prints on a record's label", async () => {
    const { user } = await renderGlassware();
    await user.click(screen.getByRole('button', { name: 'Print label of Beaker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print labels (1 label)' });
    const label = within(dialog).getByRole('article', { name: 'Label: Beaker' });
    expect(label).toHaveTextContent('Cabinet B2, shelf 3');
  });
});
