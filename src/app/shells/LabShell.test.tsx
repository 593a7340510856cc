import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../testing/render';
import { captureDownloads, csvRows } from '../../testing/downloads';
import {
  LAB_PEOPLE,
  readAsAdmin,
  returnIssued,
  seedCompounds,
  seedIssue,
  seedLabRoles,
  signIn,
} from '../../testing/seed';
import { apiSlice } from '../../api/apiSlice';
import type { Issue } from '../../api/locations';
import { server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { LabShell } from './LabShell';

setupTestServer(seedLabRoles);

async function renderAs(person: 'labMember' | 'labManager') {
  const { email, password } = LAB_PEOPLE[person];
  const token = await signIn(email, password);
  return renderWithProviders(<LabShell />, { route: '/lab', preloadedState: { auth: { token } } });
}

/** Each row of the holdings table as its cells read. */
async function holdings(labName: string) {
  const table = await screen.findByRole('table', { name: `Holdings of ${labName}` });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );
}

describe('LabShell', () => {
  it("shows a lab member their lab's holdings, each chemical's safety data sheet and its issue history", async () => {
    await renderAs('labMember');

    expect(await screen.findByRole('heading', { name: 'Physical Lab 1', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Physical Lab · you are its member')).toBeInTheDocument();
    // Organic Lab A's volumetric flasks are not theirs to see.
    expect(await holdings('Physical Lab 1')).toEqual([
      ['Ethanol', 'Chemical', '5 ml'],
      ['Sodium chloride', 'Chemical', '20 ml'],
      ['Spectrophotometer', 'Instrument', '2 pieces'],
      ['Beaker', 'Glassware', '1 piece'],
    ]);
    const holdingsSection = screen.getByRole('region', { name: 'Holdings' });
    expect(within(holdingsSection).getByRole('link', { name: 'Ethanol' })).toHaveAttribute(
      'href',
      '/chemicals/1',
    );
    expect(await screen.findByRole('link', { name: 'Safety data sheet of Ethanol' })).toHaveAttribute(
      'href',
      expect.stringMatching(/msds_ethanol\.pdf$/),
    );
    expect(await screen.findByText('No safety data sheet')).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Issue history' });
    expect(await within(history).findAllByRole('article')).toHaveLength(2);
    // Under the page's own heading: the lab's name is said once, at the top.
    expect(within(history).getByRole('heading', { name: 'Issue history' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Physical Lab 1' })).toHaveLength(1);
    // Read-only: nothing can be returned from here.
    expect(within(history).queryByRole('button', { name: /^Return/ })).not.toBeInTheDocument();

    expect(screen.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Lab' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search the catalogue' })).toHaveAttribute('href', '/');
  });

  it("shows a lab manager the lab's members and switches between their labs", async () => {
    const { user, router } = await renderAs('labManager');

    const members = await screen.findByRole('table', { name: 'Members of Physical Lab 1' });
    await waitFor(() => expect(within(members).getAllByRole('row')).toHaveLength(3));
    expect(within(members).getByRole('row', { name: /lena@lab.org Member/ })).toBeInTheDocument();
    expect(within(members).getByRole('row', { name: /max@lab.org Lab manager/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Lab' }));
    await user.click(await screen.findByRole('option', { name: 'Organic Lab A' }));

    expect(await screen.findByRole('heading', { name: 'Organic Lab A', level: 1 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?lab=2');
    expect(await holdings('Organic Lab A')).toEqual([['Volumetric flask', 'Glassware', '3 pieces']]);
    // A member there, not its manager.
    expect(screen.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument();
  });

  /** Returns `quantity` of the 3 volumetric flasks issued to Organic Lab A, then opens that lab as its member. */
  async function openOrganicLabAfterReturning(quantity: number) {
    const [issue] = await readAsAdmin<Issue[]>('/api/management/issues/2/');
    await returnIssued(issue.id, issue.objects[0].line_id, quantity);
    const { user } = await renderAs('labManager');
    await user.click(await screen.findByRole('combobox', { name: 'Lab' }));
    await user.click(await screen.findByRole('option', { name: 'Organic Lab A' }));
    return screen.findByRole('heading', { name: 'Organic Lab A', level: 1 });
  }

  it('holds what was issued less what came back', async () => {
    await openOrganicLabAfterReturning(1);
    expect(await holdings('Organic Lab A')).toEqual([['Volumetric flask', 'Glassware', '2 pieces']]);
  });

  it('says so when everything issued came back', async () => {
    await openOrganicLabAfterReturning(3);
    const section = screen.getByRole('region', { name: 'Holdings' });
    expect(
      await within(section).findByText('Organic Lab A holds nothing from the store now.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    // The issue itself stays in the lab's history.
    const history = screen.getByRole('region', { name: 'Issue history' });
    expect(await within(history).findAllByRole('article')).toHaveLength(1);
  });

  it('shows a lab holding more records than a page a page at a time, and exports every one', async () => {
    // Compounds 1–26 (chemicals 3–28) issued to Organic Lab A beside its 3 flasks: 27 holdings, chemicals first.
    await seedCompounds(26);
    await seedIssue(
      '2026-11-23T12:00:00.000Z',
      2,
      Array.from({ length: 26 }, (_, n) => ({ object_type: 'CHEMICAL', object_id: n + 3, quantity: 1 })),
    );
    const { user, store } = await renderAs('labManager');
    await user.click(await screen.findByRole('combobox', { name: 'Lab' }));
    await user.click(await screen.findByRole('option', { name: 'Organic Lab A' }));

    const firstPage = await holdings('Organic Lab A');
    expect(firstPage).toHaveLength(25);
    expect(firstPage[0]).toEqual(['Compound 1', 'Chemical', '1 ml']);
    expect(firstPage[24]).toEqual(['Compound 25', 'Chemical', '1 ml']);
    const section = screen.getByRole('region', { name: 'Holdings' });
    expect(within(section).getByText('1–25 of 27')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Go to next page' }));
    expect(await within(section).findByRole('link', { name: 'Volumetric flask' })).toBeInTheDocument();
    expect(await holdings('Organic Lab A')).toEqual([
      ['Compound 26', 'Chemical', '1 ml'],
      ['Volumetric flask', 'Glassware', '3 pieces'],
    ]);
    expect(within(section).getByText('26–27 of 27')).toBeInTheDocument();

    // The file holds the whole list, not the page on screen.
    const saved = captureDownloads();
    await user.click(
      within(section).getByRole('button', { name: 'Export CSV of the holdings of Organic Lab A' }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    const [, ...rows] = await csvRows(saved[0]);
    expect(rows.map((row) => row[0])).toEqual([
      ...Array.from({ length: 26 }, (_, n) => `Compound ${n + 1}`),
      'Volumetric flask',
    ]);

    // Everything on the last page comes back: the page now last is shown, not an empty one.
    for (const issue of await readAsAdmin<Issue[]>('/api/management/issues/2/')) {
      for (const item of issue.objects) {
        if (item.name === 'Volumetric flask' || item.name === 'Compound 26')
          await returnIssued(issue.id, item.line_id, item.quantity);
      }
    }
    // As the change feed says an issue of the lab changed.
    store.dispatch(apiSlice.util.invalidateTags([{ type: 'Issue', id: 2 }]));
    expect(await within(section).findByText('1–25 of 25')).toBeInTheDocument();
    expect(await holdings('Organic Lab A')).toHaveLength(25);
  });

  it('says so when the holdings cannot be loaded', async () => {
    server.use(http.get('*/api/labs/:locationId/holdings/', () => new HttpResponse(null, { status: 500 })));
    await renderAs('labMember');
    const section = await screen.findByRole('region', { name: 'Holdings' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Something Went Wrong.');
  });
});
