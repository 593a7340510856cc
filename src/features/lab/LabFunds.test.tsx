import { screen, waitFor, within } from '@testing-library/react';
import type { Fund } from '../../api/requests';
import { seedLabRequests } from '../../testing/requestSeed';
import { readAsAdmin } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { renderLabView, rowsOf } from './labTesting';

setupTestServer(seedLabRequests);

/** Each fund's row as its code, name and state read. */
const fundRows = async () => rowsOf(await screen.findByRole('table', { name: 'Funds of Physical Lab 1' }), 3);

describe('Lab funds', () => {
  it("lists the lab's funds for its manager, adds one and deactivates it, after which no request offers it", async () => {
    const { user, router } = await renderLabView('labManager', 'funds');
    expect(await screen.findByRole('tab', { name: 'Funds' })).toHaveAttribute('aria-selected', 'true');
    expect(await fundRows()).toEqual([
      ['DEPT', 'Department budget', 'Active'],
      ['ERC-17', 'ERC grant 17', 'Active'],
      ['OLD', 'Closed grant', 'Inactive'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Add fund' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a fund' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'NSF-9');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Teaching grant');
    await user.click(within(dialog).getByRole('button', { name: 'Add fund' }));
    expect(await screen.findByText('Fund NSF-9 added.')).toBeInTheDocument();
    await waitFor(async () => expect(await fundRows()).toContainEqual(['NSF-9', 'Teaching grant', 'Active']));

    await user.click(screen.getByRole('button', { name: 'Deactivate NSF-9' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate fund NSF-9?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(async () =>
      expect(await fundRows()).toContainEqual(['NSF-9', 'Teaching grant', 'Inactive']),
    );
    expect(
      (await readAsAdmin<Fund[]>('/api/labs/1/funds/')).find((fund) => fund.code === 'NSF-9'),
    ).toMatchObject({ active: false });

    await user.click(screen.getByRole('tab', { name: /^Requests/ }));
    expect(router.state.location.search).toBe('?lab=1&view=requests');
    await user.click(await screen.findByRole('button', { name: 'New request' }));
    await user.click(await screen.findByRole('combobox', { name: /^Fund/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'DEPT Department budget',
      'ERC-17 ERC grant 17',
    ]);
  });

  it('edits a fund, reactivates one, and shows a refused code beside its field', async () => {
    const { user } = await renderLabView('labManager', 'funds');
    await user.click(await screen.findByRole('button', { name: 'Edit DEPT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit fund DEPT' });
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await user.clear(code);
    await user.type(code, 'erc-17');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A fund with this code already exists in this lab.'),
    ).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'DEPT-26');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () =>
      expect(await fundRows()).toContainEqual(['DEPT-26', 'Department budget', 'Active']),
    );

    await user.click(screen.getByRole('button', { name: 'Reactivate OLD' }));
    await waitFor(async () => expect(await fundRows()).toContainEqual(['OLD', 'Closed grant', 'Active']));
  });

  it('shows a member neither the funds nor the statement, even from the address', async () => {
    await renderLabView('labMember', 'funds');
    // The overview instead.
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Funds' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Statement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Funds' })).not.toBeInTheDocument();
  });
});
