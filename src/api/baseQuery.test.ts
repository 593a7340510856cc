import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { server } from '../testing/server';
import { apiSlice } from './apiSlice';

const probe = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ authorization: string | null }, void>({ query: () => '/api/probe/' }),
  }),
});

function echoAuthorization(status = 200) {
  server.use(
    http.get('*/api/probe/', ({ request }) =>
      HttpResponse.json({ authorization: request.headers.get('Authorization') }, { status }),
    ),
  );
}

describe('baseQuery', () => {
  it('sends the stored token as a Bearer header', async () => {
    echoAuthorization();
    const store = makeStore({ auth: { token: 'tok-1' } });
    const { data } = await store.dispatch(probe.endpoints.probe.initiate());
    expect(data).toEqual({ authorization: 'Bearer tok-1' });
  });

  // Fetch trims header values, so "Bearer " with the empty token arrives as "Bearer".
  it('sends a Bearer header without a token when signed out', async () => {
    echoAuthorization();
    const store = makeStore();
    const { data } = await store.dispatch(probe.endpoints.probe.initiate());
    expect(data).toEqual({ authorization: 'Bearer' });
  });

  it('ends the session when a signed-in call is answered 401', async () => {
    echoAuthorization(401);
    localStorage.setItem('labstore.accessToken', 'expired');
    const store = makeStore();
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('labstore.accessToken')).toBeNull();
  });

  it('keeps the session on other failures', async () => {
    echoAuthorization(403);
    const store = makeStore({ auth: { token: 'tok-1' } });
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(store.getState().auth.token).toBe('tok-1');
  });
});
