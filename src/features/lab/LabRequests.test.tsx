import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LabRequest } from '../../api/requests';
import type { renderWithProviders } from '../../testing/render';
import { seedLabRequests } from '../../testing/requestSeed';
import { captureDownloads, csvLines, csvRows, exportNamePattern } from '../../testing/downloads';
import { adminToken, callAs, readAsAdmin, updateStock } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { renderLabView, rowsOf, signInAs, type LabPerson } from './labTesting';

setupTestServer(seedLabRequests);

async function renderRequestsAs(person: LabPerson) {
  const view = await renderLabView(person, 'requests');
  await screen.findByRole('region', { name: 'Requests' });
  return view;
}

/** A request's status as its chip says it. */
const statusOf = (article: HTMLElement) =>
  within(article).getAllByText(/./, { selector: '.MuiChip-label' })[0].textContent;

/** A request's card, once the list shows it. */
const card = (id: number) => screen.findByRole('article', { name: `Request #${id}` });

/** Each line of a card's table as its cells read. */
const linesOf = (article: HTMLElement, id: number) =>
  rowsOf(within(article).getByRole('table', { name: `Lines of request #${id}` }));

async function pick(user: ReturnType<typeof renderWithProviders>['user'], name: string) {
  const search = screen.getByRole('combobox', { name: 'Add an item' });
  // Pasted: typing each key re-renders the suggestions, a second per name under jsdom.
  await user.click(search);
  await user.paste(name);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
}

