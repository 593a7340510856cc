import { apiSlice } from './apiSlice';
import type { LedgerItem } from './ledger';
import type { ObjectType, StockKind } from './stock';
import type { StockUnit } from './stockKinds';
import { listTag } from './tags';

// docs/api.md §12: what needs attention, in one answer, and the reorder list (§12.1).

/** The days ahead the expiring card may look. */
export const expiryWindows = [30, 60, 90] as const;
export type ExpiryWindow = (typeof expiryWindows)[number];

/** A stock record on a card; quantities in `unit`. */
export interface AttentionRow {
  object_type: ObjectType;
  object_id: number;
  /** The record as history lines describe it: name, identifying fields, plain manufacturer and supplier. */
  item: LedgerItem;
  quantity: number;
  unit: StockUnit;
  minimum_quantity: number | null;
  /** `minimum_quantity − quantity` when below it, else null. */
  shortfall: number | null;
  expiry_date: string | null;
  /** Days from the lab's today to the expiry date: 0 today, negative once expired. */
  days_left: number | null;
}

export interface Card<Row> {
  /** All there are. */
  count: number;
  /** The first of them. */
  results: Row[];
}

export interface RecentShipment {
  id: number;
  type: StockKind;
  date_time: string;
  user_email: string;
  reverted_at: string | null;
  lines: number;
}

export interface RecentIssue {
  id: number;
  created_at: string;
  user_email: string;
  location: { id: number; name: string; room_number: string; building_name: string };
  lines: number;
}

/** One of the caller's own staging or cart lines. */
export interface OwnLine {
  id: number;
  object_type: ObjectType;
  object_id: number;
  item: LedgerItem;
  quantity: number;
  unit: StockUnit;
}

export interface Dashboard {
  /** The lab's date (LAB_TIME_ZONE), YYYY-MM-DD: the dates on the cards count from it, not from the browser's. */
  today: string;
  time_zone: string;
  within: ExpiryWindow;
  below_minimum: Card<AttentionRow>;
  expired: Card<AttentionRow>;
  expiring: Card<AttentionRow>;
  dead_stock: Card<AttentionRow>;
  recent_shipments: Card<RecentShipment>;
  recent_issues: Card<RecentIssue>;
  staged_lines: Card<OwnLine & { expiry_date: string | null }>;
  cart_lines: Card<OwnLine>;
}

/** A record below its minimum with the newest shipment of the same item from any supplier (null: never shipped). */
export interface ReorderRow extends AttentionRow {
  last_supplier: string | null;
  last_shipped_quantity: number | null;
  last_shipped_at: string | null;
}

export interface ReorderList {
  today: string;
  time_zone: string;
  count: number;
  results: ReorderRow[];
}

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
