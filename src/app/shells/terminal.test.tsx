import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { routes } from '../router';
import { renderRoutes } from '../../testing/render';
import { seedLab } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { DEFAULT_IDLE_SECONDS } from '../terminal';

setupTestServer(seedLab);

afterEach(() => {
  sessionStorage.clear();
  jest.useRealTimers();
});

describe('terminal mode', () => {
  it('offers one search across all kinds without an Admin link, and keeps the mode while navigating', async () => {
    const { user, router } = renderRoutes(routes, { route: '/?terminal' });
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();

    await user.type(search, 'spectro');
    await user.click(await screen.findByRole('link', { name: /^Spectrophotometer/ }));
    expect(router.state.location.pathname).toBe('/instruments/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spectrophotometer' })).toBeInTheDocument();
    // Still a terminal: no way into the admin area, and large touch targets.
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(getComputedStyle(screen.getByRole('link', { name: 'Back to the store' })).minHeight).toBe('48px');
  });

  it(`goes back to an empty home screen after ${DEFAULT_IDLE_SECONDS} seconds without use`, async () => {
    // The clock moves with real time (the API server needs it to) and jumps when the test says so.
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { user, router } = renderRoutes(routes, { route: '/?terminal' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'ethanol');
    await user.click(await screen.findByRole('link', { name: /^Ethanol/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ethanol' })).toBeInTheDocument();

    // Use restarts the wait.
    act(() => jest.advanceTimersByTime((DEFAULT_IDLE_SECONDS - 1) * 1000));
    fireEvent.pointerDown(document.body);
    act(() => jest.advanceTimersByTime((DEFAULT_IDLE_SECONDS - 1) * 1000));
    expect(router.state.location.pathname).toBe('/chemicals/1');

    act(() => jest.advanceTimersByTime(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('takes its idle time from ?idle= and is left with ?terminal=off', async () => {
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { user, router, unmount } = renderRoutes(routes, { route: '/?terminal&idle=5' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'beaker');
    act(() => jest.advanceTimersByTime(5000));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
    expect(router.state.location.pathname).toBe('/');
    unmount();

    // The browser session remembers the mode, as after a reload.
    const reloaded = renderRoutes(routes, { route: '/' });
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    reloaded.unmount();

    renderRoutes(routes, { route: '/?terminal=off' });
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
  });

  it('is not on without ?terminal', async () => {
    renderRoutes(routes, { route: '/' });
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });
});
