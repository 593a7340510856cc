import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { CartLine } from '../../api/issueCart';
import type { Issue } from '../../api/locations';
import type { ChemicalStock } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import { addToCart, readAsAdmin, seedLab, updateStock, setStockQuantity } from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { CreateIssuePage } from './CreateIssuePage';

setupTestServer(seedLab);

const cartLoad = 'GET /api/management/issue-cart/';
// The lab's calendar tells expired stock (docs/api.md §11).
const initialLoads = ['GET /api/management/consumers-tree/', cartLoad, 'GET /api/calendar/'];

async function renderPage() {
  const view = renderWithProviders(<CreateIssuePage />, { preloadedState: signedInState() });
  await screen.findByRole('group', { name: 'Locations' });
  await screen.findByRole('heading', { name: 'Cart' });
  await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  return view;
}

/** Puts 5 ml of Ethanol (chemical 1) in the signed-in admin's cart. */
function ethanolInCart() {
  return addToCart({ object_id: 1, object_type: 'CHEMICAL', quantity: 5 });
}

const adminCart = () => readAsAdmin<CartLine[]>('/api/management/issue-cart/');
const ethanolStock = async () =>
  (await readAsAdmin<ChemicalStock>('/api/storeobjects/chemicalobjs/1/')).quantity;

type User = Awaited<ReturnType<typeof renderPage>>['user'];

