import { screen, waitFor, within } from '@testing-library/react';
import type { Issue } from '../../api/locations';
import { renderWithProviders, signedInState } from '../../testing/render';
import { addToCart, createChemical, readAsAdmin, seedIssue, seedLab } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { CreateIssuePage } from './CreateIssuePage';

setupTestServer(async () => {
  await seedLab();
  const chemical = {
    CAS_RN: '7722-84-1',
    molecular_formula: 'H2O2',
    purity: 50,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID' as const,
    quantity: 100,
  };
  // Chemical 3, an oxidiser already at Physical Lab 1; chemical 4, a flammable.
  const peroxide = await createChemical({
    ...chemical,
    name: 'Hydrogen peroxide',
    hazard_statements: ['H271'],
  });
  await createChemical({
    ...chemical,
    name: 'Acetone',
    CAS_RN: '67-64-1',
    molecular_formula: 'C3H6O',
    purity: 99.5,
    hazard_statements: ['H225', 'H319', 'H336'],
  });
  await seedIssue('2026-11-22T10:00:00.000Z', 1, [
    { object_type: 'CHEMICAL', object_id: peroxide.id, quantity: 10 },
  ]);
});

async function renderPage() {
  const view = renderWithProviders(<CreateIssuePage />, { preloadedState: signedInState() });
  await screen.findByRole('group', { name: 'Locations' });
  await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  return view;
}

describe('the storage-compatibility warning of Create an Issue', () => {
  it('names the flammable in the cart and the oxidiser already at the chosen lab, and still issues', async () => {
    await addToCart({ object_id: 4, object_type: 'CHEMICAL', quantity: 5 });
    const { user } = await renderPage();
    await screen.findByText(/Acetone/);

    await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Storage conflict at this location');
    expect(warning).toHaveTextContent(
      'Acetone (99.5%) and Hydrogen peroxide (50%), which is already there: ' +
        'Oxidisers must be stored apart from flammables: together they can start or feed a fire.',
    );

    await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // The warning never blocks: the issue is confirmed as any other.
    const confirmation = await screen.findByRole('dialog', { name: 'Issue the cart to Physical Lab 1?' });
    await user.click(within(confirmation).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByText('Issued to Physical Lab 1.')).toBeInTheDocument();
    const [issue] = await readAsAdmin<Issue[]>('/api/management/issues/1/');
    expect(issue.objects).toEqual([expect.objectContaining({ name: 'Acetone', quantity: 5 })]);
  });

  it('names two chemicals of the cart that conflict with each other', async () => {
    await addToCart({ object_id: 3, object_type: 'CHEMICAL', quantity: 5 });
    await addToCart({ object_id: 4, object_type: 'CHEMICAL', quantity: 5 });
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hydrogen peroxide (50%) and Acetone (99.5%), both in the cart',
    );
  });

  it('says nothing for chemicals that may be stored together', async () => {
    await addToCart({ object_id: 1, object_type: 'CHEMICAL', quantity: 5 });
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    expect(await screen.findByText('Issue to Physical Lab 1.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
