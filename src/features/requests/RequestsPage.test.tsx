import { screen, waitFor, within } from '@testing-library/react';
import type { LabRequest } from '../../api/requests';
import type { ChemicalStock, InstrumentStock } from '../../api/stock';
import type { Statement } from '../../api/statements';
import { ToastHost } from '../../components/notify';
import { captureDownloads, csvLines, csvRows, exportNamePattern } from '../../testing/downloads';
import { renderWithProviders } from '../../testing/render';
import { seedLabRequests } from '../../testing/requestSeed';
import {
  adminToken,
  at,
  callAs,
  createChemical,
  LAB_PEOPLE,
  readAsAdmin,
  setStockQuantity,
  signIn,
  updateStock,
} from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { RequestsBadge } from './RequestsBadge';
import { RequestsPage } from './RequestsPage';

// seedLabRequests: request 1 submitted (waiting for Max, the lab's manager), request 2 approved: 50 ml of Ethanol
// (chemical 1, 250.5 ml at 0.0452 EUR per ml) and 1 Spectrophotometer (instrument 1, 3 pieces, no price).
setupTestServer(seedLabRequests);

function renderPage(token = adminToken()) {
  return renderWithProviders(
    <>
      <RequestsPage />
      <ToastHost />
    </>,
    { route: '/adminapp', preloadedState: { auth: { token } } },
  );
}

const readRequest = (id: number) => readAsAdmin<LabRequest>(`/api/requests/${id}/`);
const ethanol = () => readAsAdmin<ChemicalStock>('/api/storeobjects/chemicalobjs/1/');
const spectrophotometer = () => readAsAdmin<InstrumentStock>('/api/storeobjects/instrumentobjs/1/');

/** The table's body rows. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'requests' });
  return within(within(table).getAllByRole('rowgroup')[1]).getAllByRole('row');
}

async function rowOf(id: number) {
  const table = await screen.findByRole('table', { name: 'requests' });
  const cell = await within(table).findByRole('cell', { name: `#${id}` });
  return cell.closest('tr') as HTMLElement;
}

async function openFulfilDialog(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Fulfil request 2' }));
  const dialog = await screen.findByRole('dialog', { name: 'Fulfil request #2 of Physical Lab 1' });
  await within(dialog).findByRole('spinbutton', { name: 'Quantity of Chemical #1 for Ethanol' });
  return dialog;
}

/** A chemical the store must approve (H350, a carcinogen) asked for by Lena and approved by Max: request 3. */
async function seedCmrRequest(): Promise<LabRequest> {
  await updateStock('chemical', 2, { hazard_statements: ['H350'] });
  const member = await signIn(LAB_PEOPLE.labMember.email, LAB_PEOPLE.labMember.password);
  const manager = await signIn(LAB_PEOPLE.labManager.email, LAB_PEOPLE.labManager.password);
  const request = await callAs<LabRequest>(member, 'POST', '/api/labs/1/requests/', {
    fund: 1,
    lines: [
      { object_type: 'CHEMICAL', object_id: 2, quantity: 10 },
      { object_type: 'GLASSWARE', object_id: 1, quantity: 1 },
    ],
  });
  return callAs<LabRequest>(manager, 'POST', `/api/requests/${request.id}/approve/`, {});
}

