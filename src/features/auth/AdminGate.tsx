import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useVerifyTokenQuery } from '../../api/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { loggedOut, selectToken } from './authSlice';

/** Opens the admin area only for a token the server verifies with a 200 (SPEC §2, §4). */
export function AdminGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const { isSuccess, isError } = useVerifyTokenQuery(token ?? skipToken);

  useEffect(() => {
    if (isError) dispatch(loggedOut());
  }, [isError, dispatch]);

  // Also covers a session that ends while inside: Logout, or a 401 on any signed-in call.
  if (!token) return <Navigate to="/adminapp/login" replace />;
  if (isSuccess) return children;
  return <CenteredSpinner label="Checking sign-in" />;
}
