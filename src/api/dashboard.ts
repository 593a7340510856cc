import { apiSlice } from './apiSlice';
import type { Dashboard, ExpiryWindow, ReorderList } from '../../server/src/contract/dashboard';
import { listTag } from './tags';

// docs/api.md §12: what needs attention, in one answer, and the reorder list (§12.1).

export type {
  Card,
  Dashboard,
  ExpiryWindow,
  ReorderList,
  ReorderRow,
  StockCardRow as AttentionRow,
} from '../../server/src/contract/dashboard';

/** The days ahead the expiring card may look. */
export const expiryWindows = [30, 60, 90] as const satisfies readonly ExpiryWindow[];

export type RecentShipment = Dashboard['recent_shipments']['results'][number];
export type RecentIssue = Dashboard['recent_issues']['results'][number];
/** One of the caller's own staging or cart lines. */
export type OwnLine = Dashboard['cart_lines']['results'][number];

// One tag for both answers: every write that changes a card invalidates it (see the mutations in api/), and
// nothing polls.
const dashboardTag = listTag('Dashboard');

export const dashboardApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<Dashboard, ExpiryWindow>({
      query: (within) => ({ url: '/api/management/dashboard/', params: { within } }),
      providesTags: [dashboardTag],
    }),
    reorderList: build.query<ReorderList, void>({
      query: () => '/api/management/dashboard/reorder/',
      providesTags: [dashboardTag],
    }),
  }),
});

export const { useDashboardQuery, useReorderListQuery } = dashboardApi;
