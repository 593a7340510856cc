import { ThemeProvider } from '@mui/material/styles';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useOutlet } from 'react-router-dom';
import { recordPath, type RecordRef } from '../../components/recordUrls';
import { useScanner } from '../../components/useScanner';
import { useAppDispatch, useAppSelector } from '../hooks';
import { loggedOut } from '../../features/auth/authSlice';
import { InTerminalContext, terminalSettings, useTerminalIdleReset } from '../terminal';
import { terminalTheme } from '../theme';
import { publicPageSelected, selectPublicPage } from '../uiSlice';
import { publicPages, terminalPages } from './publicPages';
import { ShellLayout } from './ShellLayout';

/**
 * The public area: the SPEC pages by index, and a record's page at its own URL (`/chemicals/12`, the child route).
 * With `?terminal` it is a kiosk (app/terminal.ts): larger type and targets, a search-as-you-type home screen, no
 * Admin link, and back to that screen, cleared, after a while without use. A scanned label opens its record.
 */
export function PublicShell() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const recordPage = useOutlet();
  const selected = useAppSelector(selectPublicPage);
  const [terminal] = useState(() => terminalSettings(location.search));
  // A new key mounts the shell afresh: the home screen's search box comes back empty, the sidebar closed.
  const [visit, setVisit] = useState(0);

  const openRecord = useCallback((record: RecordRef) => navigate(recordPath(record)), [navigate]);
  useScanner(openRecord);

  // A terminal is everyone's: a staff sign-in in its browser (of whoever set it up, or signed in there and walked
  // away) would be open to anyone who types /adminapp. So its public area never shows with one: arriving there
  // (turning the mode on, a reload, the admin area's idle reset) signs out, and so does each idle reset here, which
  // also ends a sign-in made meanwhile in another tab of the browser (the token in localStorage). Staff may still sign
  // in at a terminal and work in the admin area until they leave it or leave it idle.
  useEffect(() => {
    if (terminal) dispatch(loggedOut());
  }, [terminal, dispatch]);

  const signOutAndClear = useCallback(() => {
    dispatch(loggedOut());
    setVisit((count) => count + 1);
  }, [dispatch]);
  useTerminalIdleReset(terminal, signOutAndClear);

  const shell = (
    <ShellLayout
      key={visit}
      sidebarLabel="Pages"
      pages={terminal ? terminalPages : publicPages}
      selected={selected}
      onSelect={(index) => {
        dispatch(publicPageSelected(index));
        if (recordPage) navigate('/');
      }}
      content={recordPage}
      adminLink={!terminal}
    />
  );
  // The idle reset goes home and mounts the shell afresh, which also closes whatever the page opened inside the
  // terminal (a safety data sheet's viewer).
  return terminal ? (
    <InTerminalContext.Provider value>
      <ThemeProvider theme={terminalTheme}>{shell}</ThemeProvider>
    </InTerminalContext.Provider>
  ) : (
    shell
  );
}
