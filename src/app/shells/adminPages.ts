import { lazy } from 'react';
import type { ShellPage } from './shellPages';

// SPEC §2 order: 0 Search, 1 Add Shipment, 2 Store, 3 Location, 4 Create an Issue, 5 User Managment,
// 6 Shipment, 7 File Managment, 8 Category. Only pages that exist are listed; new ones go in index order.
export const adminPages: ShellPage[] = [
  {
    index: 0,
    label: 'Search',
    Page: lazy(() => import('../../features/search/SearchPage').then((m) => ({ default: m.SearchPage }))),
  },
  {
    index: 2,
    label: 'Store',
    Page: lazy(() => import('../../features/stock/StorePage').then((m) => ({ default: m.AdminStorePage }))),
  },
  {
    index: 5,
    label: 'User Managment',
    Page: lazy(() => import('../../features/users/UsersPage').then((m) => ({ default: m.UsersPage }))),
  },
];
