import { ThemeProvider } from '@mui/material/styles';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useOutlet } from 'react-router-dom';
import { recordPath, type RecordRef } from '../../components/recordUrls';
import { useIdleTimer } from '../../components/useIdleTimer';
import { useScanner } from '../../components/useScanner';
import { useAppDispatch, useAppSelector } from '../hooks';
import { terminalSettings } from '../terminal';
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

  const backToHome = useCallback(() => {
    dispatch(publicPageSelected(0));
    navigate('/');
    setVisit((count) => count + 1);
  }, [dispatch, navigate]);
  useIdleTimer(terminal ? terminal.idleSeconds * 1000 : null, backToHome);

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
  return terminal ? <ThemeProvider theme={terminalTheme}>{shell}</ThemeProvider> : shell;
}
