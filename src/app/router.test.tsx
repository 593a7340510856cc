import { screen, waitFor } from '@testing-library/react';
import { usersApi } from '../api/users';
import { renderRoutes } from '../testing/render';
import { ADMIN_EMAIL, ADMIN_PASSWORD, deleteUser, LAB_PEOPLE, seedLabRoles, signIn } from '../testing/seed';
import { setupTestServer } from '../testing/testServer';
import { routes } from './router';

setupTestServer(seedLabRoles);

describe('routes', () => {
  it('serves the public area, opening on its first page, at /', async () => {
    renderRoutes(routes, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of /adminapp to the login screen and, after login, to the Dashboard', async () => {
    // The page the last session ended on does not matter: signing in opens the Dashboard (issue 13).
    const { user, router, store } = renderRoutes(routes, {
      route: '/adminapp',
      preloadedState: { ui: { adminPage: 5, publicPage: null } },
    });
    const email = await screen.findByLabelText('Email');
    expect(router.state.location.pathname).toBe('/adminapp/login');

    await user.type(email, ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Password'), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminapp');
    expect(store.getState().ui.adminPage).toBeNull();
  });

  it("sends a lab user who signs in at /adminapp to their lab's page (issue 23)", async () => {
    const { user, router } = renderRoutes(routes, { route: '/adminapp' });
    await user.type(await screen.findByLabelText('Email'), LAB_PEOPLE.labMember.email);
    await user.type(screen.getByLabelText('Password'), LAB_PEOPLE.labMember.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Physical Lab 1', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lab');
    expect(await screen.findByRole('table', { name: 'Holdings of Physical Lab 1' })).toBeInTheDocument();
  });

  it('returns to the login screen when a signed-in call is refused mid-session', async () => {
    const { store, router } = renderRoutes(routes, {
      route: '/adminapp',
      preloadedState: {
        auth: { token: await signIn('ann@lab.org', 'ann-password') },
        ui: { adminPage: 5, publicPage: null },
      },
    });
    await screen.findByRole('cell', { name: 'ann@lab.org' });
    // The account behind the token disappears: the next signed-in call is answered 401.
    await deleteUser(2);
    store.dispatch(usersApi.util.invalidateTags(['User']));

    await waitFor(() => expect(router.state.location.pathname).toBe('/adminapp/login'));
    expect(store.getState().auth.token).toBeNull();
  });

  it('sends unknown paths home', async () => {
    const { router } = renderRoutes(routes, { route: '/nowhere' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
