import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../testing/render';
import { ADMIN_EMAIL, ADMIN_PASSWORD, LAB_PEOPLE, lockOut, seedLabRoles } from '../../testing/seed';
import { sentRequests, server } from '../../testing/server';
import { setupTestServer } from '../../testing/testServer';
import { LoginPage } from './LoginPage';

setupTestServer(seedLabRoles);

function renderLogin() {
  return renderWithProviders(<LoginPage />, { route: '/adminapp/login' });
}

async function logIn(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  await user.clear(await screen.findByLabelText('Email'));
  await user.type(screen.getByLabelText('Email'), email);
  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('asks for both fields and sends nothing when one is empty', async () => {
    const { user } = renderLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await user.type(screen.getByLabelText('Email'), ADMIN_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Please Provide Email and Password')).toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
  });

  it('says the credentials are invalid when the server refuses them', async () => {
    const { user, store, router } = renderLogin();
    await user.type(screen.getByLabelText('Email'), ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid Email or Password.')).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
    expect(router.state.location.pathname).toBe('/adminapp/login');
  });

  it('gives the same message when login is rate limited', async () => {
    await lockOut(ADMIN_EMAIL);
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Password'), ADMIN_PASSWORD);
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Invalid Email or Password.')).toBeInTheDocument();
  });

  it('shows a spinner on a disabled Login button while the request is pending', async () => {
    server.use(
      http.post('*/api/token/', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Password'), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const button = screen.getByRole('button', { name: /Login/ });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('stores the token and opens the admin area on success', async () => {
    const { user, store, router } = renderLogin();
    await user.type(screen.getByLabelText('Email'), ADMIN_EMAIL);
    await user.type(screen.getByLabelText('Password'), ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/adminapp'));
    const token = store.getState().auth.token;
    expect(token).toMatch(/^eyJ/);
    expect(localStorage.getItem('labstore.accessToken')).toBe(token);
    expect(sentRequests()).toEqual(['POST /api/token/', 'GET /api/account/me/']);
  });

  it('opens the admin area to an auditor and the lab area to a lab user (issue 23)', async () => {
    const { user, router } = renderLogin();
    await logIn(user, LAB_PEOPLE.auditor.email, LAB_PEOPLE.auditor.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminapp'));

    // The same browser, the next person: routed by their own role, not by the answer the last sign-in had.
    await router.navigate('/adminapp/login');
    await logIn(user, LAB_PEOPLE.labMember.email, LAB_PEOPLE.labMember.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/lab'));
  });
});
