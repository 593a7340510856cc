import { http } from 'msw';
import { makeStore } from '../app/store';
import { adminToken, seedAdmin } from '../testing/seed';
import { server } from '../testing/server';
import { setupTestServer } from '../testing/testServer';
import { locationsApi } from './locations';
import { usersApi } from './users';

setupTestServer(seedAdmin);

/** Records the Authorization header of every API call, then lets the server answer it. */
function recordAuthorization() {
  const sent: (string | null)[] = [];
  server.use(
    http.all('*/api/*', ({ request }) => {
      sent.push(request.headers.get('Authorization'));
    }),
  );
  return sent;
}

describe('baseQuery', () => {
  it('sends the stored token as a Bearer header', async () => {
    const sent = recordAuthorization();
    const store = makeStore({ auth: { token: adminToken() } });
    const { data } = await store.dispatch(usersApi.endpoints.listUsers.initiate());
    expect(sent).toEqual([`Bearer ${adminToken()}`]);
    expect(data?.map((user) => user.email)).toEqual(['admin@lab.org']);
  });

  // Fetch trims header values, so "Bearer " with the empty token arrives as "Bearer".
  it('sends a Bearer header without a token when signed out', async () => {
    const sent = recordAuthorization();
    const store = makeStore();
    const { data } = await store.dispatch(locationsApi.endpoints.consumersTree.initiate());
    expect(sent).toEqual(['Bearer']);
    expect(data).toEqual({ PhysicalLab: [], OrganicLab: [], InorganicLab: [], Personal: [] });
  });

  it('ends the session when a signed-in call is answered 401', async () => {
    localStorage.setItem('labstore.accessToken', 'expired');
    const store = makeStore();
    const { error } = await store.dispatch(usersApi.endpoints.listUsers.initiate());
    expect(error).toMatchObject({ status: 401 });
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('labstore.accessToken')).toBeNull();
  });

  it('keeps the session on other failures', async () => {
    const store = makeStore({ auth: { token: adminToken() } });
    const { error } = await store.dispatch(locationsApi.endpoints.issuesForLocation.initiate(99));
    expect(error).toMatchObject({ status: 404 });
    expect(store.getState().auth.token).toBe(adminToken());
  });
});
