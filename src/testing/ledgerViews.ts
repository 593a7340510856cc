import type { StockKind } from '../api/stock';
import { ledgerApi, type LedgerFilters } from '../api/ledger';
import type { AppStore } from '../app/store';

const unfiltered: LedgerFilters = { type: '', kinds: [], user: '', from: '', to: '', search: '' };

/**
 * Opens the views that show the ledger, as the Ledger page and a record's History drawer do, so a test can see which
 * of them a write refetches.
 */
export async function showLedgers(
  store: AppStore,
  records: { kind: StockKind; id: number }[],
): Promise<void> {
  await Promise.all([
    store.dispatch(ledgerApi.endpoints.listLedger.initiate({ ...unfiltered, limit: 50, offset: 0 })),
    ...records.map((record) => store.dispatch(ledgerApi.endpoints.stockLedger.initiate(record))),
  ]);
}
