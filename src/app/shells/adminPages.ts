import { lazy } from 'react';
import { newItemDialogRequested } from '../uiSlice';
import type { ShellPage } from './shellPages';

// SPEC §2 order: 0 Search, 1 Add Shipment, 2 Store, 3 Location, 4 Create an Issue, 5 User Managment,
// 6 Shipment, 7 File Managment, 8 Category; then issue 11's 9 Ledger and 10 Audit. Only pages that exist are
// listed; new ones go in index order.
export const adminPages: ShellPage[] = [
  {
    index: 0,
    label: 'Search',
    Page: lazy(() => import('../../features/search/SearchPage').then((m) => ({ default: m.SearchPage }))),
  },
  {
    index: 1,
    label: 'Add Shipment',
    Page: lazy(() =>
      import('../../features/shipments/AddShipmentPage').then((m) => ({ default: m.AddShipmentPage })),
    ),
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
    Page: lazy(() => import('../../features/stock/StorePage').then((m) => ({ default: m.AdminStorePage }))),
  },
  {
    index: 3,
    label: 'Location',
    Page: lazy(() =>
      import('../../features/locations/LocationPage').then((m) => ({ default: m.AdminLocationPage })),
    ),
  },
  {
    index: 4,
    label: 'Create an Issue',
    Page: lazy(() =>
      import('../../features/issues/CreateIssuePage').then((m) => ({ default: m.CreateIssuePage })),
    ),
  },
  {
    index: 5,
    label: 'User Managment',
    Page: lazy(() => import('../../features/users/UsersPage').then((m) => ({ default: m.UsersPage }))),
  },
  {
    index: 6,
    label: 'Shipment',
    Page: lazy(() =>
      import('../../features/shipments/ShipmentHistoryPage').then((m) => ({
        default: m.ShipmentHistoryPage,
      })),
    ),
  },
  {
    index: 7,
    label: 'File Managment',
    Page: lazy(() => import('../../features/files/FilesPage').then((m) => ({ default: m.FilesPage }))),
  },
  {
    index: 8,
    label: 'Category',
    Page: lazy(() =>
      import('../../features/categories/CategoriesPage').then((m) => ({ default: m.CategoriesPage })),
    ),
  },
  {
    index: 9,
    label: 'Ledger',
    Page: lazy(() => import('../../features/ledger/LedgerPage').then((m) => ({ default: m.LedgerPage }))),
  },
  {
    index: 10,
    label: 'Audit',
    Page: lazy(() => import('../../features/audit/AuditPage').then((m) => ({ default: m.AuditPage }))),
  },
];
