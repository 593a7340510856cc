import { createElement } from 'react';
import { AddShipmentBadge, CreateIssueBadge, StoreBadge } from '../../features/dashboard/SidebarBadges';
import { RequestsBadge } from '../../features/requests/RequestsBadge';
import { newItemDialogRequested } from '../uiSlice';
import { lazyPage, type ShellPage } from './shellPages';

// Issue 13's Dashboard first, under its own key, shown when nothing else is chosen (after signing in); then SPEC
// §2 order: 0 Search, 1 Add Shipment, 2 Store, 3 Location, 4 Create an Issue, 5 User Managment, 6 Shipment,
// 7 File Managment, 8 Category; then issue 11's 9 Ledger and 10 Audit, and issue 24's 11 Requests and 12 Statements.
// Only pages that exist are listed; new ones go in index order.
const DASHBOARD_PAGE = 'dashboard';

export const adminPages: ShellPage[] = [
  {
    index: DASHBOARD_PAGE,
    label: 'Dashboard',
    Page: lazyPage(() =>
      import('../../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
    ),
  },
  {
    index: 0,
    label: 'Search',
    Page: lazyPage(() => import('../../features/search/SearchPage').then((m) => ({ default: m.SearchPage }))),
  },
  {
    index: 1,
    label: 'Add Shipment',
    Page: lazyPage(() =>
      import('../../features/shipments/AddShipmentPage').then((m) => ({ default: m.AddShipmentPage })),
    ),
    Badge: AddShipmentBadge,
    changesOnly: true,
    entries: [
      { label: 'Staging list' },
      { label: 'Add Chemical', action: newItemDialogRequested('chemical') },
      { label: 'Add Instrument', action: newItemDialogRequested('instrument') },
      { label: 'Add Glass Ware', action: newItemDialogRequested('glassware') },
    ],
  },
  {
    index: 2,
    label: 'Store',
    // The Store's Import action comes from its own feature: the app composes the two.
    Page: lazyPage(() =>
      Promise.all([
        import('../../features/stock/StorePage'),
        import('../../features/import/ImportButton'),
      ]).then(([store, importing]) => ({
        default: () => createElement(store.AdminStorePage, { KindActions: importing.ImportButton }),
        prefetch: store.prefetchStore,
      })),
    ),
    Badge: StoreBadge,
  },
  {
    index: 3,
    label: 'Location',
    Page: lazyPage(() =>
      import('../../features/locations/LocationPage').then((m) => ({ default: m.AdminLocationPage })),
    ),
  },
  {
    index: 4,
    label: 'Create an Issue',
    Page: lazyPage(() =>
      import('../../features/issues/CreateIssuePage').then((m) => ({ default: m.CreateIssuePage })),
    ),
    Badge: CreateIssueBadge,
    changesOnly: true,
  },
  {
    index: 5,
    label: 'User Managment',
    Page: lazyPage(() => import('../../features/users/UsersPage').then((m) => ({ default: m.UsersPage }))),
  },
  {
    index: 6,
    label: 'Shipment',
    Page: lazyPage(() =>
      import('../../features/shipments/ShipmentHistoryPage').then((m) => ({
        default: m.ShipmentHistoryPage,
      })),
    ),
  },
  {
    index: 7,
    label: 'File Managment',
    Page: lazyPage(() => import('../../features/files/FilesPage').then((m) => ({ default: m.FilesPage }))),
  },
  {
    index: 8,
    label: 'Category',
    Page: lazyPage(() =>
      import('../../features/categories/CategoriesPage').then((m) => ({ default: m.CategoriesPage })),
    ),
  },
  {
    index: 9,
    label: 'Ledger',
    Page: lazyPage(() => import('../../features/ledger/LedgerPage').then((m) => ({ default: m.LedgerPage }))),
  },
  {
    index: 10,
    label: 'Audit',
    Page: lazyPage(() => import('../../features/audit/AuditPage').then((m) => ({ default: m.AuditPage }))),
  },
  {
    index: 11,
    label: 'Requests',
    Page: lazyPage(() =>
      import('../../features/requests/RequestsPage').then((m) => ({ default: m.RequestsPage })),
    ),
    Badge: RequestsBadge,
  },
  {
    index: 12,
    label: 'Statements',
    Page: lazyPage(() =>
      import('../../features/statements/StatementsPage').then((m) => ({ default: m.StatementsPage })),
    ),
  },
];
