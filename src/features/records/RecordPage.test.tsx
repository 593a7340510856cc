import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { config } from '../../app/config';
import { routes } from '../../app/router';
import { renderRoutes, signedInState } from '../../testing/render';
import { at, createCategory, seedLab, updateStock, uploadFile } from '../../testing/seed';
import { server, sentRequests } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';

// The lab of seedLab: Ethanol (chemical 1) has msds_ethanol.pdf (MSDS, November 21, 2026); here it also gets a
// newer safety data sheet and a newer file that is none. Sodium chloride (chemical 2) has no files.
setupTestServer(async () => {
  await seedLab();
  const sds = await createCategory('sds');
  await at('2026-11-23T09:00:00.000Z', () =>
    uploadFile({
      name: 'ethanol_sds_2026.pdf',
      content: 'y'.repeat(2048),
      categories: [sds.id],
      chemicals: [1],
    }),
  );
  await at('2026-11-24T09:00:00.000Z', () =>
    uploadFile({ name: 'ethanol_coa.pdf', content: 'z'.repeat(100), categories: [2], chemicals: [1] }),
  );
});

const openAt = (route: string, options: Parameters<typeof renderRoutes>[1] = {}) =>
  renderRoutes(routes, { route, ...options });

describe('the public record page', () => {
  it("shows a chemical's fields, opens its newest safety data sheet and lists its safety data sheets first", async () => {
    openAt('/chemicals/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ethanol' })).toBeInTheDocument();
    const field = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(field('CAS RN')).toBe('64-17-5');
    expect(field('Molecular Formula')).toBe('C2H6O');
    expect(field('Purity')).toBe('99.5');
    expect(field('Amount')).toBe('250.5 ml');
    expect(field('State')).toBe('Liquid');
    expect(field('Manufacturer')).toBe('Merck');
    expect(field('Supplier')).toBe('Daraz');
    // No expiry, opened-on or minimum was set.
    expect(screen.queryByText('Expiry date')).not.toBeInTheDocument();

    const button = await screen.findByRole('link', { name: 'Safety data sheet of Ethanol' });
    expect(button).toHaveTextContent('Safety data sheet');
    expect(button).toHaveAttribute('href', `${config.fileBaseUrl}/media/files/ethanol_sds_2026.pdf`);
    expect(button).toHaveAttribute('target', '_blank');

    const files = within(screen.getByRole('list', { name: 'Files' })).getAllByRole('link');
    expect(files.map((link) => link.textContent)).toEqual([
      'ethanol_sds_2026.pdf',
      'msds_ethanol.pdf',
      'ethanol_coa.pdf',
    ]);
    expect(
      screen.getByText(/^Safety data sheet \(MSDS, Safety\) · uploaded November 21, 2026/),
    ).toBeVisible();
    // The public page shows nothing of where the chemical was issued, and asks nothing signed-in.
    expect(screen.queryByRole('heading', { name: 'Issued to' })).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([
      'GET /api/storeobjects/chemicalobjs/1/',
      'GET /api/storeobjects/chemicalobjs/1/files/',
    ]);
  });

  it("shows a chemical's hazard pictograms, signal word and statements with their texts", async () => {
    await updateStock('chemical', 1, { hazard_statements: ['H225', 'H319'] });
    openAt('/chemicals/1');
    const pictograms = await screen.findByRole('list', { name: 'Hazard pictograms' });
    expect(
      within(pictograms)
        .getAllByRole('img')
        .map((image) => image.getAttribute('aria-label')),
    ).toEqual(['Flammable', 'Harmful / irritant']);
    expect(screen.getByText(/Signal word: Danger/)).toBeVisible();
    expect(screen.getByText(/Highly flammable liquid and vapour/)).toBeVisible();
    expect(screen.getByText(/Causes serious eye irritation/)).toBeVisible();
  });

  it('says so when a chemical has no safety data sheet', async () => {
    openAt('/chemicals/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sodium chloride' })).toBeInTheDocument();
    expect(await screen.findByText(/No safety data sheet is on file for Sodium chloride/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Safety data sheet/ })).not.toBeInTheDocument();
    expect(screen.getByText('No files are linked to Sodium chloride.')).toBeVisible();
  });

  it("shows an instrument's and a glassware's fields at their own addresses", async () => {
    const { router } = openAt('/instruments/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spectrophotometer' })).toBeInTheDocument();
    expect(screen.getByText('Shimadzu')).toBeVisible();
    expect(screen.queryByText(/safety data sheet/i)).not.toBeInTheDocument();
    await act(() => router.navigate('/glassware/2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Volumetric flask' })).toBeInTheDocument();
    expect(screen.getByText('Borosilicate')).toBeVisible();
  });

  it('says Nothing Found for a record that does not exist, and Something Went Wrong when the server fails', async () => {
    const { router } = openAt('/chemicals/999');
    expect(await screen.findByRole('heading', { name: 'Nothing Found' })).toBeInTheDocument();
    expect(screen.getByText('There is no chemical number 999 in the store.')).toBeVisible();

    server.use(http.get('*/api/storeobjects/chemicalobjs/2/', () => HttpResponse.json({}, { status: 500 })));
    await act(() => router.navigate('/chemicals/2'));
    expect(await screen.findByText('Something Went Wrong.')).toBeVisible();
  });

  it('works with a stale token left in the browser', async () => {
    localStorage.setItem(config.tokenStorageKey, 'expired-token');
    try {
      openAt('/chemicals/1', { preloadedState: { auth: { token: 'expired-token' } } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Ethanol' })).toBeInTheDocument();
      expect(await screen.findByRole('link', { name: 'Safety data sheet of Ethanol' })).toBeInTheDocument();
    } finally {
      localStorage.removeItem(config.tokenStorageKey);
    }
  });
});

describe('record names open the record', () => {
  it('as a link to its page in the public Store, Search and Location pages', async () => {
    const { user, router } = openAt('/', { preloadedState: { ui: { adminPage: null, publicPage: 1 } } });
    await user.click(await screen.findByRole('link', { name: 'Ethanol' }));
    expect(router.state.location.pathname).toBe('/chemicals/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ethanol' })).toBeInTheDocument();

    // The sidebar leads back to the pages; the Location page's issue cards link their items.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Location' }));
    expect(router.state.location.pathname).toBe('/');
    await user.click(await screen.findByRole('button', { name: 'Physical Lab 1' }));
    const card = await screen.findByRole('article', { name: 'November 21, 2026' });
    await user.click(within(card).getByRole('link', { name: 'Beaker' }));
    expect(router.state.location.pathname).toBe('/glassware/1');

    await act(() => router.navigate('/'));
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'sodium');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('link', { name: 'Sodium chloride' }));
    expect(router.state.location.pathname).toBe('/chemicals/2');
  });

  it('in a drawer in the admin area, with the locations it was issued to', async () => {
    const { user, router } = openAt('/adminapp', {
      preloadedState: { ...signedInState(), ui: { adminPage: 2, publicPage: null } },
    });
    await user.click(await screen.findByRole('button', { name: 'Ethanol' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByRole('heading', { level: 1, name: 'Ethanol' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminapp');
    const issued = await within(drawer).findByRole('table', { name: 'Issued to' });
    expect(
      within(issued)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Physical Lab 1Physical Lab5 ml0 ml1November 21, 2026']);
    expect(within(drawer).getByRole('link', { name: 'Safety data sheet of Ethanol' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
