import Button from '@mui/material/Button';
import { Suspense, lazy, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RecordOpener } from '../../components/RecordLink';
import type { RecordRef } from '../../components/recordUrls';
import { loggedOut } from '../../features/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { storedTerminalSettings, useTerminalIdleReset } from '../terminal';
import { adminPageSelected, recordClosed, recordOpened, selectAdminPage, selectOpenRecord } from '../uiSlice';
import { adminPages } from './adminPages';
import { ShellLayout } from './ShellLayout';

const RecordDrawer = lazy(() =>
  import(/* webpackChunkName: "record-page" */ '../../features/records/RecordDrawer').then((m) => ({
    default: m.RecordDrawer,
  })),
);

export function AdminShell() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const selected = useAppSelector(selectAdminPage);
  const openRecord = useAppSelector(selectOpenRecord);
  // A record name on any admin page opens the record's page in a drawer over it (the pages have no routes).
  const open = useCallback((record: RecordRef) => dispatch(recordOpened(record)), [dispatch]);
  // Staff may sign in at a lab terminal; left idle, it goes back to its home screen, which signs out (PublicShell).
  // Signing out here would have the sign-in gate send the screen to the login page before the router leaves.
  const [terminal] = useState(() => storedTerminalSettings());
  useTerminalIdleReset(terminal);

  const logout = () => {
    dispatch(loggedOut());
    navigate('/adminapp/login');
  };

  return (
    <RecordOpener value={open}>
      <ShellLayout
        sidebarLabel="Admin pages"
        pages={adminPages}
        selected={selected}
        onSelect={(index, action) => {
          dispatch(adminPageSelected(index));
          if (action) dispatch(action);
        }}
        actions={
          <Button color="inherit" variant="outlined" onClick={logout}>
            Logout
          </Button>
        }
      />
      {openRecord && (
        <Suspense fallback={null}>
          <RecordDrawer record={openRecord} onClose={() => dispatch(recordClosed())} />
        </Suspense>
      )}
    </RecordOpener>
  );
}
