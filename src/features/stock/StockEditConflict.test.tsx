import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { ChemicalStock } from '../../api/stock';
import { localDateTime } from '../../components/dates';
import { conflictRows, lastAudited } from '../../testing/editConflicts';
import { renderWithProviders, signedInState } from '../../testing/render';
import {
  addToCart,
  callAs,
  createLocation,
  createUser,
  issueCart,
  readAsAdmin,
  seedAdmin,
  seedStock,
  signIn,
} from '../../testing/seed';
import { server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { AdminStorePage } from './StorePage';

// No silent overwrites (docs/api.md §28) in the admin Store's edit form: it names the version it was opened with,
// and a save refused because another store manager changed the record meanwhile keeps the form open with who and
// when, yours → current, and the two ways on.

const ANN = { email: 'ann@lab.org', password: 'ann-password' };
const ETHANOL = '/api/storeobjects/chemicalobjs/1/';

setupTestServer(async () => {
  await seedAdmin();
  await seedStock();
  await createUser({ ...ANN, first_name: 'Ann', last_name: 'Lee' });
});

/** Ann, another store manager, changes Ethanol: 260 ml, kept in Cabinet 9. Answers when, as the audit log has it. */
async function annChangesEthanol(): Promise<string> {
  const token = await signIn(ANN.email, ANN.password);
  await callAs(token, 'PATCH', ETHANOL, { quantity: 260, storage_place: 'Cabinet 9' });
  const changed = await lastAudited('chemical', 1);
  expect(changed.by).toBe(ANN.email);
  return changed.at;
}

/** The If-Match of each PUT of Ethanol the app sends. */
function ifMatchesSent(): (string | null)[] {
  const sent: (string | null)[] = [];
  server.use(
    http.put(`*${ETHANOL}`, ({ request }) => {
      sent.push(request.headers.get('If-Match'));
    }),
  );
  return sent;
}

/** Ethanol's ledger entries, newest first. */
function ledgerOfEthanol() {
  return readAsAdmin<{ kind: string; change: number; balance: number }[]>(
    '/api/management/stock-ledger/?type=chemical&object_id=1',
  );
}

const PHYSICAL_LAB = {
  name: 'Physical Lab 1',
  consumer_type: 'PHYSICAL',
  room_number: '110',
  building_name: 'Science Building',
} as const;

/** The Store's row of a record, behind the modal form (which hides it from the accessibility tree). */
function rowOf(name: string) {
  return screen.getByRole('cell', { name, hidden: true }).closest('tr') as HTMLElement;
}

/** Opens Edit Chemical on Ethanol and types 300 into its Quantity. */
async function editEthanolTo300() {
  const view = renderWithProviders(<AdminStorePage />, { preloadedState: signedInState() });
  await screen.findByRole('cell', { name: 'Ethanol' });
  await view.user.click(screen.getByRole('button', { name: 'Edit Ethanol' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Chemical' });
  const quantity = within(dialog).getByLabelText(/^Quantity/);
  await view.user.clear(quantity);
  await view.user.type(quantity, '300');
  return { ...view, dialog };
}

describe('Edit Chemical when the record changed meanwhile', () => {
  it('names the version it was opened with, and saves as before when nothing changed meanwhile', async () => {
    const sent = ifMatchesSent();
    const { version } = await readAsAdmin<ChemicalStock>(ETHANOL);
    const { user, dialog } = await editEthanolTo300();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Ethanol saved.')).toBeInTheDocument();
    expect(sent).toEqual([`"${version}"`]);
    expect(await readAsAdmin(ETHANOL)).toMatchObject({ quantity: 300, version: version + 1 });
  });

  it('says who changed it and when, with yours → current, in the form that stays open, not in a toast', async () => {
    const { user, dialog } = await editEthanolTo300();
    const changedAt = await annChangesEthanol();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const notice = await within(dialog).findByRole('alert', { name: 'Changed meanwhile' });
    expect(notice).toHaveTextContent(`Changed by ann@lab.org at ${localDateTime(changedAt)}`);
    expect(conflictRows(dialog)).toEqual([
      ['Quantity', '300', '260'],
      ['Storage place', '—', 'Cabinet 9'],
    ]);
    expect(screen.getByRole('dialog', { name: 'Edit Chemical' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Quantity/)).toHaveValue(300);
    // The server's detail names the instant as ISO text: no toast repeats it.
    expect(screen.queryByText(new RegExp(changedAt))).not.toBeInTheDocument();
    expect(screen.queryByText('Ethanol saved.')).not.toBeInTheDocument();
    // The Store behind the form shows the record as it is now.
    await waitFor(() => expect(within(rowOf('Ethanol')).getByText('260 ml')).toBeInTheDocument());
  });

  it('Reapply my changes applies the quantity you typed as a difference, over the current version', async () => {
    const sent = ifMatchesSent();
    const { user, dialog } = await editEthanolTo300();
    const opened = (await readAsAdmin<ChemicalStock>(ETHANOL)).version;
    await annChangesEthanol();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Reapply my changes' }));

    expect(await screen.findByText('Ethanol saved.')).toBeInTheDocument();
    // The PUT of the form; then the reapply, a PATCH of the quantity alone over the current version.
    expect(sent).toEqual([`"${opened}"`]);
    // 250.5 ml when the form opened, 300 typed: +49.5 ml over Ann's 260 ml; her storage place stays.
    expect(await readAsAdmin(ETHANOL)).toMatchObject({
      quantity: 309.5,
      storage_place: 'Cabinet 9',
      version: opened + 2,
    });
    expect((await ledgerOfEthanol())[0]).toMatchObject({ kind: 'ADJUSTMENT', change: 49.5, balance: 309.5 });
    await waitFor(() => expect(within(rowOf('Ethanol')).getByText('309.5 ml')).toBeInTheDocument());
  });

  it('Reapply after an issue and a move sends only the field you changed: the issued quantity stays out', async () => {
    const view = renderWithProviders(<AdminStorePage />, { preloadedState: signedInState() });
    await screen.findByRole('cell', { name: 'Ethanol' });
    await view.user.click(screen.getByRole('button', { name: 'Edit Ethanol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Chemical' });
    // Meanwhile 50 ml is issued to a lab, and Ann moves the bottle.
    const lab = await createLocation(PHYSICAL_LAB);
    await addToCart({ object_type: 'CHEMICAL', object_id: 1, quantity: 50 });
    await issueCart(lab.id);
    const token = await signIn(ANN.email, ANN.password);
    await callAs(token, 'PATCH', ETHANOL, { storage_place: 'Cabinet 9' });

    const supplier = within(dialog).getByLabelText(/^Supplier/);
    await view.user.clear(supplier);
    await view.user.type(supplier, 'Sigma-Aldrich');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await view.user.click(await within(dialog).findByRole('button', { name: 'Reapply my changes' }));

    expect(await screen.findByText('Ethanol saved.')).toBeInTheDocument();
    expect(await readAsAdmin(ETHANOL)).toMatchObject({
      quantity: 200.5,
      storage_place: 'Cabinet 9',
      supplier: { name: 'Sigma-Aldrich' },
    });
    // No ADJUSTMENT brings the issued 50 ml back: the issue is still the newest entry.
    const [newest] = await ledgerOfEthanol();
    expect(newest).toMatchObject({ kind: 'ISSUE', change: -50, balance: 200.5 });
    await waitFor(() => expect(within(rowOf('Ethanol')).getByText('200.5 ml')).toBeInTheDocument());
  });

  it('refuses beside the quantity a difference that would take it below zero, and writes nothing', async () => {
    const { user, dialog } = await editEthanolTo300();
    const quantity = within(dialog).getByLabelText(/^Quantity/);
    await user.clear(quantity);
    await user.type(quantity, '0.5');
    // Meanwhile 200 ml is taken: 50.5 ml is left, and the form's change is -250 ml.
    const token = await signIn(ANN.email, ANN.password);
    await callAs(token, 'PATCH', ETHANOL, { quantity: 50.5 });
    const { version } = await readAsAdmin<ChemicalStock>(ETHANOL);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Reapply my changes' }));

    expect(
      await within(dialog).findByText('50.5 is in stock now: your change of -250 would take it below zero.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Quantity/)).toHaveAttribute('aria-invalid', 'true');
    // The conflict stays, with its two ways on; nothing was written.
    expect(within(dialog).getByRole('alert', { name: 'Changed meanwhile' })).toBeInTheDocument();
    expect(await readAsAdmin(ETHANOL)).toMatchObject({ quantity: 50.5, version });
  });

  it('Use current values puts the current record into the form, and a save then starts from it', async () => {
    const sent = ifMatchesSent();
    const { user, dialog } = await editEthanolTo300();
    await annChangesEthanol();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Use current values' }));

    expect(within(dialog).queryByRole('alert', { name: 'Changed meanwhile' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Quantity/)).toHaveValue(260);
    expect(within(dialog).getByLabelText(/^Storage place/)).toHaveValue('Cabinet 9');

    const place = within(dialog).getByLabelText(/^Storage place/);
    await user.clear(place);
    await user.type(place, 'Cabinet 10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ethanol saved.')).toBeInTheDocument();
    const { version } = await readAsAdmin<ChemicalStock>(ETHANOL);
    expect(sent.at(-1)).toBe(`"${version - 1}"`);
    expect(await readAsAdmin(ETHANOL)).toMatchObject({ quantity: 260, storage_place: 'Cabinet 10' });
  });
});
