import { Suspense, lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { STOCK_KINDS } from '../api/stockKinds';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { recordSegments } from '../components/recordUrls';
import { LoginPage } from '../features/auth/LoginPage';
import { SignedInGate } from '../features/auth/SignedInGate';
import { areaPaths, type SignedInArea } from '../features/auth/signedInAreas';
import { PublicShell } from './shells/PublicShell';

// The public area and the login screen are the two ways in, and they share nearly all their code (React, the store,
// MUI's inputs, buttons and menus): they load together with the app, as one compressed file, which measured smaller
// than splitting them into the many small chunks their shared parts then become (160.7 against 166.9 KiB of
// JavaScript for /). The admin area is its own chunk, so the public area never downloads its code; every page and
// the sidebar load when shown.
const AdminShell = lazy(() =>
  import(/* webpackChunkName: "admin-shell" */ './shells/AdminShell').then((m) => ({
    default: m.AdminShell,
  })),
);

// The labs' page of lab users (issue 23) is a chunk of its own too: neither the public nor the admin area loads it.
const LabShell = lazy(() =>
  import(/* webpackChunkName: "lab-shell" */ './shells/LabShell').then((m) => ({
    default: m.LabShell,
  })),
);

// A record's public page (`/chemicals/12`, components/recordUrls.ts) loads with the first visit to one.
const RecordPage = lazy(() =>
  import(/* webpackChunkName: "record-page" */ '../features/records/RecordPage').then((m) => ({
    default: m.RecordPage,
  })),
);

/** A signed-in area (the admin's, the labs'): its gate, then its shell's chunk, with a spinner while that loads. */
function signedInArea(area: SignedInArea, Shell: ComponentType): RouteObject {
  return {
    path: areaPaths[area],
    element: (
      <SignedInGate area={area}>
        <Suspense fallback={<CenteredSpinner />}>
          <Shell />
        </Suspense>
      </SignedInGate>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <PublicShell />,
    children: STOCK_KINDS.map((kind) => ({
      path: `${recordSegments[kind]}/:id`,
      element: <RecordPage kind={kind} />,
    })),
  },
  {
    path: '/adminapp/login',
    element: <LoginPage />,
  },
  signedInArea('admin', AdminShell),
  signedInArea('lab', LabShell),
  { path: '*', element: <Navigate to="/" replace /> },
];