async function chooseFund(user: ReturnType<typeof renderWithProviders>['user'], name: string) {
  await user.click(screen.getByRole('combobox', { name: /^Fund/ }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('Lab requests', () => {
  it('tells a member of a lab without an active fund so, and who can add one, before any request is filled', async () => {
    // The seed's lab has ERC-17 (1) and DEPT (2) active; a store manager closes both.
    for (const id of [1, 2])
      await callAs(adminToken(), 'PATCH', `/api/labs/1/funds/${id}/`, { active: false });
    await renderRequestsAs('labMember');
    expect(
      await screen.findByText(
        'Physical Lab 1 has no active fund, so it cannot send the store a request yet. A manager of the lab (or a store manager) can add one; ask them.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New request' })).toBeDisabled();
  });

  it('lets a member build a request from the catalogue, with estimates, and submit it', async () => {
    const { user } = await renderRequestsAs('labMember');
    // The seed's two requests, newest first.
    const cards = await screen.findAllByRole('article');
    expect(cards.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Request #2',
      'Request #1',
    ]);

    await user.click(screen.getByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New request for Physical Lab 1' });
    await pick(user, 'Ethanol');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity of Ethanol' }), '250');
    await pick(user, 'Beaker');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity of Beaker' }), '3');
    expect(within(dialog).getByLabelText('Estimated cost of Ethanol: 11.30 EUR')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Estimated cost of Beaker: 10.50 EUR')).toBeInTheDocument();
    expect(within(dialog).getByText('Estimated total: 21.80 EUR')).toBeInTheDocument();
    // Units from the stock-kind table.
    expect(within(dialog).getAllByText('ml')).not.toHaveLength(0);
    expect(within(dialog).getAllByText('pieces')).not.toHaveLength(0);

    // The lab's active funds only: the closed grant is not offered.
    await user.click(within(dialog).getByRole('combobox', { name: /^Fund/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'DEPT Department budget',
      'ERC-17 ERC grant 17',
    ]);
    await user.click(screen.getByRole('option', { name: 'DEPT Department budget' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Note' }));
    await user.paste('For the titration course');
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));

    expect(await screen.findByText('Request #3 submitted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const submitted = await card(3);
    expect(statusOf(submitted)).toBe('Submitted');
    expect(within(submitted).getByText('DEPT Department budget')).toBeInTheDocument();
    expect(within(submitted).getByText('21.80 EUR')).toBeInTheDocument();
    expect(within(submitted).getByText('Note: For the titration course')).toBeInTheDocument();
    expect(linesOf(submitted, 3)).toEqual([
      ['Ethanol', '250 ml', '—', '0 ml', '0.0452 EUR per ml', '11.30 EUR'],
      ['Beaker', '3 pieces', '—', '0 pieces', '3.5 EUR per piece', '10.50 EUR'],
    ]);
    const [saved] = await readAsAdmin<{ results: LabRequest[] }>('/api/labs/1/requests/').then(
      (page) => page.results,
    );
    expect(saved.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Ethanol', 250],
      ['Beaker', 3],
    ]);
  });

  it('keeps one line per record: picking it again focuses its line', async () => {
    const { user } = await renderRequestsAs('labMember');
    await user.click(screen.getByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New request for Physical Lab 1' });
    await pick(user, 'Ethanol');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity of Ethanol' }), '250');
    await pick(user, 'Beaker');
    // The same record again is the same line, whose quantity takes the focus.
    await pick(user, 'Ethanol');
    const lines = within(dialog).getByRole('list', { name: 'Items requested' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.getAttribute('aria-label')),
    ).toEqual(['Ethanol', 'Beaker']);
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity of Ethanol' })).toHaveFocus();
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity of Ethanol' })).toHaveValue(250);
  });

  it("shows the server's refusals in the dialog, every failing field at once", async () => {
    const { user } = await renderRequestsAs('labMember');
    await user.click(screen.getByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New request for Physical Lab 1' });
    await pick(user, 'Ethanol');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Quantity of Ethanol' }), '1.2345');
    await chooseFund(user, 'ERC-17 ERC grant 17');
    fireEvent.change(within(dialog).getByLabelText('Needed by'), { target: { value: '2020-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));

    expect(await within(dialog).findByText('Line 1: Use at most 3 decimal places.')).toBeInTheDocument();
    expect(within(dialog).getByText('The date may not be in the past.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(await readAsAdmin<{ count: number }>('/api/labs/1/requests/')).toMatchObject({ count: 2 });
  });

  it('asks for a fund and an item when none is given', async () => {
    const { user } = await renderRequestsAs('labMember');
    await user.click(screen.getByRole('button', { name: 'New request' }));
    const dialog = await screen.findByRole('dialog', { name: 'New request for Physical Lab 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await within(dialog).findByText('Items: Choose at least one item.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Fund/ })).toHaveAccessibleDescription(
      'Choose a fund.',
    );
    expect(document.body).not.toHaveTextContent('This field may not be null.');
  });

  it('shows a manager the count to approve, and approves with a reduced quantity', async () => {
    const { user } = await renderRequestsAs('labManager');
    expect(await screen.findByRole('tab', { name: 'Requests, 1 request to approve' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // An approved request has no decision left for the lab.
    expect(within(await card(2)).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    const first = await card(1);
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request #1' });
    expect(within(dialog).getByText('Asked: 100 ml')).toBeInTheDocument();
    expect(within(dialog).getByText('Asked: 2 pieces')).toBeInTheDocument();
    const ethanol = within(dialog).getByRole('spinbutton', { name: 'Approved quantity of Ethanol' });
    await user.clear(ethanol);
    await user.type(ethanol, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Request #1 approved.')).toBeInTheDocument();
    await waitFor(() => expect(statusOf(first)).toBe('Approved'));
    expect(linesOf(first, 1)).toEqual([
      ['Ethanol', '100 ml', '60 ml', '0 ml', '0.0452 EUR per ml', '2.71 EUR'],
      ['Beaker', '2 pieces', '2 pieces', '0 pieces', '3.5 EUR per piece', '7.00 EUR'],
    ]);
    expect(within(first).getByText('max@lab.org')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Requests' })).toBeInTheDocument());
    // Only the reduced line was sent.
    const approved = await readAsAdmin<LabRequest>('/api/requests/1/');
    expect(approved.lines.map((line) => line.approved_quantity)).toEqual([60, 2]);
  });

  it("refuses an approval above what was asked with the server's message", async () => {
    const { user } = await renderRequestsAs('labManager');
    await user.click(within(await card(1)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request #1' });
    const beaker = within(dialog).getByRole('spinbutton', { name: 'Approved quantity of Beaker' });
    await user.clear(beaker);
    await user.type(beaker, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(/at most the 2 pieces asked for/)).toBeInTheDocument();
  });

  it.each([
    ['Reject', 'Reject request #1', 'Rejected', 'Rejected:'],
    ['Return for changes', 'Return request for changes #1', 'Returned for changes', 'Returned for changes:'],
  ])('lets a manager %s with a reason, which the request shows', async (button, title, status, says) => {
    const { user } = await renderRequestsAs('labManager');
    const first = await card(1);
    await user.click(within(first).getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: title });
    // The reason is required: the server says so.
    await user.click(within(dialog).getByRole('button', { name: button }));
    expect(await within(dialog).findByText(/reason|This field/i, { selector: 'p' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('Ask the teaching lab first');
    await user.click(within(dialog).getByRole('button', { name: button }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(statusOf(first)).toBe(status));
    expect(within(first).getByText(says).parentElement).toHaveTextContent(
      `${says} Ask the teaching lab first`,
    );
    expect(within(first).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('lets the requester edit and resubmit a returned request', async () => {
    const manager = await signInAs('labManager');
    await callAs(manager, 'POST', '/api/requests/1/return/', { reason: 'Less ethanol, please' });
    const { user } = await renderRequestsAs('labMember');
    const first = await card(1);
    expect(within(first).getByText('Returned for changes:').parentElement).toHaveTextContent(
      'Less ethanol, please',
    );
    // Not the member's to decide.
    expect(within(first).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Edit and resubmit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit request #1' });
    const ethanol = within(dialog).getByRole('spinbutton', { name: 'Quantity of Ethanol' });
    expect(ethanol).toHaveValue(100);
    expect(within(dialog).getByRole('spinbutton', { name: 'Quantity of Beaker' })).toHaveValue(2);
    expect(within(dialog).getByRole('combobox', { name: /^Fund/ })).toHaveTextContent('ERC-17 ERC grant 17');
    expect(within(dialog).getByRole('textbox', { name: 'Note' })).toHaveValue('For the Friday practical');
    await user.clear(ethanol);
    await user.type(ethanol, '40');
    await user.click(within(dialog).getByRole('button', { name: `Remove Beaker` }));
    await user.click(within(dialog).getByRole('button', { name: 'Resubmit' }));

    expect(await screen.findByText('Request #1 submitted again.')).toBeInTheDocument();
    await waitFor(() => expect(statusOf(first)).toBe('Submitted'));
    expect(linesOf(first, 1)).toEqual([['Ethanol', '40 ml', '—', '0 ml', '0.0452 EUR per ml', '1.81 EUR']]);
    expect(within(first).queryByRole('button', { name: 'Edit and resubmit' })).not.toBeInTheDocument();
  });

  it("keeps a line's note for the store through an edit, and shows it on the card", async () => {
    const manager = await signInAs('labManager');
    await callAs(manager, 'POST', '/api/requests/1/return/', { reason: 'Which ethanol?' });
    const view = await renderRequestsAs('labMember');
    const { user } = view;
    const first = await card(1);
    await user.click(within(first).getByRole('button', { name: 'Edit and resubmit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit request #1' });
    const note = within(dialog).getByRole('textbox', { name: 'Note for the store on Ethanol' });
    expect(note).toHaveValue('');
    await user.type(note, 'Absolute, 99.8 %');
    await user.click(within(dialog).getByRole('button', { name: 'Resubmit' }));

    expect(await screen.findByText('Request #1 submitted again.')).toBeInTheDocument();
    await waitFor(() => expect(within(first).getByText('Note: Absolute, 99.8 %')).toBeInTheDocument());
    // Returned again, the form starts from the note as the store read it.
    await callAs(manager, 'POST', '/api/requests/1/return/', { reason: 'Fine, one more thing' });
    view.unmount();
    const { user: again } = await renderRequestsAs('labMember');
    await again.click(within(await card(1)).getByRole('button', { name: 'Edit and resubmit' }));
    const edited = await screen.findByRole('dialog', { name: 'Edit request #1' });
    expect(within(edited).getByRole('textbox', { name: 'Note for the store on Ethanol' })).toHaveValue(
      'Absolute, 99.8 %',
    );
    expect(within(edited).getByRole('textbox', { name: 'Note for the store on Beaker' })).toHaveValue('');
  });

  it('cancels a request after a confirmation', async () => {
    const { user } = await renderRequestsAs('labMember');
    const first = await card(1);
    // Approved: no longer the member's to cancel (the lab's manager or the store gives up what is open).
    expect(within(await card(2)).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    expect(
      within(await card(2)).queryByRole('button', { name: 'Cancel what is still open' }),
    ).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Cancel request' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel request #1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await readAsAdmin<LabRequest>('/api/requests/1/')).status).toBe('submitted');

    await user.click(within(first).getByRole('button', { name: 'Cancel request' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel request #1?' })).getByRole('button', {
        name: 'Cancel request',
      }),
    );
    await waitFor(() => expect(statusOf(first)).toBe('Cancelled'));
    expect(within(first).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
  });

  it('lets a manager cancel what is still open of an approved request, with the reason; a member may not', async () => {
    const { user } = await renderRequestsAs('labManager');
    const approved = await card(2);
    await user.click(within(approved).getByRole('button', { name: 'Cancel what is still open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel what is still open of request #2' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/.+/));
    expect((await readAsAdmin<LabRequest>('/api/requests/2/')).status).toBe('approved');

    await user.click(reason);
    await user.paste('We found it in the teaching lab.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));

    expect(await screen.findByText('Request #2 cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(statusOf(approved)).toBe('Cancelled'));
    expect(within(approved).getByText('We found it in the teaching lab.')).toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect((await readAsAdmin<LabRequest>('/api/requests/2/')).reason).toBe(
      'We found it in the teaching lab.',
    );
  });

  it("shows a refused cancellation's message in its confirmation", async () => {
    const { user } = await renderRequestsAs('labMember');
    const first = await card(1);
    // The manager decides meanwhile: the page still offers Cancel, the server refuses it.
    await callAs(await signInAs('labManager'), 'POST', '/api/requests/1/approve/', {});
    await user.click(within(first).getByRole('button', { name: 'Cancel request' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel request #1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel request' }));
    expect(
      await within(confirm).findByText('This request is approved; it cannot be cancelled.'),
    ).toBeInTheDocument();
  });

  it('shows a member neither funds, statement nor decisions', async () => {
    await renderRequestsAs('labMember');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Requests']);
    expect(screen.getByRole('tab', { name: 'Requests' })).toBeInTheDocument();
    const first = await card(1);
    for (const name of ['Approve', 'Reject', 'Return for changes'])
      expect(within(first).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
  });

  it('filters by status', async () => {
    const { user } = await renderRequestsAs('labMember');
    await card(2);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'Request #2' })).toBeInTheDocument();
  });

  it("marks a CMR line, which after the manager's approval waits for the store", async () => {
    // Sodium chloride as if it were a carcinogen: the hazard data makes a line need the store's approval too.
    await updateStock('chemical', 2, { hazard_statements: ['H350'] });
    await callAs(await signInAs('labMember'), 'POST', '/api/labs/1/requests/', {
      fund: 1,
      lines: [{ object_type: 'CHEMICAL', object_id: 2, quantity: 10 }],
    });
    const { user } = await renderRequestsAs('labManager');
    const cmr = await card(3);
    expect(within(cmr).getByText('Needs store approval (CMR)')).toBeInTheDocument();
    await user.click(within(cmr).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request #3' });
    expect(within(dialog).getByText('Needs store approval (CMR)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(statusOf(cmr)).toBe('Awaiting store approval'));
    // The lab may still reject it while the store has not decided.
    expect(within(cmr).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(cmr).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('exports the requests on screen as CSV, a row per line', async () => {
    const { user } = await renderRequestsAs('labMember');
    await card(1);
    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV of requests' }));
    expect(saved[0].name).toMatch(exportNamePattern('physical-lab-1-requests'));
    const [header, ...rows] = await csvRows(saved[0]);
    expect(header).toEqual([
      'Request',
      'Status',
      'Submitted',
      'Requester',
      'Fund',
      'Needed by',
      'Note',
      'Reason',
      'Item',
      'Asked',
      'Approved',
      'Issued',
      'Unit',
      'Unit price',
      'Estimated cost',
      'Currency',
    ]);
    expect(
      rows.map((row) => [row[0], row[1], row[4], row[8], row[9], row[10], row[12], row[14], row[15]]),
    ).toEqual([
      ['2', 'Approved', 'ERC-17 ERC grant 17', 'Ethanol', '50', '50', 'ml', '2.26', 'EUR'],
      ['2', 'Approved', 'ERC-17 ERC grant 17', 'Spectrophotometer', '1', '1', 'pieces', '', 'EUR'],
      ['1', 'Submitted', 'ERC-17 ERC grant 17', 'Ethanol', '100', '', 'ml', '4.52', 'EUR'],
      ['1', 'Submitted', 'ERC-17 ERC grant 17', 'Beaker', '2', '', 'pieces', '7', 'EUR'],
    ]);
    // Estimates are numbers (unquoted), so a spreadsheet adds the column up.
    expect((await csvLines(saved[0])).slice(1).map((line) => line.split(',').at(-2))).toEqual([
      '2.26',
      '',
      '4.52',
      '7',
    ]);
  });
});
