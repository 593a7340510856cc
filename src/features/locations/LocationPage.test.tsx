import { addListener } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { issueLineReturned } from '../../api/locations';
import { renderWithProviders, signedInState } from '../../testing/render';
import { captureDownloads, csvRows, exportNamePattern } from '../../testing/downloads';
import { localDateTime } from '../../components/dates';
import { conflictRows, lastAudited } from '../../testing/editConflicts';
import {
  callAs,
  createLiquid,
  currentVersion,
  readAsAdmin,
  seedIssue,
  seedLab,
  signIn,
} from '../../testing/seed';
import { clearRequestLog, sentRequests, server } from '../../testing/server';
import { StockQuantities } from '../../testing/StockQuantities';
import { setupTestServer } from '../../testing/testServer';
import { AdminLocationPage, LocationPage } from './LocationPage';

setupTestServer(seedLab);

const treeRequest = 'GET /api/management/consumers-tree/';

async function renderPublic() {
  const view = renderWithProviders(<LocationPage />);
  await screen.findByRole('group', { name: 'Locations' });
  return view;
}

async function renderAdmin() {
  const view = renderWithProviders(<AdminLocationPage />, { preloadedState: signedInState() });
  await screen.findByRole('group', { name: 'Locations' });
  return view;
}

/** A required field's label ends with MUI's " *" marker. */
function field(label: string) {
  return new RegExp(`^${label}( \\*)?$`);
}

/** The issued lines of a card section as they read, without the Return buttons of the admin page. */
function itemsOf(container: HTMLElement, section: string) {
  return within(within(container).getByRole('list', { name: section }))
    .getAllByRole('listitem')
    .map((item) => {
      const line = item.cloneNode(true) as HTMLElement;
      line.querySelectorAll('button').forEach((button) => button.remove());
      return line.textContent;
    });
}

