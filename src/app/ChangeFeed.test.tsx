import { act, screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { changeArrived } from '../api/changeFeed';
import type { ChangeEventData } from '../api/changeTags';
import { CLIENT_ID } from '../api/clientId';
import { meApi } from '../api/me';
import { loggedIn } from '../api/session';
import { TestEventSource } from '../testing/eventSource';
import { renderRoutes, signedInState } from '../testing/render';
import { accountSignedInWith, adminToken, seedLab, setStockQuantity } from '../testing/seed';
import { clearRequestLog, expectRequests } from '../testing/server';
import { setupTestServer } from '../testing/testServer';
import { ChangeFeed } from './ChangeFeed';
import { routes } from './router';
import { makeStore, type AppStore } from './store';

setupTestServer(seedLab);

/** The app's routes under the change feed, as App mounts it. */
const withFeed = (feed: Parameters<typeof ChangeFeed>[0] = {}): RouteObject[] => [
  {
    element: (
      <>
        <ChangeFeed {...feed} />
        <Outlet />
      </>
    ),
    children: routes,
  },
];

const change = (fields: Partial<ChangeEventData>): ChangeEventData => ({
  topic: 'chemical',
  action: 'quantity',
  ids: [1],
  lab_id: null,
  user_id: null,
  actor_id: 1,
  origin: 'another-tab',
  ...fields,
});

const parameters = (stream: TestEventSource) => new URL(stream.url).searchParams;

/** What the record page reads: the record and its files. */
const RECORD_PAGE_READS = [
  'GET /api/storeobjects/chemicalobjs/1/',
  'GET /api/storeobjects/chemicalobjs/1/files/',
];

const amount = () => screen.getByText('Amount', { selector: 'dt' }).nextElementSibling?.textContent;

/** Waits until no read of the page is under way, so none finishes after the test. */
const readsSettled = (store: AppStore) =>
  waitFor(() =>
    expect(
      Object.values(store.getState().api.queries).filter((query) => query?.status === 'pending'),
    ).toEqual([]),
  );

/** Ethanol's public record page (250.5 ml), loaded, with its stream ready. */
async function ethanolPageListening(feed: Parameters<typeof ChangeFeed>[0] = {}) {
  const view = renderRoutes(withFeed(feed), { route: '/chemicals/1' });
  await screen.findByRole('heading', { level: 1, name: 'Ethanol' });
  await screen.findByRole('list', { name: 'Files' });
  expect(amount()).toBe('250.5 ml');
  TestEventSource.current().send('ready', { seq: 40 }, 40);
  clearRequestLog();
  return view;
}

describe('the change feed', () => {
  describe('with a stream', () => {
    TestEventSource.install();

    it("shows a record's new amount on its page when the change made elsewhere arrives", async () => {
      await ethanolPageListening();
      await setStockQuantity('chemical', 1, 200);
      expect(amount()).toBe('250.5 ml');

      TestEventSource.current().send('chemical', change({}), 41);
      expect(await screen.findByText('200 ml')).toBeInTheDocument();
    });

    it('refetches nothing for a change to another record or for the tab’s own change', async () => {
      await ethanolPageListening();
      const stream = TestEventSource.current();
      stream.send('chemical', change({ ids: [2] }), 41);
      stream.send('chemical', change({ origin: CLIENT_ID }), 42);
      stream.send('instrument', change({ topic: 'instrument' }), 43);
      await expectRequests([]);
    });

    it('refetches what the page shows when the server cannot replay what it missed', async () => {
      const { store } = await ethanolPageListening();
      await setStockQuantity('chemical', 1, 100);
      TestEventSource.current().send('reload', {}, 90);
      expect(await screen.findByText('100 ml')).toBeInTheDocument();
      // What the page shows, once.
      await expectRequests(RECORD_PAGE_READS);
      await readsSettled(store);
    });

    it('listens as the public when signed out and as the person once signed in, after the last event seen', async () => {
      const { store } = await ethanolPageListening();
      const publicStream = TestEventSource.current();
      expect(parameters(publicStream).has('access_token')).toBe(false);
      publicStream.send('chemical', change({ ids: [2] }), 41);

      act(() => {
        store.dispatch(loggedIn(adminToken()));
      });
      const personal = TestEventSource.current();
      expect(personal).not.toBe(publicStream);
      expect(publicStream.readyState).toBe(TestEventSource.CLOSED);
      expect(parameters(personal).get('access_token')).toBe(adminToken());
      expect(parameters(personal).get('last_event_id')).toBe('41');
    });

    it('falls back to refetching on focus and periodically when the answer is no stream, until a new one is ready', async () => {
      const { store } = await ethanolPageListening({ retryMs: 400, refreshMs: 300 });
      const refused = TestEventSource.current();
      await setStockQuantity('chemical', 1, 120);
      refused.fail(true);
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      expect(await screen.findByText('120 ml')).toBeInTheDocument();

      // Without a focus the page refetches again after `refreshMs`, and a new stream is tried after `retryMs`.
      await setStockQuantity('chemical', 1, 110);
      expect(await screen.findByText('110 ml')).toBeInTheDocument();
      await waitFor(() => expect(TestEventSource.opened).toHaveLength(2));
      TestEventSource.current().send('ready', { seq: 41 }, 41);
      await readsSettled(store);
      clearRequestLog();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      await expectRequests([]);
    });
  });

  describe('without a stream', () => {
    it('refetches what the page shows when the window comes back into focus', async () => {
      const { store } = renderRoutes(withFeed(), { route: '/chemicals/1' });
      await screen.findByRole('list', { name: 'Files' });
      await setStockQuantity('chemical', 1, 180);
      clearRequestLog();
      act(() => {
        window.dispatchEvent(new Event('focus'));
      });
      expect(await screen.findByText('180 ml')).toBeInTheDocument();
      await expectRequests(RECORD_PAGE_READS);
      await readsSettled(store);
    });
  });

  it("refetches the signed-in person's `me` when their own account changes, and only then", async () => {
    const store = makeStore(signedInState());
    const token = adminToken();
    const admin = accountSignedInWith(token);
    if (!admin) throw new Error('The seeded administrator has no account.');
    await store.dispatch(meApi.endpoints.me.initiate(token));
    clearRequestLog();

    store.dispatch(changeArrived(change({ topic: 'user', action: 'updated', ids: [99], user_id: 99 })));
    await expectRequests([]);
    store.dispatch(
      changeArrived(change({ topic: 'user', action: 'updated', ids: [admin.id], user_id: admin.id })),
    );
    await expectRequests(['GET /api/account/me/']);
  });
});
