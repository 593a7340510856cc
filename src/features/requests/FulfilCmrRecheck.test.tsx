import { screen, waitFor, within } from '@testing-library/react';
import type { LabRequest } from '../../api/requests';
import type { ChemicalStock } from '../../api/stock';
import { ToastHost } from '../../components/notify';
import { renderWithProviders } from '../../testing/render';
import { seedLabRequests } from '../../testing/requestSeed';
import { adminToken, readAsAdmin, updateStock } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { RequestsPage } from './RequestsPage';

// A fulfilment that finds a picked record now carrying a CMR hazard its line was not approved for by the store
// (docs/api.md §26.8): the store manager reads why in the dialog, and the queue shows the request back at the
// store's approval. seedLabRequests: request 2 approved by the lab, 50 ml of Ethanol (chemical 1) and a
// Spectrophotometer.
setupTestServer(seedLabRequests);

it('tells the store manager why nothing was issued and shows the request back awaiting store approval', async () => {
  const { user } = renderWithProviders(
    <>
      <RequestsPage />
      <ToastHost />
    </>,
    { route: '/adminapp', preloadedState: { auth: { token: adminToken() } } },
  );
  await user.click(await screen.findByRole('button', { name: 'Fulfil request 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Fulfil request #2 of Physical Lab 1' });
  await within(dialog).findByRole('spinbutton', { name: 'Quantity of Chemical #1 for Ethanol' });
  // Classified as a carcinogen while the dialog is open.
  await updateStock('chemical', 1, { hazard_statements: ['H225', 'H350'] });

  await user.click(within(dialog).getByRole('button', { name: 'Fulfil' }));

  expect(
    await within(dialog).findByText(
      /^Ethanol \(chemical #1\) now carries H350, a CMR hazard the store has not approved for request line \d+\. Nothing was issued: the request is back awaiting store approval\./,
    ),
  ).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  const table = await screen.findByRole('table', { name: 'requests' });
  const row = (await within(table).findByRole('cell', { name: '#2' })).closest('tr') as HTMLElement;
  await waitFor(() => expect(within(row).getByText('Awaiting store approval')).toBeInTheDocument());
  expect(within(row).getByRole('button', { name: 'Approve request 2' })).toBeInTheDocument();
  expect((await readAsAdmin<LabRequest>('/api/requests/2/')).status).toBe('awaiting_store_approval');
  expect((await readAsAdmin<ChemicalStock>('/api/storeobjects/chemicalobjs/1/')).quantity).toBe(250.5);
});
