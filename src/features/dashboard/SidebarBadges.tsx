import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { Dashboard } from '../../api/dashboard';
import { offScreen } from '../../components/offScreen';
import { useDashboard } from './useDashboard';

// Counts on the sidebar's entries, from the dashboard's own answer (the same request as the page's). Sparse on
// purpose: only what the entry's page is where it gets done.

function sidebarBadge(count: (dashboard: Dashboard) => number, words: (count: number) => string) {
  function SidebarBadge() {
    const { data } = useDashboard();
    const shown = data ? count(data) : 0;
    if (shown === 0) return null;
    return (
      <>
        <Chip size="small" color="warning" label={shown} aria-hidden sx={{ ml: 1 }} />
        {/* Read as part of the entry's name ('Store, 3 need attention'), shown as the chip alone. */}
        <Box component="span" sx={offScreen}>{`, ${words(shown)}`}</Box>
      </>
    );
  }
  return SidebarBadge;
}

/** On Store: the records below their minimum and those expired. */
export const StoreBadge = sidebarBadge(
  (dashboard) => dashboard.below_minimum.count + dashboard.expired.count,
  (count) => `${count} ${count === 1 ? 'needs' : 'need'} attention`,
);

/** On Add Shipment: the caller's staged lines not merged yet. */
export const AddShipmentBadge = sidebarBadge(
  (dashboard) => dashboard.staged_lines.count,
  (count) => `${count} staged ${count === 1 ? 'line' : 'lines'} not merged`,
);

/** On Create an Issue: the lines in the caller's cart. */
export const CreateIssueBadge = sidebarBadge(
  (dashboard) => dashboard.cart_lines.count,
  (count) => `${count} ${count === 1 ? 'line' : 'lines'} in the cart`,
);
