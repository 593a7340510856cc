// Terminal mode: the public area as a kiosk on a shared lab terminal. `/?terminal` turns it on for the browser
// session (sessionStorage: it survives navigation and reloads, and ends with the tab), `?idle=N` sets the seconds
// of inactivity after which it goes back to its home screen (120 by default, 10 to 3600), and `/?terminal=off`
// turns it off again.

import { createContext, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIdleTimer } from '../components/useIdleTimer';
import { useAppDispatch } from './hooks';
import { publicPageSelected } from './uiSlice';

const STORAGE_KEY = 'labstore.terminal';

/** Two minutes without a pointer, key or touch: the next person at the terminal starts from the home screen. */
export const DEFAULT_IDLE_SECONDS = 120;
/** Less would clear the screen while someone is still reading a record's page. */
export const MIN_IDLE_SECONDS = 10;
/**
 * More would leave the terminal to the next person as the last one left it. It also keeps the timer far below the
 * 2^31 - 1 ms a browser's setTimeout takes: a longer one fires at once, and the screen would clear at every key.
 */
export const MAX_IDLE_SECONDS = 3600;

export interface TerminalSettings {
  idleSeconds: number;
}

/** A number of seconds is clamped to the range; anything else (a blank `idle=` included) is the default. */
function idleSecondsOf(value: string | null): number {
  const seconds = value === null || value.trim() === '' ? NaN : Number(value);
  if (Number.isNaN(seconds)) return DEFAULT_IDLE_SECONDS;
  return Math.min(Math.max(seconds, MIN_IDLE_SECONDS), MAX_IDLE_SECONDS);
}

/** The terminal settings of this browser session, as the last visit that turned it on left them. */
export function storedTerminalSettings(storage: Storage = sessionStorage): TerminalSettings | null {
  const stored = storage.getItem(STORAGE_KEY);
  if (stored === null) return null;
  try {
    return { idleSeconds: idleSecondsOf(String((JSON.parse(stored) as TerminalSettings).idleSeconds)) };
  } catch {
    return { idleSeconds: DEFAULT_IDLE_SECONDS };
  }
}

/** The terminal settings after a visit to `search` (a URL's query string): null when the area is not a terminal. */
export function terminalSettings(search: string, storage: Storage = sessionStorage): TerminalSettings | null {
  const params = new URLSearchParams(search);
  if (params.get('terminal') === 'off') {
    storage.removeItem(STORAGE_KEY);
    return null;
  }
  if (params.has('terminal')) {
    const settings = { idleSeconds: idleSecondsOf(params.get('idle')) };
    storage.setItem(STORAGE_KEY, JSON.stringify(settings));
    return settings;
  }
  return storedTerminalSettings(storage);
}

/**
 * On a terminal, after its idle time without use: back to the home screen, whichever area the screen is in. The public
 * area ends any admin session as the screen arrives there (PublicShell). `afterReset` runs last.
 */
export function useTerminalIdleReset(terminal: TerminalSettings | null, afterReset?: () => void): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const reset = useCallback(() => {
    dispatch(publicPageSelected(0));
    navigate('/');
    afterReset?.();
  }, [dispatch, navigate, afterReset]);
  useIdleTimer(terminal ? terminal.idleSeconds * 1000 : null, reset);
}

/**
 * Whether the page shows on a terminal (the public shell says so): what would leave the terminal (a file in a new tab)
 * opens inside it instead, where the idle reset reaches it.
 */
export const InTerminalContext = createContext(false);

export function useInTerminal(): boolean {
  return useContext(InTerminalContext);
}