describe('RequestsPage', () => {
  it("lists what waits for the store with the lab's name, and the badge counts it", async () => {
    renderPage();
    const [row, ...others] = await rows();
    expect(others).toHaveLength(0);
    for (const text of [
      '#2',
      'Physical Lab 1',
      'lena@lab.org',
      'ERC-17 ERC grant 17',
      'Approved',
      '2.26 EUR',
    ])
      expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByText('Ethanol 50 ml')).toBeInTheDocument();
    expect(within(row).getByText('Spectrophotometer 1 piece')).toBeInTheDocument();

    renderWithProviders(<RequestsBadge />, { preloadedState: { auth: { token: adminToken() } } });
    expect(await screen.findByText(', 1 request waiting for the store')).toBeInTheDocument();
  });

  it('opens on every request the badge counts: those to fulfil and those waiting for the store’s approval', async () => {
    const cmr = await seedCmrRequest();
    expect(cmr.status).toBe('awaiting_store_approval');
    renderPage();
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveTextContent(
      'Waiting for the store (to fulfil, to approve)',
    );
    const row = await rowOf(cmr.id);
    expect(within(row).getByText('Awaiting store approval')).toBeInTheDocument();
    await rowOf(2);
    expect(await rows()).toHaveLength(2);

    renderWithProviders(<RequestsBadge />, { preloadedState: { auth: { token: adminToken() } } });
    expect(await screen.findByText(', 2 requests waiting for the store')).toBeInTheDocument();
  });

  it('marks a request whose needed-by day has passed as overdue', async () => {
    const member = await signIn(LAB_PEOPLE.labMember.email, LAB_PEOPLE.labMember.password);
    const manager = await signIn(LAB_PEOPLE.labManager.email, LAB_PEOPLE.labManager.password);
    const late = await at('2020-01-10T09:00:00.000Z', async () => {
      const request = await callAs<LabRequest>(member, 'POST', '/api/labs/1/requests/', {
        fund: 1,
        needed_by: '2020-01-17',
        lines: [{ object_type: 'GLASSWARE', object_id: 1, quantity: 1 }],
      });
      return callAs<LabRequest>(manager, 'POST', `/api/requests/${request.id}/approve/`, {});
    });
    renderPage();
    const row = await rowOf(late.id);
    expect(within(row).getByText('January 17, 2020 · overdue')).toBeInTheDocument();
    // The oldest needed-by first; a request without one last.
    expect((await rows()).map((tr) => within(tr).getAllByRole('cell')[0].textContent)).toEqual([
      `#${late.id}`,
      '#2',
    ]);
  });

  it('exports the requests on screen as CSV', async () => {
    const saved = captureDownloads();
    const { user } = renderPage();
    await rowOf(2);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(saved.map((file) => file.name)).toEqual([expect.stringMatching(exportNamePattern('requests'))]);
    const request = await readRequest(2);
    expect(await csvRows(saved[0])).toEqual([
      ['Request', 'Lab', 'Requester', 'Fund', 'Needed by', 'Submitted', 'Lines', 'Estimated total', 'Status'],
      [
        '2',
        'Physical Lab 1',
        'lena@lab.org',
        'ERC-17 ERC grant 17',
        '',
        request.submitted_at,
        'Ethanol 50 ml; Spectrophotometer 1 piece',
        '2.26',
        'Approved',
      ],
    ]);
    // The estimate is a number (unquoted), so a spreadsheet adds the column up.
    expect((await csvLines(saved[0]))[1]).toMatch(/,2\.26,"Approved"$/);
  });

  it('lists the requests of another status when the filter asks for them', async () => {
    const { user } = renderPage();
    await rowOf(2);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'At the lab (submitted, returned)' }));
    const row = await rowOf(1);
    expect(within(row).getByText('Submitted')).toBeInTheDocument();
    expect(within(row).getByText('Ethanol 100 ml')).toBeInTheDocument();
    expect(await rows()).toHaveLength(1);
  });

  it('fulfils a request with the suggested records: the stock drops and the lab is charged', async () => {
    const { user } = renderPage();
    const dialog = await openFulfilDialog(user);
    expect(
      within(dialog).getByRole('spinbutton', { name: 'Quantity of Chemical #1 for Ethanol' }),
    ).toHaveValue(50);
    expect(
      within(dialog).getByRole('spinbutton', { name: 'Quantity of Instrument #1 for Spectrophotometer' }),
    ).toHaveValue(1);
    expect(within(dialog).queryByText(/short/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Fulfil' }));

    expect(
      await screen.findByText(/^Issue #\d+ to Physical Lab 1 made: request #2 is fulfilled\.$/),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await readRequest(2)).status).toBe('fulfilled');
    expect((await ethanol()).quantity).toBe(200.5);
    expect((await spectrophotometer()).quantity).toBe(2);

    // It has left the queue; the Fulfilled filter shows it.
    await waitFor(() => expect(screen.getByText('Nothing Found')).toBeInTheDocument());
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Fulfilled' }));
    expect(within(await rowOf(2)).getByText('Fulfilled')).toBeInTheDocument();

    const { today } = await readAsAdmin<{ today: string }>('/api/calendar/');
    const statement = await readAsAdmin<Statement>(`/api/labs/1/statements/?month=${today.slice(0, 7)}`);
    const erc = statement.labs[0].funds.find((fund) => fund.fund?.code === 'ERC-17');
    expect(erc?.lines).toEqual([
      expect.objectContaining({ kind: 'ISSUE', request_id: 2, name: 'Ethanol', quantity: 50, amount: 226 }),
      expect.objectContaining({
        kind: 'ISSUE',
        request_id: 2,
        name: 'Spectrophotometer',
        quantity: 1,
        amount: 0,
      }),
    ]);
  });

  it('issues less than suggested: the request is partly fulfilled and the rest stays open', async () => {
    const { user } = renderPage();
    const dialog = await openFulfilDialog(user);
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of Chemical #1 for Ethanol' });
    await user.clear(quantity);
    await user.type(quantity, '20');
    expect(within(dialog).getByText('30 ml short — stays on back-order')).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Remove Instrument #1 for Spectrophotometer' }),
    );
    expect(within(dialog).getByText('1 piece short — stays on back-order')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Fulfil' }));

    expect(await screen.findByText(/request #2 is partly fulfilled\.$/)).toBeInTheDocument();
    const row = await rowOf(2);
    await waitFor(() => expect(within(row).getByText('Partly fulfilled')).toBeInTheDocument());
    expect(within(row).getByText('Ethanol 50 ml (30 ml open)')).toBeInTheDocument();
    expect(within(row).getByText('Spectrophotometer 1 piece')).toBeInTheDocument();
    expect((await ethanol()).quantity).toBe(230.5);
    expect((await spectrophotometer()).quantity).toBe(3);
    const request = await readRequest(2);
    expect(request.status).toBe('partly_fulfilled');
    expect(request.lines.map((line) => line.issued_quantity)).toEqual([20, 0]);
  });

  it('takes from another record of the same item that the store adds', async () => {
    // Another bottle of Ethanol: the same chemical from another maker.
    const other = await createChemical({
      name: 'Ethanol',
      CAS_RN: '64-17-5',
      molecular_formula: 'C2H6O',
      purity: 96,
      manufacturer: 'Sigma-Aldrich',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity: 30,
    });
    const { user } = renderPage();
    const dialog = await openFulfilDialog(user);
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of Chemical #1 for Ethanol' });
    await user.clear(quantity);
    await user.type(quantity, '20');
    await user.click(await within(dialog).findByRole('combobox', { name: 'Add record for Ethanol' }));
    await user.click(
      await screen.findByRole('option', { name: new RegExp(`^Chemical #${other.id} · 30 ml`) }),
    );
    const added = within(dialog).getByRole('spinbutton', {
      name: `Quantity of Chemical #${other.id} for Ethanol`,
    });
    await user.clear(added);
    await user.type(added, '30');
    expect(within(dialog).queryByText(/short/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Fulfil' }));

    expect(await screen.findByText(/request #2 is fulfilled\.$/)).toBeInTheDocument();
    expect((await ethanol()).quantity).toBe(230.5);
    expect((await readAsAdmin<ChemicalStock>(`/api/storeobjects/chemicalobjs/${other.id}/`)).quantity).toBe(
      0,
    );
  });

  it('offers no expired record of the item', async () => {
    const expired = await createChemical({
      name: 'Ethanol',
      CAS_RN: '64-17-5',
      molecular_formula: 'C2H6O',
      purity: 96,
      manufacturer: 'Sigma-Aldrich',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity: 30,
    });
    await updateStock('chemical', expired.id, { expiry_date: '2020-01-31' });
    const { user } = renderPage();
    const dialog = await openFulfilDialog(user);
    await user.click(await within(dialog).findByRole('combobox', { name: 'Add record for Ethanol' }));
    const option = await screen.findByRole('option', {
      name: `Chemical #${expired.id} · 30 ml in stock · expired January 31, 2020`,
    });
    expect(option).toHaveAttribute('aria-disabled', 'true');
  });

  it("shows the server's per-line refusal of a quantity, naming the line", async () => {
    const { user } = renderPage();
    const dialog = await openFulfilDialog(user);
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity of Chemical #1 for Ethanol' });
    await user.clear(quantity);
    await user.type(quantity, '10.12345');
    await user.click(within(dialog).getByRole('button', { name: 'Fulfil' }));

    expect(await within(dialog).findByText('Line 1: Use at most 3 decimal places.')).toBeInTheDocument();
    expect((await readRequest(2)).status).toBe('approved');
    expect((await ethanol()).quantity).toBe(250.5);
  });

  it("shows the server's refusal when the stock ran short after the dialog opened, and writes nothing", async () => {
    const { user } = renderPage();
    const dialog = await openFulfilDialog(user);
    await setStockQuantity('chemical', 1, 10);

    await user.click(within(dialog).getByRole('button', { name: 'Fulfil' }));

    expect(await within(dialog).findByText('Ethanol: only 10 ml in stock.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Fulfil request #2 of Physical Lab 1' })).toBeInTheDocument();
    expect((await readRequest(2)).status).toBe('approved');
    expect((await ethanol()).quantity).toBe(10);
    expect((await spectrophotometer()).quantity).toBe(3);
  });

  it("approves a request's CMR lines for the store", async () => {
    const cmr = await seedCmrRequest();
    expect(cmr.status).toBe('awaiting_store_approval');
    const { user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting for store approval' }));
    const row = await rowOf(cmr.id);
    expect(within(row).getByText('Sodium chloride 10 ml')).toBeInTheDocument();
    expect(within(row).getAllByText('CMR · needs store approval')).toHaveLength(1);
    expect(within(row).queryByRole('button', { name: `Fulfil request ${cmr.id}` })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `Approve request ${cmr.id}` }));
    const dialog = await screen.findByRole('dialog', {
      name: `Approve request #${cmr.id} of Physical Lab 1`,
    });
    expect(
      within(dialog).getByRole('list', { name: "Lines needing the store's approval" }),
    ).toHaveTextContent('Sodium chloride 10 ml');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(
      await screen.findByText(`Request #${cmr.id} of Physical Lab 1 approved by the store.`),
    ).toBeInTheDocument();
    const approved = await readRequest(cmr.id);
    expect(approved.status).toBe('approved');
    expect(approved.store_approved_by).toBe('admin@lab.org');
  });

  it('rejects a CMR request with the reason, which it requires', async () => {
    const cmr = await seedCmrRequest();
    const { user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting for store approval' }));
    await user.click(await screen.findByRole('button', { name: `Reject request ${cmr.id}` }));
    const dialog = await screen.findByRole('dialog', { name: `Reject request #${cmr.id} of Physical Lab 1` });

    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    // The server's refusal, beside the field in the form's words, in place of the hint.
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Enter a reason.'));
    expect((await readRequest(cmr.id)).status).toBe('awaiting_store_approval');

    // Pasted, not typed: a keystroke at a time re-renders the dialog 37 times on a busy machine.
    await user.click(reason);
    await user.paste('Use the closed cabinet stock instead.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText(`Request #${cmr.id} of Physical Lab 1 rejected.`)).toBeInTheDocument();
    const rejected = await readRequest(cmr.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.reason).toBe('Use the closed cabinet stock instead.');
  });

  it('cancels what is still open of an approved request, with the reason the lab reads', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel request 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel request #2 of Physical Lab 1' });
    expect(within(dialog).getByRole('list', { name: 'Lines of the request' })).toHaveTextContent(
      'Ethanol 50 ml',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    // The server's refusal, beside the field in the form's words, in place of the hint.
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Enter a reason.'));
    expect((await readRequest(2)).status).toBe('approved');

    await user.click(reason);
    await user.paste('The supplier stopped making it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));

    expect(await screen.findByText('Request #2 of Physical Lab 1 cancelled.')).toBeInTheDocument();
    const cancelled = await readRequest(2);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.reason).toBe('The supplier stopped making it.');
    await waitFor(() => expect(screen.queryByRole('cell', { name: '#2' })).not.toBeInTheDocument());
  });

  it('shows an auditor the queue without Fulfil, Approve or Reject', async () => {
    const cmr = await seedCmrRequest();
    const token = await signIn(LAB_PEOPLE.auditor.email, LAB_PEOPLE.auditor.password);
    const { user } = renderPage(token);
    const row = await rowOf(2);
    expect(within(row).getByText('Physical Lab 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Fulfil/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Waiting for store approval' }));
    await rowOf(cmr.id);
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reject/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });
});
