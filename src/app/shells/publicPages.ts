import { lazy } from 'react';
import type { ShellPage } from './shellPages';

// SPEC §2 public sidebar order: 0 Search, 1 Store, 2 Location, 3 File Management. Pages are added as they are built.
export const publicPages: ShellPage[] = [
  {
    index: 0,
    label: 'Search',
    Page: lazy(() => import('../../features/search/SearchPage').then((m) => ({ default: m.SearchPage }))),
  },
  {
    index: 1,
    label: 'Store',
    Page: lazy(() => import('../../features/stock/StorePage').then((m) => ({ default: m.StorePage }))),
  },
  {
    index: 2,
    label: 'Location',
    Page: lazy(() =>
      import('../../features/locations/LocationPage').then((m) => ({ default: m.LocationPage })),
    ),
  },
  {
    index: 3,
    label: 'File Management',
    Page: lazy(() => import('../../features/files/FilesPage').then((m) => ({ default: m.PublicFilesPage }))),
  },
];
