import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { CartLine } from '../../api/issueCart';
import type { Issue } from '../../api/locations';
import type { ChemicalStock } from '../../api/stock';
import { renderWithProviders, signedInState } from '../../testing/render';
import type { Fund } from '../../api/requests';
import {
  ADMIN_EMAIL,
  addToCart,
  adminToken,
  callAs,
  readAsAdmin,
  seedLab,
  setStockQuantity,
  updateStock,
} from '../../testing/seed';
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
    expect(await within(form).findByText('Only 20 pieces in stock.')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    // Said once, beside the quantity: no toast repeats it with the field's API name.
    expect(screen.getAllByText('Only 20 pieces in stock.')).toHaveLength(1);
    expect(document.body).not.toHaveTextContent('quantity:');
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

  it('asks first, naming the lab, the lines and the estimated cost, then issues the cart and empties it', async () => {
    await ethanolInCart();
    await updateStock('chemical', 1, { unit_price: 0.0452 });
    await addToCart({ object_id: 2, object_type: 'INSTRUMENT', quantity: 1 });
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
    expect(screen.getByText('Issue to Organic Lab A.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Issue the cart to Organic Lab A?' });
    const rows = within(within(dialog).getByRole('table', { name: 'Items to issue' })).getAllByRole('row');
    // 5 ml at 0.0452 EUR = 0.226 → 0.23 EUR, rounded half-up as the charge will be; the centrifuge has no price.
    expect(rows.map((row) => row.textContent)).toEqual([
      'ItemQuantityEstimated cost',
      'Ethanol5 ml0.23 EUR',
      'Centrifuge1 pieceNo price',
    ]);
    expect(dialog).toHaveTextContent('Estimated cost: 0.23 EUR (items without a price left out)');
    // Nothing is sent before the answer.
    expect(sentRequests().filter((request) => !request.startsWith('GET'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));

    expect(await screen.findByText('Issued to Organic Lab A.')).toBeInTheDocument();
    expect(await screen.findByText('The cart is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(await ethanolStock()).toBe(245.5);
    const [issue] = await readAsAdmin<Issue[]>('/api/management/issues/2/');
    expect(issue.objects).toEqual([
      expect.objectContaining({ id: 1, name: 'Ethanol', object_type: 'CHEMICAL', quantity: 5 }),
      expect.objectContaining({ id: 2, name: 'Centrifuge', object_type: 'INSTRUMENT', quantity: 1 }),
    ]);
  });

  it('Cancel in the confirmation issues nothing and keeps the cart', async () => {
    await ethanolInCart();
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue the cart to Organic Lab A?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentRequests().filter((request) => !request.startsWith('GET'))).toEqual([]);
    expect(cartItems('Chemicals')).toEqual(['Ethanol — 5 ml']);
    expect(await ethanolStock()).toBe(250.5);
  });

  it("shows the server's refusal when the stock ran short, and keeps the cart", async () => {
    await ethanolInCart();
    await setStockQuantity('chemical', 1, 3);
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue the cart to Physical Lab 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Issue' }));

    expect(await screen.findByText('Ethanol: only 3 ml in stock.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cartItems('Chemicals')).toEqual(['Ethanol — 5 ml']);
    expect(await ethanolStock()).toBe(3);
  });

  describe("the lab's funds", () => {
    // Physical Lab 1's funds, as its manager or a store manager makes them (docs/api.md §25).
    const fund = (code: string, name: string, active = true) =>
      callAs<Fund>(adminToken(), 'POST', '/api/labs/1/funds/', { code, name, active });

    /** The charges of Physical Lab 1's newest issue (it has older ones, seeded). */
    async function newestIssueCharges() {
      const [issue] = await readAsAdmin<Issue[]>('/api/management/issues/1/');
      const charges = await readAsAdmin<{ results: { issue_id: number; fund: { id: number } | null }[] }>(
        '/api/management/charges/?lab=1',
      );
      return charges.results.filter((charge) => charge.issue_id === issue.id);
    }

    it('offers the active ones and No fund, asks for a choice, and charges the chosen fund', async () => {
      const erc = await fund('ERC-17', 'ERC grant 17');
      await fund('DEPT', 'Department budget');
      await fund('OLD', 'Closed grant', false);
      await ethanolInCart();
      const { user } = await renderPage();
      await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Issue the cart to Physical Lab 1?' });

      await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
      expect(within(dialog).getByText('Choose the fund to charge, or No fund.')).toBeInTheDocument();
      expect(sentRequests().filter((request) => !request.startsWith('GET'))).toEqual([]);

      await user.click(await within(dialog).findByRole('combobox', { name: /^Fund/ }));
      const options = screen.getAllByRole('option').map((option) => option.textContent);
      // The lab's active funds by code (the inactive one is not offered), then No fund.
      expect(options).toEqual(['DEPT Department budget', 'ERC-17 ERC grant 17', 'No fund']);
      await user.click(screen.getByRole('option', { name: 'No fund' }));
      expect(dialog).toHaveTextContent(
        'The charges go to Physical Lab 1 without a fund: its statement lists them under No fund (cart issues).',
      );
      await user.click(within(dialog).getByRole('combobox', { name: /^Fund/ }));
      await user.click(screen.getByRole('option', { name: 'ERC-17 ERC grant 17' }));
      await user.click(within(dialog).getByRole('button', { name: 'Issue' }));

      expect(await screen.findByText('Issued to Physical Lab 1.')).toBeInTheDocument();
      expect((await newestIssueCharges()).map((charge) => charge.fund?.id)).toEqual([erc.id]);
    });

    it('says so when the lab has no active fund, and charges the lab without one', async () => {
      await fund('OLD', 'Closed grant', false);
      await ethanolInCart();
      const { user } = await renderPage();
      await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Issue the cart to Physical Lab 1?' });
      expect(
        await within(dialog).findByText(
          "Physical Lab 1 has no active fund: the charges go to the lab without one. The lab's managers add funds on their lab page.",
        ),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Issue' }));

      expect(await screen.findByText('Issued to Physical Lab 1.')).toBeInTheDocument();
      expect((await newestIssueCharges()).map((charge) => charge.fund)).toEqual([null]);
    });
  });

  describe('CMR substances', () => {
    beforeEach(() => updateStock('chemical', 1, { hazard_statements: ['H225', 'H350'] }));

    it('are issued only once the store manager confirms a CMR issue, which the audit log records', async () => {
      await ethanolInCart();
      await addToCart({ object_id: 1, object_type: 'GLASSWARE', quantity: 1 });
      const { user } = await renderPage();
      await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Issue the cart to Organic Lab A?' });
      expect(dialog).toHaveTextContent('EthanolCMR substance: H350');
      expect(dialog).toHaveTextContent(
        'Ethanol is a CMR substance (carcinogenic, mutagenic or toxic for reproduction).',
      );

      await user.click(within(dialog).getByRole('button', { name: 'Issue as a CMR issue' }));
      expect(
        within(dialog).getByText('Confirm the CMR issue, or cancel and take the CMR lines out of the cart.'),
      ).toBeInTheDocument();
      expect(sentRequests().filter((request) => !request.startsWith('GET'))).toEqual([]);

      await user.click(within(dialog).getByRole('checkbox', { name: 'I confirm this as a CMR issue' }));
      await user.click(within(dialog).getByRole('button', { name: 'Issue as a CMR issue' }));
      expect(await screen.findByText('Issued to Organic Lab A.')).toBeInTheDocument();
      expect(await ethanolStock()).toBe(245.5);
      const audit = await readAsAdmin<{
        results: { action: string; actor_email: string; target_label: string }[];
      }>('/api/management/audit/?target_type=issue');
      expect(audit.results).toEqual([
        expect.objectContaining({
          action: 'issue.cmr_confirmed',
          actor_email: ADMIN_EMAIL,
          target_label: expect.stringMatching(/^Issue to Organic Lab A \(issue #\d+\)$/),
        }),
      ]);
    });

    it('a cart without them asks for no CMR confirmation', async () => {
      await addToCart({ object_id: 1, object_type: 'GLASSWARE', quantity: 1 });
      const { user } = await renderPage();
      await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Issue the cart to Organic Lab A?' });
      expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
      expect(dialog).not.toHaveTextContent('CMR');
    });
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

    it('names expired stock in the confirmation before the cart is issued', async () => {
      await ethanolInCart();
      await addToCart({ object_id: 1, object_type: 'GLASSWARE', quantity: 1 });
      const { user } = await renderPage();
      await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
      await user.click(screen.getByRole('button', { name: 'Submit' }));

      const dialog = await screen.findByRole('dialog', { name: 'Issue the cart to Organic Lab A?' });
      const rows = within(within(dialog).getByRole('table', { name: 'Items to issue' })).getAllByRole('row');
      expect(rows[1]).toHaveTextContent('EthanolExpired on 2020-01-01.');
      expect(rows[2]).not.toHaveTextContent('Expired');
      expect(dialog).toHaveTextContent(
        'Expired stock can still be issued; check it before it leaves the store.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Issue' }));
      expect(await screen.findByText('Issued to Organic Lab A.')).toBeInTheDocument();
      expect(await ethanolStock()).toBe(245.5);
      expect(await adminCart()).toEqual([]);
    });
  });
});
