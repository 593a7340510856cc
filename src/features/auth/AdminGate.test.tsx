import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { renderWithProviders, signedInState } from '../../testing/render';
import { seedAdmin } from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { AdminGate } from './AdminGate';

setupTestServer(seedAdmin);

function renderGate(preloadedState = {}) {
  return renderWithProviders(
    <AdminGate>
      <p>Admin area</p>
    </AdminGate>,
    { route: '/adminapp', preloadedState },
  );
}

describe('AdminGate', () => {
  it('sends a visitor without a token to the login screen without asking the server', async () => {
    const { router } = renderGate();
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminapp/login'));
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
  });

  it('opens the admin area once the server verifies the token', async () => {
    const { router } = renderGate(signedInState());
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Admin area')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminapp');
    expect(sentRequests()).toEqual(['POST /api/token/varify/']);
  });

  it('drops a token the server rejects and shows the login screen', async () => {
    localStorage.setItem('labstore.accessToken', 'expired-token');
    const { router, store } = renderGate();
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminapp/login'));
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('labstore.accessToken')).toBeNull();
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });

  it('accepts only a 200, not another success status', async () => {
    server.use(http.post('*/api/token/varify/', () => new HttpResponse(null, { status: 204 })));
    const { router } = renderGate(signedInState());
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
    renderGate(signedInState());
    await waitFor(() => expect(sentRequests()).toEqual(['POST /api/token/varify/']));
    expect(screen.getByRole('progressbar', { name: 'Checking sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('Admin area')).not.toBeInTheDocument();
  });
});
