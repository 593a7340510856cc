import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '../router';
import { renderRoutes } from '../../testing/render';
import { adminToken, seedLab } from '../../testing/seed';
import { setupTestServer } from '../../testing/testServer';
import { config } from '../config';
import { DEFAULT_IDLE_SECONDS } from '../terminal';

setupTestServer(seedLab);

afterEach(() => {
  sessionStorage.clear();
  jest.useRealTimers();
});

// The clock moves with real time (the API server needs it to) and jumps when the test says so.
function useJumpingClock() {
  jest.useFakeTimers({ advanceTimers: true, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
}

/** A staff member signed in to the admin area in this browser (the token a reload or another visit finds). */
function signInInThisBrowser() {
  localStorage.setItem(config.tokenStorageKey, adminToken());
}

/** The browser session of a lab terminal: `/?terminal` was opened earlier, as after a reload. */
function enterTerminalModeEarlier() {
  renderRoutes(routes, { route: '/?terminal' }).unmount();
}

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
    useJumpingClock();
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
    useJumpingClock();
    const { user, router, unmount } = renderRoutes(routes, { route: '/?terminal&idle=30' });
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'beaker');
    act(() => jest.advanceTimersByTime(30_000));
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

  // A browser fires a timer of more than 2^31 - 1 ms at once: an unchecked `idle=` cleared the screen at every key.
  it.each([
    ['99999999999', 3600],
    ['1e400', 3600],
    ['1', 10],
    ['-30', 10],
    ['soon', DEFAULT_IDLE_SECONDS],
    ['', DEFAULT_IDLE_SECONDS],
  ])('takes ?idle=%s as %d seconds', async (idle, seconds) => {
    useJumpingClock();
    const { user } = renderRoutes(routes, { route: `/?terminal&idle=${idle}` });
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    await user.type(search, 'beaker');

    act(() => jest.advanceTimersByTime((seconds - 1) * 1000));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('beaker');
    act(() => jest.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
  });

  it('ends an admin session in the browser when it goes back to the home screen', async () => {
    useJumpingClock();
    const { router, store } = renderRoutes(routes, { route: '/?terminal' });
    await screen.findByRole('searchbox', { name: 'Search' });
    // Meanwhile a staff member signs in in another tab of the terminal's browser.
    signInInThisBrowser();

    act(() => jest.advanceTimersByTime(DEFAULT_IDLE_SECONDS * 1000));
    await waitFor(() => expect(localStorage.getItem(config.tokenStorageKey)).toBeNull());
    expect(store.getState().auth.token).toBeNull();
    await act(() => router.navigate('/adminapp'));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminapp/login');
  });

  it.each([
    ['turned on', '/?terminal'],
    ['reloaded', '/'],
  ])('ends an admin session in the browser when it is %s', async (_when, route) => {
    enterTerminalModeEarlier();
    signInInThisBrowser();
    const { router, store } = renderRoutes(routes, { route });
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(config.tokenStorageKey)).toBeNull();
    await act(() => router.navigate('/adminapp'));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('goes back to its home screen from an admin session left idle, and ends it', async () => {
    enterTerminalModeEarlier();
    // A staff member signed in at the terminal, and walked away.
    signInInThisBrowser();
    useJumpingClock();
    const { router, store } = renderRoutes(routes, { route: '/adminapp' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime((DEFAULT_IDLE_SECONDS - 1) * 1000));
    expect(router.state.location.pathname).toBe('/adminapp');
    act(() => jest.advanceTimersByTime(1000));
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(localStorage.getItem(config.tokenStorageKey)).toBeNull();
  });

  it('leaves an admin session alone outside terminal mode', async () => {
    signInInThisBrowser();
    useJumpingClock();
    const { router, store } = renderRoutes(routes, { route: '/' });
    expect(await screen.findByRole('heading', { name: 'Search' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(DEFAULT_IDLE_SECONDS * 1000));
    await act(() => router.navigate('/adminapp'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(store.getState().auth.token).not.toBeNull();
  });

  it('is not on without ?terminal', async () => {
    renderRoutes(routes, { route: '/' });
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  describe('a safety data sheet', () => {
    async function openEthanolSheet() {
      const view = renderRoutes(routes, { route: '/?terminal' });
      await view.user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'ethanol');
      await view.user.click(await screen.findByRole('link', { name: /^Ethanol/ }));
      // On a terminal it is a button that opens the sheet here, not a link to a new tab without a way back.
      const sheet = await screen.findByRole('button', { name: 'Safety data sheet of Ethanol' });
      expect(screen.queryByRole('link', { name: 'Safety data sheet of Ethanol' })).not.toBeInTheDocument();
      await view.user.click(sheet);
      const viewer = await screen.findByRole('dialog', { name: 'Safety data sheet of Ethanol' });
      return { ...view, viewer };
    }

    it('opens inside the terminal, over the whole screen, and Back or Escape returns to the record', async () => {
      const { user, router, viewer } = await openEthanolSheet();
      const frame = within(viewer).getByTitle('Safety data sheet of Ethanol');
      expect(frame.getAttribute('src')).toMatch(/\/media\/files\/msds_ethanol\.pdf$/);
      expect(router.state.location.pathname).toBe('/chemicals/1');
      expect(within(viewer).getByRole('button', { name: 'Back' })).toHaveFocus();

      await user.click(within(viewer).getByRole('button', { name: 'Back' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { level: 1, name: 'Ethanol' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Safety data sheet of Ethanol' }));
      await screen.findByRole('dialog', { name: 'Safety data sheet of Ethanol' });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe('/chemicals/1');
    });

    it('opens any file of the record inside the terminal too', async () => {
      const { user } = renderRoutes(routes, { route: '/?terminal' });
      await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'ethanol');
      await user.click(await screen.findByRole('link', { name: /^Ethanol/ }));
      await user.click(await screen.findByRole('button', { name: 'msds_ethanol.pdf' }));
      const viewer = await screen.findByRole('dialog', { name: 'msds_ethanol.pdf' });
      expect(within(viewer).getByTitle('msds_ethanol.pdf')).toBeInTheDocument();
    });

    it('is closed by the idle reset with the record, back to an empty home screen', async () => {
      useJumpingClock();
      const { router } = await openEthanolSheet();

      act(() => jest.advanceTimersByTime(DEFAULT_IDLE_SECONDS * 1000));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.queryByTitle('Safety data sheet of Ethanol')).not.toBeInTheDocument();
      expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('');
    });
  });

  it('opens a safety data sheet in a new tab outside terminal mode', async () => {
    const { user } = renderRoutes(routes, { route: '/chemicals/1' });
    const link = await screen.findByRole('link', { name: 'Safety data sheet of Ethanol' });
    expect(link).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('heading', { level: 1, name: 'Ethanol' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
