import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { AdminGate } from '../features/auth/AdminGate';

// Each area is its own chunk: the public area never downloads the admin code.
const PublicShell = lazy(() => import('./shells/PublicShell').then((m) => ({ default: m.PublicShell })));
const AdminShell = lazy(() => import('./shells/AdminShell').then((m) => ({ default: m.AdminShell })));
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));

function Chunk({ children }: { children: ReactNode }) {
  return <Suspense fallback={<CenteredSpinner />}>{children}</Suspense>;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <Chunk>
        <PublicShell />
      </Chunk>
    ),
  },
  {
    path: '/adminapp/login',
    element: (
      <Chunk>
        <LoginPage />
      </Chunk>
    ),
  },
  {
    path: '/adminapp',
    element: (
      <AdminGate>
        <Chunk>
          <AdminShell />
        </Chunk>
      </AdminGate>
    ),
  },
  { path: '*', element: <Navigate to="/" replace /> },
];
