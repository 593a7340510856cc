import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RecordOpener } from '../../components/RecordLink';
import type { RecordRef } from '../../components/recordUrls';
import { loggedOut } from '../../features/auth/authSlice';
import { roleLabels } from '../../api/roles';
import { useAppDispatch, useAppSelector, useCanChangeStore, useMe } from '../hooks';
import { storedTerminalSettings, useTerminalIdleReset } from '../terminal';
import { adminPageSelected, recordClosed, recordOpened, selectAdminPage, selectOpenRecord } from '../uiSlice';
import { adminPages } from './adminPages';
import type { PageKey } from './shellPages';
import { ShellLayout } from './ShellLayout';
import { usePageHistory } from './usePageHistory';

const RecordDrawer = lazy(() =>
  import(/* webpackChunkName: "record-page" */ '../../features/records/RecordDrawer').then((m) => ({
    default: m.RecordDrawer,
  })),
);

/** Who is signed in, and as what: an auditor sees why the pages offer no changes. */
function SignedInAccount() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Box sx={{ px: 2, pt: 2, pb: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {me.email}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {roleLabels[me.role]}
      </Typography>
    </Box>
  );
}

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
  const canChange = useCanChangeStore();
  const pages = useMemo(
    () => (canChange ? adminPages : adminPages.filter((page) => !page.changesOnly)),
    [canChange],
  );
  useTerminalIdleReset(terminal);
  const showPage = useCallback((page: PageKey | null) => dispatch(adminPageSelected(page)), [dispatch]);
  usePageHistory(selected, showPage);

  const logout = () => {
    dispatch(loggedOut());
    navigate('/adminapp/login');
  };

  return (
    <RecordOpener value={open}>
      <ShellLayout
        sidebarLabel="Admin pages"
        pages={pages}
        sidebarHeader={<SignedInAccount />}
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
