import { apiSlice } from './apiSlice';
import { downloadFile } from './download';
import { filterParams, type Page, type PageRequest } from './paging';
import type { StockKind } from './stock';
import type { LedgerKind } from '../../server/src/domain/ledger';
import type {
  LedgerEntry as StockLedgerEntry,
  LedgerListEntry as LedgerEntry,
} from '../../server/src/contract/ledger';
import { listTag, recordTag } from './tags';

// SERVER.md §10 (one record's ledger) and docs/api.md §7 (every entry, filtered and paged, and its CSV export).

export type { LedgerKind } from '../../server/src/domain/ledger';

/** The kinds in the words the CSV export uses for them (docs/api.md §7.2). */
export const ledgerKindLabels: Record<LedgerKind, string> = {
  SHIPMENT: 'Shipment',
  ISSUE: 'Issue',
  ADJUSTMENT: 'Adjustment',
  REVERSAL: 'Reversal',
  RETURN: 'Return',
  IMPORT: 'Import',
};

export const ledgerKinds = Object.keys(ledgerKindLabels) as LedgerKind[];

/** One change of a stock quantity (SERVER.md §10); an entry of the global ledger adds its unit and record. */
export type {
  LedgerEntry as StockLedgerEntry,
  LedgerItem,
  LedgerListEntry as LedgerEntry,
} from '../../server/src/contract/ledger';

/** What the Ledger page filters by; an empty value filters nothing. */
export interface LedgerFilters {
  type: StockKind | '';
  kinds: LedgerKind[];
  /** The author's e-mail, exact. */
  user: string;
  /** Instants (ISO 8601 with an offset), both included. */
  from: string;
  to: string;
  /** Words that must all occur in the entry's item. */
  search: string;
}

export interface LedgerExport extends LedgerFilters {
  /** Called as the file comes in, with the bytes received so far (the streamed export has no known length). */
  onProgress?: (bytes: number) => void;
}

export const EXPORT_FILE_PREFIX = 'labstore-ledger-';

function ledgerParams({ type, kinds, user, from, to, search }: LedgerFilters) {
  return filterParams({ type, kind: kinds.join(','), user: user.trim(), from, to, search: search.trim() });
}

/** Today's name for the export when the answer names none. */
function fallbackName(): string {
  return `${EXPORT_FILE_PREFIX}${new Date().toISOString().slice(0, 10)}.csv`;
}

export const ledgerApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // Newest first. Any quantity change adds an entry, and a record's edit changes how its entries read.
    listLedger: build.query<Page<LedgerEntry>, LedgerFilters & PageRequest>({
      query: ({ limit, offset, ...filters }) => ({
        url: '/api/management/ledger/',
        params: { ...ledgerParams(filters), limit, offset },
      }),
      providesTags: () => [listTag('Ledger')],
    }),
    // One record's entries, newest first; tagged by kind and id, as each kind numbers its own records.
    stockLedger: build.query<StockLedgerEntry[], { kind: StockKind; id: number }>({
      query: ({ kind, id }) => ({
        url: '/api/management/stock-ledger/',
        params: { type: kind, object_id: id },
      }),
      providesTags: (_entries, _error, { kind, id }) => [recordTag('StockLedger', kind, id)],
    }),
    // A mutation, not a query: the file goes to the browser's downloads and only its name to the store.
    exportLedger: build.mutation<string, LedgerExport>({
      queryFn: ({ onProgress, ...filters }, api, extraOptions) =>
        downloadFile(
          {
            url: '/api/management/ledger/export/',
            params: ledgerParams(filters),
            fallbackName: fallbackName(),
            onProgress,
          },
          api,
          extraOptions,
        ),
    }),
  }),
});

export const { useListLedgerQuery, useStockLedgerQuery, useExportLedgerMutation } = ledgerApi;
