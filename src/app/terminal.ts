// Terminal mode: the public area as a kiosk on a shared lab terminal. `/?terminal` turns it on for the browser
// session (sessionStorage: it survives navigation and reloads, and ends with the tab), `?idle=N` sets the seconds
// of inactivity after which it goes back to its home screen (120 by default; tests use a few), and
// `/?terminal=off` turns it off again.

const STORAGE_KEY = 'labstore.terminal';

/** Two minutes without a pointer, key or touch: the next person at the terminal starts from the home screen. */
export const DEFAULT_IDLE_SECONDS = 120;

export interface TerminalSettings {
  idleSeconds: number;
}

function idleSecondsOf(value: string | null): number {
  const seconds = Number(value);
  return value !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_IDLE_SECONDS;
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
  const stored = storage.getItem(STORAGE_KEY);
  if (stored === null) return null;
  try {
    return { idleSeconds: idleSecondsOf(String((JSON.parse(stored) as TerminalSettings).idleSeconds)) };
  } catch {
    return { idleSeconds: DEFAULT_IDLE_SECONDS };
  }
}
