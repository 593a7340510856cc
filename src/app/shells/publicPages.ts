import { lazyPage, type ShellPage } from './shellPages';

// SPEC §2 public sidebar order: 0 Search, 1 Store, 2 Location, 3 File Management. Pages are added as they are built.
export const publicPages: ShellPage[] = [
  {
    index: 0,
    label: 'Search',
    Page: lazyPage(() => import('../../features/search/SearchPage').then((m) => ({ default: m.SearchPage }))),
  },
  {
    index: 1,
    label: 'Store',
    Page: lazyPage(() =>
      import('../../features/stock/StorePage').then((m) => ({
        default: m.StorePage,
        prefetch: m.prefetchStore,
      })),
    ),
  },
  {
    index: 2,
    label: 'Location',
    Page: lazyPage(() =>
      import('../../features/locations/LocationPage').then((m) => ({ default: m.LocationPage })),
    ),
  },
  {
    index: 3,
    label: 'File Management',
    Page: lazyPage(() =>
      import('../../features/files/FilesPage').then((m) => ({ default: m.PublicFilesPage })),
    ),
  },
];

/** Terminal mode (app/terminal.ts): the home screen is one search across every kind; the other pages stay. */
export const terminalPages: ShellPage[] = [
  {
    index: 0,
    label: 'Search',
    Page: lazyPage(() =>
      import('../../features/terminal/TerminalSearchPage').then((m) => ({ default: m.TerminalSearchPage })),
    ),
  },
  ...publicPages.filter((page) => page.index !== 0),
];
