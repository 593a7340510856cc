import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { PageKey } from './shellPages';

/** The shown page as a history entry's state records it (null: the area's first page). */
type RecordedPage = PageKey | null;

function recordedPage(state: unknown): RecordedPage | undefined {
  if (typeof state !== 'object' || state === null || !('page' in state)) return undefined;
  const { page } = state;
  return typeof page === 'number' || typeof page === 'string' || page === null ? page : undefined;
}

/**
 * Keeps a shell's page, chosen by index under one URL (SPEC §2 keeps `/adminapp` without a route per page), in the
 * browser's history (issue 33): choosing a page adds an entry to the history for the same URL with the page in its
 * state, so Back and Forward go from page to page instead of leaving the area, and a reload, which keeps the
 * entry's state, opens the page it showed. The page itself stays in the store, where other pages choose it too
 * (the dashboard's links): whoever changes it, this writes it down.
 */
export function usePageHistory(selected: RecordedPage, select: (page: RecordedPage) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  /** The history entry last read or written, and the page it records. */
  const synced = useRef<{ key: string; page: RecordedPage } | null>(null);

  useEffect(() => {
    const here = { pathname: location.pathname, search: location.search, hash: location.hash };
    const withPage = (page: RecordedPage) => ({
      ...(typeof location.state === 'object' ? location.state : {}),
      page,
    });
    const recorded = recordedPage(location.state);
    if (synced.current?.key !== location.key) {
      if (recorded === undefined) {
        // An entry that records no page yet (a link to the area, signing in, a first visit) records the one shown.
        void navigate(here, { replace: true, state: withPage(selected) });
        return;
      }
      // Back, Forward, a reload, or the entry written below: the entry's page is shown.
      synced.current = { key: location.key, page: recorded };
      if (recorded !== selected) select(recorded);
      return;
    }
    // Another page was chosen on this entry's page: a new entry records it.
    if (selected === synced.current.page) return;
    synced.current = { key: location.key, page: selected };
    void navigate(here, { state: withPage(selected) });
  }, [location, selected, select, navigate]);
}
