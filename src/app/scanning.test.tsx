import { screen, waitFor, within } from '@testing-library/react';
import { AddShipmentPage } from '../features/shipments/AddShipmentPage';
import { CreateIssuePage } from '../features/issues/CreateIssuePage';
import { renderRoutes, renderWithProviders, signedInState } from '../testing/render';
import { scan } from '../testing/scanner';
import { seedLab } from '../testing/seed';
import { setupTestServer } from '../testing/testServer';
import { routes } from './router';

setupTestServer(seedLab);

const label = (path: string) => `${window.location.origin}${path}`;

describe('scanning a LabStore label', () => {
  it("opens the record's page anywhere in the public area", async () => {
    const { router } = renderRoutes(routes, {
      route: '/',
      preloadedState: { ui: { adminPage: null, publicPage: 1 } },
    });
    expect(await screen.findByRole('link', { name: 'Ethanol' })).toBeInTheDocument();
    await scan(label('/glassware/2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Volumetric flask' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/glassware/2');
  });

  it("opens it from the terminal's search box too, which it leaves empty", async () => {
    const { router } = renderRoutes(routes, { route: '/?terminal' });
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    await scan(label('/chemicals/1'), box);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ethanol' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chemicals/1');
    sessionStorage.clear();
  });

  it('puts the record into the item form of Create an Issue', async () => {
    renderWithProviders(<CreateIssuePage />, { preloadedState: signedInState() });
    const name = await screen.findByRole('combobox', { name: 'Name' });
    await scan(label('/instruments/2'), name);
    const form = await screen.findByRole('form', { name: 'Chosen item' });
    expect(within(form).getByRole('heading', { name: 'Centrifuge (Instrument)' })).toBeInTheDocument();
    expect(name).toHaveValue('');
  });

  it('picks the record for staging in Add Shipment, in its kind’s tab', async () => {
    renderWithProviders(<AddShipmentPage />, { route: '/adminapp', preloadedState: signedInState() });
    expect(await screen.findByRole('tab', { name: 'Chemical', selected: true })).toBeInTheDocument();
    await scan(label('/glassware/1'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Glass/, selected: true })).toBeInTheDocument(),
    );
    const form = await screen.findByRole('form', { name: /line$/ });
    expect(within(form).getByRole('heading', { name: 'Add Beaker' })).toBeInTheDocument();
  });

  it('says so when the label names no record', async () => {
    renderWithProviders(<CreateIssuePage />, { preloadedState: signedInState() });
    await screen.findByRole('combobox', { name: 'Name' });
    await scan(label('/chemicals/999'));
    expect(await screen.findByText('No record in the store has that label.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Chosen item' })).not.toBeInTheDocument();
  });
});
