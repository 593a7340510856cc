import { apiSlice } from '../api/apiSlice';
import type { AppStore } from '../app/store';
import type { StockKind } from '../api/stock';
import { listTag, recordTag } from '../api/tags';

/**
 * Stand-ins for the ledger views the cache tags serve (the Ledger page's list, a record's History), so a test can
 * see which of them a write refetches: each provides exactly the tag such a view provides.
 */
export const ledgerViews = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    ledgerViewOfAll: build.query<unknown, void>({
      query: () => '/api/management/ledger/',
      providesTags: () => [listTag('Ledger')],
    }),
    ledgerViewOfRecord: build.query<unknown, { kind: StockKind; id: number }>({
      query: ({ kind, id }) => ({
        url: '/api/management/stock-ledger/',
        params: { type: kind, object_id: id },
      }),
      providesTags: (_entries, _error, { kind, id }) => [recordTag('StockLedger', kind, id)],
    }),
  }),
});

/** Loads the whole ledger and the ledgers of `records` into the store, as open ledger views would. */
export async function showLedgers(
  store: AppStore,
  records: { kind: StockKind; id: number }[],
): Promise<void> {
  await Promise.all([
    store.dispatch(ledgerViews.endpoints.ledgerViewOfAll.initiate()),
    ...records.map((record) => store.dispatch(ledgerViews.endpoints.ledgerViewOfRecord.initiate(record))),
  ]);
}
