import Button from '@mui/material/Button';
import { useNavigate } from 'react-router-dom';
import { loggedOut } from '../../features/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { adminPageSelected, selectAdminPage } from '../uiSlice';
import { adminPages } from './adminPages';
import { ShellLayout } from './ShellLayout';

export function AdminShell() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const selected = useAppSelector(selectAdminPage);

  const logout = () => {
    dispatch(loggedOut());
    navigate('/adminapp/login');
  };

  return (
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
  );
}
