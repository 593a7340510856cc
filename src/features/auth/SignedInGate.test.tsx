import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { renderRoutes, signedInState } from '../../testing/render';
import { LAB_PEOPLE, seedLabRoles, signIn } from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { SignedInGate } from './SignedInGate';

setupTestServer(seedLabRoles);

const areas = [
  {
    path: '/adminapp',
    element: (
      <SignedInGate area="admin">
        <p>Admin area</p>
      </SignedInGate>
    ),
  },
  {
    path: '/lab',
    element: (
      <SignedInGate area="lab">
        <p>Lab area</p>
      </SignedInGate>
    ),
  },
  { path: '*', element: null },
];

function renderArea(route: string, preloadedState = {}) {
  return renderRoutes(areas, { route, preloadedState, accountLoaded: false });
}

async function signedInAs(person: keyof typeof LAB_PEOPLE) {
  const { email, password } = LAB_PEOPLE[person];
  return { auth: { token: await signIn(email, password) } };
}

describe('SignedInGate', () => {
  it('sends a visitor without a token to the login screen without asking the server', async () => {
    const { router } = renderArea('/adminapp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminapp/login'));
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
  });

  it('opens the admin area to a store manager once the server verifies the token and answers who it is', async () => {
    const { router } = renderArea('/adminapp', signedInState());
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminapp');
    expect([...sentRequests()].sort()).toEqual(['GET /api/account/me/', 'POST /api/token/varify/']);
  });

  it('opens the admin area to an auditor', async () => {
    renderArea('/adminapp', await signedInAs('auditor'));
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
  });

  it('sends a lab user who opens the admin area to the lab area', async () => {
    const { router } = renderArea('/adminapp', await signedInAs('labMember'));
    expect(await screen.findByText('Lab area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lab');
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('sends a store manager or an auditor who opens the lab area to the admin area', async () => {
    const { router, unmount } = renderArea('/lab', signedInState());
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminapp');
    unmount();

    const auditor = renderArea('/lab', await signedInAs('auditor'));
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(auditor.router.state.location.pathname).toBe('/adminapp');
  });

  it('drops a token the server rejects and shows the login screen', async () => {
    localStorage.setItem('labstore.accessToken', 'expired-token');
    const { router, store } = renderArea('/lab');
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminapp/login'));
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('labstore.accessToken')).toBeNull();
    expect(screen.queryByText('Lab area')).not.toBeInTheDocument();
  });

  it('accepts only a 200, not another success status', async () => {
    server.use(http.post('*/api/token/varify/', () => new HttpResponse(null, { status: 204 })));
    const { router } = renderArea('/adminapp', signedInState());
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminapp/login'));
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('keeps showing the spinner while the verification is pending', async () => {
    server.use(
      http.post('*/api/token/varify/', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderArea('/adminapp', signedInState());
    await waitFor(() => expect(sentRequests()).toContain('GET /api/account/me/'));
    expect(screen.getByRole('progressbar', { name: 'Checking sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('says so when the server cannot answer who is signed in', async () => {
    server.use(http.get('*/api/account/me/', () => new HttpResponse(null, { status: 500 })));
    renderArea('/adminapp', signedInState());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something Went Wrong.');
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });
});
