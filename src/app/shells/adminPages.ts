import { createElement } from 'react';
import { AddShipmentBadge, CreateIssueBadge, StoreBadge } from '../../features/dashboard/SidebarBadges';
import { RequestsBadge } from '../../features/requests/RequestsBadge';
import { newItemDialogRequested } from '../uiSlice';
import { lazyPage, namedPage, type ShellPage } from './shellPages';

// Issue 13's Dashboard first, under its own key, shown when nothing else is chosen (after signing in); then SPEC
// §2 order: 0 Search, 1 Add Shipment, 2 Store, 3 Location, 4 Create an Issue, 5 User Managment, 6 Shipment,
// 7 File Managment, 8 Category; then issue 11's 9 Ledger and 10 Audit, and issue 24's 11 Requests and 12 Statements.
// Only pages that exist are listed; new ones go in index order.
const DASHBOARD_PAGE = 'dashboard';

export const adminPages: ShellPage[] = [
  {
    index: DASHBOARD_PAGE,
    label: 'Dashboard',
    Page: namedPage(() => import('../../features/dashboard/DashboardPage'), 'DashboardPage'),
  },
  {
    index: 0,
    label: 'Search',
    Page: namedPage(() => import('../../features/search/SearchPage'), 'SearchPage'),
  },
  {
    index: 1,
    label: 'Add Shipment',
    Page: namedPage(() => import('../../features/shipments/AddShipmentPage'), 'AddShipmentPage'),
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
    Page: namedPage(() => import('../../features/locations/LocationPage'), 'AdminLocationPage'),
  },
  {
    index: 4,
    label: 'Create an Issue',
    Page: namedPage(() => import('../../features/issues/CreateIssuePage'), 'CreateIssuePage'),
    Badge: CreateIssueBadge,
    changesOnly: true,
  },
  {
    index: 5,
    label: 'User Managment',
    Page: namedPage(() => import('../../features/users/UsersPage'), 'UsersPage'),
  },
  {
    index: 6,
    label: 'Shipment',
    Page: namedPage(() => import('../../features/shipments/ShipmentHistoryPage'), 'ShipmentHistoryPage'),
  },
  {
    index: 7,
    label: 'File Managment',
    Page: namedPage(() => import('../../features/files/FilesPage'), 'FilesPage'),
  },
  {
    index: 8,
    label: 'Category',
    Page: namedPage(() => import('../../features/categories/CategoriesPage'), 'CategoriesPage'),
  },
  {
    index: 9,
    label: 'Ledger',
    Page: namedPage(() => import('../../features/ledger/LedgerPage'), 'LedgerPage'),
  },
  {
    index: 10,
    label: 'Audit',
    Page: namedPage(() => import('../../features/audit/AuditPage'), 'AuditPage'),
  },
  {
    index: 11,
    label: 'Requests',
    Page: namedPage(() => import('../../features/requests/RequestsPage'), 'RequestsPage'),
    Badge: RequestsBadge,
  },
  {
    index: 12,
    label: 'Statements',
    Page: namedPage(() => import('../../features/statements/StatementsPage'), 'StatementsPage'),
  },
];
