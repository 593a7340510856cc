import Button from '@mui/material/Button';
import { useNavigate, Link as RouterLink } from 'react-router-dom';
import { loggedOut } from '../../features/auth/authSlice';
import { LabPage } from '../../features/lab/LabPage';
import { LocationIssues } from '../../features/locations/LocationIssues';
import type { LocationEntry } from '../../api/locations';
import { useAppDispatch } from '../hooks';
import { ShellLayout } from './ShellLayout';

/** The lab's issue cards as the public Location page shows them, read-only, under the lab page's own heading. */
function LabIssueHistory({ location }: { location: LocationEntry }) {
  return <LocationIssues location={location} admin={false} title="Issue history" />;
}

/** The lab users' area: one page, no sidebar; the top bar leads to the public catalogue. */
export function LabShell() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logout = () => {
    dispatch(loggedOut());
    navigate('/adminapp/login');
  };
  return (
    <ShellLayout
      sidebarLabel="Lab pages"
      pages={[]}
      selected={null}
      onSelect={() => undefined}
      adminLink={false}
      actions={
        <>
          <Button component={RouterLink} to="/" color="inherit">
            Search the catalogue
          </Button>
          <Button color="inherit" variant="outlined" onClick={logout}>
            Logout
          </Button>
        </>
      }
      content={<LabPage IssueHistory={LabIssueHistory} />}
    />
  );
}