async function pick(user: User, text: string, option: RegExp) {
  await user.type(screen.getByRole('combobox', { name: 'Name' }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

function cartItems(group: string) {
  return within(screen.getByRole('list', { name: group }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('CreateIssuePage', () => {
  it('suggests items of every kind with their details and available quantity', async () => {
    const searches: URLSearchParams[] = [];
    server.use(
      http.get('*/api/management/fuzzysearch/', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
      }),
    );
    const { user } = await renderPage();
    expect(screen.getByRole('heading', { name: 'Create an Issue' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Name' }), 'c');

    const options = await screen.findAllByRole('option');
    const texts = options.map((option) => option.textContent);
    expect(texts).toContain('Centrifuge (Instrument)Eppendorf, Daraz · 2 pieces available');
    expect(texts).toContain('Ethanol (Chemical)C2H6O, 99.5% pure, Merck · 250.5 ml available');
    expect(texts).toContain(
      'Volumetric flask (Glassware)Size 100, Borosilicate, Duran · 12 pieces available',
    );
    expect(searches.map((params) => Object.fromEntries(params))).toEqual([{ query: 'c' }]);
  });

  it('adds the chosen item to the cart', async () => {
    const { user } = await renderPage();
    expect(screen.getByText('The cart is empty.')).toBeInTheDocument();
    await pick(user, 'eth', /^Ethanol/);

    const form = screen.getByRole('form', { name: 'Chosen item' });
    expect(within(form).getByRole('heading', { name: 'Ethanol (Chemical)' })).toBeInTheDocument();
    expect(within(form).getByText('Available: 250.5 ml')).toBeInTheDocument();
    const quantity = within(form).getByRole('textbox', { name: /^Quantity/ });
    expect(within(form).getByText('In ml.')).toBeInTheDocument();
    // ml to the thousandth: a fourth decimal does not get in.
    await user.type(quantity, '5.2504');
    expect(quantity).toHaveValue('5.250');
    await user.clear(quantity);
    await user.type(quantity, '5.25');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Ethanol added to the cart.')).toBeInTheDocument();
    await waitFor(() => expect(cartItems('Chemicals')).toEqual(['Ethanol — 5.25 ml']));
    expect(screen.queryByRole('form', { name: 'Chosen item' })).not.toBeInTheDocument();
    expect(await adminCart()).toMatchObject([{ object_id: 1, object_type: 'CHEMICAL', quantity: 5.25 }]);
  });

  it("takes whole pieces only and shows the server's stock check", async () => {
    const { user } = await renderPage();
    await pick(user, 'beak', /^Beaker/);
    const form = screen.getByRole('form', { name: 'Chosen item' });
    expect(within(form).getByText('Available: 20 pieces')).toBeInTheDocument();
    const quantity = within(form).getByRole('textbox', { name: /^Quantity/ });
    expect(within(form).getByText('In whole pieces.')).toBeInTheDocument();
    await user.type(quantity, '2.5');
    expect(quantity).toHaveValue('25');

    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('quantity: Only 20 pieces in stock.')).toBeInTheDocument();
    expect(within(form).getByText('Only 20 pieces in stock.')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(await adminCart()).toEqual([]);
  });

  it('edits a cart line in the form', async () => {
    const line = await ethanolInCart();
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Edit Ethanol' }));

    const form = screen.getByRole('form', { name: 'Chosen item' });
    const quantity = within(form).getByRole('textbox', { name: /^Quantity/ });
    expect(quantity).toHaveValue('5');
    await user.clear(quantity);
    await user.type(quantity, '7');
    await user.click(within(form).getByRole('button', { name: 'Edit' }));

    expect(await screen.findByText('Ethanol changed in the cart.')).toBeInTheDocument();
    await waitFor(() => expect(cartItems('Chemicals')).toEqual(['Ethanol — 7 ml']));
    expect(sentRequests()).toEqual([...initialLoads, `PUT /api/management/issue-cart/${line.id}/`, cartLoad]);
  });

  it('deletes a cart line', async () => {
    await ethanolInCart();
    const instrumentLine = await addToCart({ object_id: 1, object_type: 'INSTRUMENT', quantity: 1 });
    const { user } = await renderPage();
    expect(cartItems('Instruments')).toEqual(['Spectrophotometer — 1 piece']);
    await user.click(screen.getByRole('button', { name: 'Delete Ethanol' }));

    expect(await screen.findByText('Ethanol removed from the cart.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Chemicals' })).not.toBeInTheDocument());
    expect(cartItems('Instruments')).toEqual(['Spectrophotometer — 1 piece']);
    expect((await adminCart()).map((line) => line.id)).toEqual([instrumentLine.id]);
  });

  it('asks for a location before submitting and sends nothing without one', async () => {
    await ethanolInCart();
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Please Select a Location.')).toBeInTheDocument();
    expect(sentRequests()).toEqual(initialLoads);
  });

  it('issues the cart to the chosen location and empties it', async () => {
    await ethanolInCart();
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
    expect(screen.getByText('Issue to Organic Lab A.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Issued to Organic Lab A.')).toBeInTheDocument();
    expect(await screen.findByText('The cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(await ethanolStock()).toBe(245.5);
    const [issue] = await readAsAdmin<Issue[]>('/api/management/issues/2/');
    expect(issue.objects).toEqual([
      expect.objectContaining({ id: 1, name: 'Ethanol', object_type: 'CHEMICAL', quantity: 5 }),
    ]);
  });

  it("shows the server's refusal when the stock ran short, and keeps the cart", async () => {
    await ethanolInCart();
    await setStockQuantity('chemical', 1, 3);
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Ethanol: only 3 ml in stock.')).toBeInTheDocument();
    expect(cartItems('Chemicals')).toEqual(['Ethanol — 5 ml']);
    expect(await ethanolStock()).toBe(3);
  });
  describe('expired stock', () => {
    // Long past, whatever day the test runs on; the Beaker expires far ahead.
    beforeEach(async () => {
      await updateStock('chemical', 1, { expiry_date: '2020-01-01' });
      await updateStock('glassware', 1, { expiry_date: '2099-12-31' });
    });

    it('asks before adding an expired record to the cart: Cancel adds nothing, Add anyway adds it', async () => {
      const { user } = await renderPage();
      await pick(user, 'eth', /^Ethanol/);
      const form = screen.getByRole('form', { name: 'Chosen item' });
      expect(within(form).getByText('Expired on 2020-01-01.')).toBeInTheDocument();
      await user.type(within(form).getByRole('textbox', { name: /^Quantity/ }), '5');
      await user.click(within(form).getByRole('button', { name: 'Add' }));

      let dialog = await screen.findByRole('dialog', {
        name: 'Ethanol expired on 2020-01-01. Issue it anyway?',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sentRequests().filter((request) => !request.startsWith('GET'))).toEqual([]);
      expect(await adminCart()).toEqual([]);

      await user.click(within(form).getByRole('button', { name: 'Add' }));
      dialog = await screen.findByRole('dialog', { name: 'Ethanol expired on 2020-01-01. Issue it anyway?' });
      await user.click(within(dialog).getByRole('button', { name: 'Add anyway' }));
      expect(await screen.findByText('Ethanol added to the cart.')).toBeInTheDocument();
      expect(await adminCart()).toMatchObject([{ object_id: 1, object_type: 'CHEMICAL', quantity: 5 }]);
    });

    it('adds a record that has not expired without asking', async () => {
      const { user } = await renderPage();
      await pick(user, 'beak', /^Beaker/);
      const form = screen.getByRole('form', { name: 'Chosen item' });
      await user.type(within(form).getByRole('textbox', { name: /^Quantity/ }), '1');
      await user.click(within(form).getByRole('button', { name: 'Add' }));
      expect(await screen.findByText('Beaker added to the cart.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('asks before issuing a cart that holds expired stock: Cancel keeps the cart, Issue anyway issues', async () => {
      await ethanolInCart();
      await addToCart({ object_id: 1, object_type: 'GLASSWARE', quantity: 1 });
      const { user } = await renderPage();
      await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      let dialog = await screen.findByRole('dialog', {
        name: 'Ethanol expired on 2020-01-01. Issue it anyway?',
      });
      expect(dialog).toHaveTextContent('To Organic Lab A.');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // Choosing the location checked its storage conflicts; Cancel wrote nothing.
      expect(sentRequests()).toEqual([
        ...initialLoads,
        'GET /api/management/store-consumers/2/storage-conflicts/',
      ]);
      expect(cartItems('Chemicals')).toEqual(['Ethanol — 5 ml']);
      expect(await adminCart()).toHaveLength(2);

      await user.click(screen.getByRole('button', { name: 'Submit' }));
      dialog = await screen.findByRole('dialog', { name: 'Ethanol expired on 2020-01-01. Issue it anyway?' });
      await user.click(within(dialog).getByRole('button', { name: 'Issue anyway' }));
      expect(await screen.findByText('Issued to Organic Lab A.')).toBeInTheDocument();
      expect(await ethanolStock()).toBe(245.5);
      expect(await adminCart()).toEqual([]);
    });
  });
});
