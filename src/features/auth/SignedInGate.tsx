import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useVerifyTokenQuery } from '../../api/auth';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useAppDispatch, useAppSelector, useMe } from '../../app/hooks';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { loggedOut, selectToken } from './authSlice';
import { areaOf, areaPaths, type SignedInArea } from './signedInAreas';

interface SignedInGateProps {
  area: SignedInArea;
  children: ReactNode;
}

/**
 * Opens a signed-in area only for a token the server verifies with a 200 (SPEC §2, §4), and only to the roles that
 * work there: `me` decides, and anyone else is sent to their own area (a lab user opening /adminapp goes to /lab).
 */
export function SignedInGate({ area, children }: SignedInGateProps) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const verification = useVerifyTokenQuery(token ?? skipToken);
  // Asked at once, beside the verification: a rejected token answers 401 here too, which ends the session.
  const me = useMe();

  useEffect(() => {
    if (verification.isError) dispatch(loggedOut());
  }, [verification.isError, dispatch]);

  // Also covers a session that ends while inside: Logout, or a 401 on any signed-in call.
  if (!token) return <Navigate to="/adminapp/login" replace />;
  if (verification.isSuccess && me.data) {
    const home = areaOf(me.data.role);
    return home === area ? children : <Navigate to={areaPaths[home]} replace />;
  }
  // Plain text, not MUI's Alert: the gate is on the first load of the login screen, which Alert would make heavier.
  if (verification.isSuccess && me.isError)
    return (
      <Typography role="alert" color="error" sx={{ p: 3, textAlign: 'center' }}>
        {GENERIC_ERROR}
      </Typography>
    );
  return <CenteredSpinner label="Checking sign-in" />;
}
