import { lazyPage, namedPage, type ShellPage } from './shellPages';

// SPEC §2 public sidebar order: 0 Search, 1 Store, 2 Location, 3 File Management. Pages are added as they are built.
export const publicPages: ShellPage[] = [
  {
    index: 0,
    label: 'Search',
    Page: namedPage(() => import('../../features/search/SearchPage'), 'SearchPage'),
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
    Page: namedPage(() => import('../../features/locations/LocationPage'), 'LocationPage'),
  },
  {
    index: 3,
    label: 'File Management',
    Page: namedPage(() => import('../../features/files/FilesPage'), 'PublicFilesPage'),
  },
];

/** Terminal mode (app/terminal.ts): the home screen is one search across every kind; the other pages stay. */
export const terminalPages: ShellPage[] = [
  {
    index: 0,
    label: 'Search',
    Page: namedPage(() => import('../../features/terminal/TerminalSearchPage'), 'TerminalSearchPage'),
  },
  ...publicPages.filter((page) => page.index !== 0),
];