describe('LocationPage', () => {
  it('shows the issues of the chosen location as dated cards, newest first, with units', async () => {
    let release!: () => void;
    const answerHeld = new Promise<void>((resolve) => (release = resolve));
    // Holds the answer back, then lets the server answer.
    server.use(http.get('*/api/management/issues/:id/', () => answerHeld));
    const { user } = await renderPublic();
    expect(screen.getByText('Choose a location to see what was issued to it.')).toBeInTheDocument();

    const location = screen.getByRole('button', { name: 'Physical Lab 1' });
    await user.click(location);
    expect(location).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('progressbar', { name: 'Loading issues' })).toBeInTheDocument();
    release();

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'November 21, 2026',
      'March 2, 2026',
    ]);
    // SPEC §2's section headings, in its order.
    expect(
      within(cards[0])
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Chemical items (ml)', 'Instrument items (pieces)', 'Glassware items (pieces)']);
    expect(itemsOf(cards[0], 'Chemical items (ml)')).toEqual(['Ethanol — 5 ml']);
    expect(itemsOf(cards[0], 'Instrument items (pieces)')).toEqual(['Spectrophotometer — 2 pieces']);
    expect(itemsOf(cards[0], 'Glassware items (pieces)')).toEqual(['Beaker — 1 piece']);
    expect(itemsOf(cards[1], 'Chemical items (ml)')).toEqual(['Sodium chloride — 20 ml']);
    // A kind nothing was issued of gets no section.
    expect(
      within(cards[1]).queryByRole('heading', { name: 'Instrument items (pieces)' }),
    ).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([treeRequest, 'GET /api/management/issues/1/']);
  });

  it("exports the chosen location's issued lines in the cards' order, ISO times, full amounts, formulas escaped", async () => {
    const risky = await createLiquid('-x reagent', 10);
    await seedIssue('2026-11-22T08:30:00.000Z', 1, [
      { object_type: 'CHEMICAL', object_id: risky.id, quantity: 0.125 },
    ]);
    const saved = captureDownloads();
    const { user } = await renderPublic();
    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'Export CSV of the issues of Physical Lab 1' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toMatch(exportNamePattern('physical-lab-1-issues'));
    expect(await csvRows(saved[0])).toEqual([
      ['Date (UTC)', 'Kind', 'Name', 'Quantity', 'Returned', 'Unit'],
      ['2026-11-22T08:30:00.000Z', 'Chemical', "'-x reagent", '0.125', '0', 'ml'],
      ['2026-11-21T12:00:00.000Z', 'Chemical', 'Ethanol', '5', '0', 'ml'],
      ['2026-11-21T12:00:00.000Z', 'Instrument', 'Spectrophotometer', '2', '0', 'pieces'],
      ['2026-11-21T12:00:00.000Z', 'Glassware', 'Beaker', '1', '0', 'pieces'],
      ['2026-03-02T12:00:00.000Z', 'Chemical', 'Sodium chloride', '20', '0', 'ml'],
    ]);
  });

  it("treats an unknown object type as glassware and says 'Nothing Found' for a location without issues", async () => {
    // An answer our server never gives: an object type it does not know.
    server.use(
      http.get('*/api/management/issues/3/', () =>
        HttpResponse.json([
          {
            id: 7,
            created_at: '2026-07-04T12:00:00.000Z',
            objects: [
              {
                id: 2,
                line_id: 1,
                name: 'Volumetric flask',
                object_type: 'GLASSWARES',
                quantity: 3,
                returned_quantity: 0,
              },
            ],
          },
        ]),
      ),
    );
    const { user } = await renderPublic();
    await user.click(screen.getByRole('button', { name: 'Dr. X' }));
    const card = await screen.findByRole('article', { name: 'July 4, 2026' });
    expect(itemsOf(card, 'Glassware items (pieces)')).toEqual(['Volumetric flask — 3 pieces']);

    await user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
    expect(await screen.findByText('Nothing Found')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Organic Lab A' })).toBeInTheDocument();
  });

  it('shows the same issue cards in the admin area', async () => {
    const { user } = await renderAdmin();
    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    const card = await screen.findByRole('article', { name: 'November 21, 2026' });
    expect(itemsOf(card, 'Chemical items (ml)')).toEqual(['Ethanol — 5 ml']);
    expect(itemsOf(card, 'Glassware items (pieces)')).toEqual(['Beaker — 1 piece']);
  });

  it('is read-only in the public area', async () => {
    const { user } = await renderPublic();
    expect(screen.getByRole('heading', { name: 'Location' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    const card = await screen.findByRole('article', { name: 'November 21, 2026' });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the tree cannot be loaded', async () => {
    server.use(
      http.get('*/api/management/consumers-tree/', () =>
        HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 }),
      ),
    );
    renderWithProviders(<LocationPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong.');
    expect(screen.queryByRole('group', { name: 'Locations' })).not.toBeInTheDocument();
  });

  it("says when a location's issues cannot be loaded", async () => {
    server.use(
      http.get('*/api/management/issues/:id/', () =>
        HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 }),
      ),
    );
    const { user } = await renderPublic();
    await user.click(screen.getByRole('button', { name: 'Physical Lab 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong.');
    expect(screen.queryByText('Nothing Found')).not.toBeInTheDocument();
  });

  describe('Return', () => {
    /** The admin page beside the instrument stock, Physical Lab 1's issue of November 21, 2026 open. */
    async function openIssueCard() {
      const view = renderWithProviders(
        <>
          <AdminLocationPage />
          <StockQuantities kind="instrument" />
        </>,
        { preloadedState: signedInState() },
      );
      await view.user.click(await screen.findByRole('button', { name: 'Physical Lab 1' }));
      const card = await screen.findByRole('article', { name: 'November 21, 2026' });
      return { ...view, card };
    }

    const instrumentStock = () =>
      within(screen.getByRole('list', { name: 'Instrument stock' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);

    async function returnSpectrophotometers(
      user: Awaited<ReturnType<typeof openIssueCard>>['user'],
      card: HTMLElement,
      quantity: string,
    ) {
      await user.click(within(card).getByRole('button', { name: 'Return Spectrophotometer' }));
      const dialog = await screen.findByRole('dialog', { name: 'Return Spectrophotometer' });
      const input = within(dialog).getByRole('spinbutton', { name: field('Quantity') });
      await user.clear(input);
      await user.type(input, quantity);
      await user.click(within(dialog).getByRole('button', { name: 'Return' }));
      return { dialog, input };
    }

    it('offers Return on every line that is still out, and refuses more than is out with the server message beside the quantity', async () => {
      const { user, card } = await openIssueCard();
      for (const name of ['Ethanol', 'Spectrophotometer', 'Beaker'])
        expect(within(card).getByRole('button', { name: `Return ${name}` })).toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: 'Return Spectrophotometer' }));
      const opened = await screen.findByRole('dialog', { name: 'Return Spectrophotometer' });
      expect(within(opened).getByText('pieces')).toBeInTheDocument();
      expect(within(opened).getByText('At most 2 pieces.')).toBeInTheDocument();
      await user.click(within(opened).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      clearRequestLog();
      const { dialog, input } = await returnSpectrophotometers(user, card, '3');
      expect(await within(dialog).findByText('Only 2 pieces can still be returned.')).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      // Said once, beside the field: no toast repeats it with the field's API name.
      expect(screen.getAllByText('Only 2 pieces can still be returned.')).toHaveLength(1);
      expect(document.body).not.toHaveTextContent('quantity:');
      expect(sentRequests()).toEqual(['POST /api/management/issues/2/lines/3/return/']);
      // The typed quantity is a change: Cancel asks before it goes.
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      const ask = await screen.findByRole('dialog', { name: 'Discard your changes?' });
      await user.click(within(ask).getByRole('button', { name: 'Discard' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(itemsOf(card, 'Instrument items (pieces)')).toEqual(['Spectrophotometer — 2 pieces']);
    });

    it('takes the quantity back into stock, shows what came back, and hides Return once all of it did', async () => {
      const { user, store, card } = await openIssueCard();
      const events: unknown[] = [];
      store.dispatch(
        addListener({
          actionCreator: issueLineReturned,
          effect: (action) => {
            events.push(action);
          },
        }),
      );
      await waitFor(() => expect(instrumentStock()).toEqual(['Spectrophotometer: 3', 'Centrifuge: 2']));

      clearRequestLog();
      await returnSpectrophotometers(user, card, '1');
      expect(await screen.findByText('1 piece of Spectrophotometer returned to stock.')).toBeInTheDocument();
      await waitFor(() =>
        expect(itemsOf(card, 'Instrument items (pieces)')).toEqual([
          'Spectrophotometer — 2 pieces (1 returned)',
        ]),
      );
      await waitFor(() => expect(instrumentStock()).toEqual(['Spectrophotometer: 4', 'Centrifuge: 2']));
      expect([...sentRequests()].sort()).toEqual([
        'GET /api/management/issues/1/',
        'GET /api/storeobjects/instrumentobjs/',
        'POST /api/management/issues/2/lines/3/return/',
      ]);
      expect(events).toEqual([
        issueLineReturned({
          locationId: 1,
          issue: expect.objectContaining({
            id: 2,
            objects: expect.arrayContaining([
              expect.objectContaining({ name: 'Spectrophotometer', returned_quantity: 1 }),
            ]),
          }),
        }),
      ]);

      await returnSpectrophotometers(user, card, '1');
      await waitFor(() =>
        expect(itemsOf(card, 'Instrument items (pieces)')).toEqual([
          'Spectrophotometer — 2 pieces (2 returned)',
        ]),
      );
      expect(
        within(card).queryByRole('button', { name: 'Return Spectrophotometer' }),
      ).not.toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Return Beaker' })).toBeInTheDocument();
      await waitFor(() => expect(instrumentStock()).toEqual(['Spectrophotometer: 5', 'Centrifuge: 2']));
    });
  });

  describe('Create Location', () => {
    async function openCreate() {
      const view = await renderAdmin();
      await view.user.click(screen.getByRole('button', { name: 'Create' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Location' });
      return { ...view, dialog };
    }

    async function fill(
      user: Awaited<ReturnType<typeof openCreate>>['user'],
      values: Record<string, string>,
    ) {
      for (const [label, value] of Object.entries(values))
        await user.type(screen.getByLabelText(field(label)), value);
    }

    it("says 'All Field are required.' and sends nothing when a field is empty", async () => {
      const { user, dialog } = await openCreate();
      expect(within(dialog).getByRole('combobox', { name: field('Type') })).toHaveTextContent('Physical Lab');
      await fill(user, {
        Name: 'Lab 3',
        'Building Name': 'Annex',
        'Room Number': '   ',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      expect(await screen.findByText('All Field are required.')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Create Location' })).toBeInTheDocument();
      expect(sentRequests()).toEqual([treeRequest]);
    });

    it('creates the location with the chosen type and refreshes the tree', async () => {
      let body: unknown;
      server.use(
        http.post('*/api/management/store-consumers/', async ({ request }) => {
          body = await request.clone().json();
        }),
      );
      const { user, dialog } = await openCreate();
      await fill(user, {
        Name: 'Lab 3',
        'Building Name': 'Annex',
        'Room Number': '1',
      });
      await user.click(within(dialog).getByRole('combobox', { name: field('Type') }));
      const types = await screen.findByRole('listbox');
      expect(
        within(types)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Physical Lab', 'Organic Lab', 'Inorganic Lab', 'Personal']);
      await user.click(within(types).getByRole('option', { name: 'Inorganic Lab' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      const inorganic = await screen.findByRole('list', { name: 'Inorganic Lab' });
      expect(await within(inorganic).findByRole('button', { name: 'Lab 3' })).toBeInTheDocument();
      expect(await screen.findByText('Location Lab 3 created.')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(body).toEqual({
        name: 'Lab 3',
        building_name: 'Annex',
        room_number: '1',
        consumer_type: 'INORGANIC',
      });
      expect(sentRequests()).toEqual([treeRequest, 'POST /api/management/store-consumers/', treeRequest]);
    });

    it("shows the server's validation error beside the field in words, once", async () => {
      const { user, dialog } = await openCreate();
      await fill(user, { Name: 'L', 'Building Name': 'A', 'Room Number': '1'.repeat(21) });
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      const roomNumber = within(dialog).getByLabelText(field('Room Number'));
      await waitFor(() => expect(roomNumber).toHaveAttribute('aria-invalid', 'true'));
      expect(roomNumber).toHaveAccessibleDescription('Use at most 20 characters.');
      // No toast repeats it, and no server text shows anywhere.
      expect(screen.getAllByText('Use at most 20 characters.')).toHaveLength(1);
      expect(document.body).not.toHaveTextContent('room_number');
      expect(document.body).not.toHaveTextContent('Ensure this field');
      expect(sentRequests()).toEqual([treeRequest, 'POST /api/management/store-consumers/']);
    });
  });

  describe('Edit Location', () => {
    const ORGANIC = '/api/management/store-consumers/2/';

    async function openEdit() {
      const view = await renderAdmin();
      expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
      await view.user.click(screen.getByRole('button', { name: 'Organic Lab A' }));
      await view.user.click(screen.getByRole('button', { name: 'Edit Organic Lab A' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Location' });
      return { ...view, dialog };
    }

    it('saves the fields under the version it opened with, and the tree shows the new name', async () => {
      const ifMatches: (string | null)[] = [];
      server.use(
        http.put(`*${ORGANIC}`, ({ request }) => {
          ifMatches.push(request.headers.get('If-Match'));
        }),
      );
      const opened = await currentVersion(ORGANIC);
      const { user, dialog } = await openEdit();
      expect(within(dialog).getByLabelText(field('Room Number'))).toHaveValue('210');
      await user.clear(within(dialog).getByLabelText(field('Name')));
      await user.type(within(dialog).getByLabelText(field('Name')), 'Organic Lab B');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Location Organic Lab B saved.')).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Organic Lab B' })).toBeInTheDocument();
      expect(ifMatches).toEqual([`"${opened}"`]);
    });

    it('changed meanwhile, it says by whom and when with yours → current, and takes the current values', async () => {
      const { user, dialog } = await openEdit();
      await user.clear(within(dialog).getByLabelText(field('Room Number')));
      await user.type(within(dialog).getByLabelText(field('Room Number')), '215');
      await callAs(await signIn('ann@lab.org', 'ann-password'), 'PATCH', ORGANIC, {
        room_number: '230',
        building_name: 'Chemistry Tower',
      });
      const changed = await lastAudited('location', 2);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));

      const notice = await within(dialog).findByRole('alert', { name: 'Changed meanwhile' });
      expect(notice).toHaveTextContent(`Changed by ann@lab.org at ${localDateTime(changed.at)}`);
      expect(conflictRows(dialog)).toEqual([
        ['Building Name', 'Science Building', 'Chemistry Tower'],
        ['Room Number', '215', '230'],
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Use current values' }));
      expect(within(dialog).getByLabelText(field('Building Name'))).toHaveValue('Chemistry Tower');
      expect(within(dialog).getByLabelText(field('Room Number'))).toHaveValue('230');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Location Organic Lab A saved.')).toBeInTheDocument();
      expect(await readAsAdmin(ORGANIC)).toMatchObject({
        room_number: '230',
        building_name: 'Chemistry Tower',
      });
    });

    it('Reapply sends only the field you changed, so the building and room changed meanwhile stay', async () => {
      const bodies: unknown[] = [];
      server.use(
        http.patch(`*${ORGANIC}`, async ({ request }) => {
          bodies.push(await request.clone().json());
        }),
      );
      const { user, dialog } = await openEdit();
      await user.clear(within(dialog).getByLabelText(field('Name')));
      await user.type(within(dialog).getByLabelText(field('Name')), 'Organic Lab B');
      await callAs(await signIn('ann@lab.org', 'ann-password'), 'PATCH', ORGANIC, {
        room_number: '230',
        building_name: 'Chemistry Tower',
      });
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Reapply my changes' }));

      expect(await screen.findByText('Location Organic Lab B saved.')).toBeInTheDocument();
      expect(bodies).toEqual([{ name: 'Organic Lab B' }]);
      expect(await readAsAdmin(ORGANIC)).toMatchObject({
        name: 'Organic Lab B',
        room_number: '230',
        building_name: 'Chemistry Tower',
      });
    });
  });
});
