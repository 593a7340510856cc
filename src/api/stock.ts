import { apiSlice } from './apiSlice';
import { derivedTags } from './changeTags';
import { apiUrl } from './baseQuery';
import type { HazardFields } from './ghs';
import type { Page } from './paging';
import { stockTags } from './stockObjects';
import {
  specOf,
  type ChemicalRecord,
  type GlasswareRecord,
  type InstrumentRecord,
  type SpecTable,
  type StockKind,
  type StockRecord,
} from './stockKinds';
import { idTag, listTag, listTags, onSuccess, pagesTag, recordTag } from './tags';
import { ifMatch, onSuccessOrStale } from './versions';

// SERVER.md §4: stock records, one resource per kind. What a kind's record holds, where it lives and how it is
// written all come from the stock-kind table (./stockKinds); the names below are the ones the app reads them by.

export type { ChemicalState, StockKind, StockRecord, StockRecords } from './stockKinds';

export type ChemicalStock = ChemicalRecord;
export type InstrumentStock = InstrumentRecord;
export type GlasswareStock = GlasswareRecord;

export { objectTypes, stockKindOf, stockTags, type ObjectType } from './stockObjects';

// Write fields (SERVER.md §4.3), as the forms send them: a blank number or date as null and an unchosen choice as ''
// so that the server reports the field under its own key instead of the client guessing a value. A field a record
// may leave unset (docs/api.md §11 and later) is optional: left out, a record keeps its value; null clears it. A
// computed one (the molecular weight) goes as null for the server to compute. Hazard data is written apart.

type WrittenField<K extends StockKind> = Exclude<SpecTable[K]['fields'][number], { home: { on: 'hazards' } }>;
type WrittenValue<F> = F extends { input: { type: 'choice'; choices: readonly (infer Code)[] } }
  ? Code | ''
  : F extends { input: { type: 'number' } }
    ? number | null
    : F extends { input: { type: 'date' } } | { nullable: true }
      ? string | null
      : string;
type MayBeUnset<F> = F extends { nullable: true } ? (F extends { computed: true } ? never : F) : never;
type Written<Fields> = {
  [F in Fields as F extends { name: infer Name extends string } ? Name : never]: WrittenValue<F>;
};
type Simplify<T> = { [Key in keyof T]: T[Key] } & {};

/** A kind's write fields, hazard data aside. */
export type StockFields<K extends StockKind> = Simplify<
  Written<Exclude<WrittenField<K>, MayBeUnset<WrittenField<K>>>> &
    Partial<Written<MayBeUnset<WrittenField<K>>>>
>;

export type ChemicalFields = StockFields<'chemical'>;
export type InstrumentFields = StockFields<'instrument'>;
export type GlasswareFields = StockFields<'glassware'>;

/** A kind's write fields with, for a kind with hazard data, the hazard write fields beside them (docs/api.md §16). */
export type StockWriteFields<K extends StockKind> = StockFields<K> &
  (SpecTable[K]['hazards'] extends true ? Partial<HazardFields> : unknown);

/** A create of one record of a kind. */
export type StockWrite = { [K in StockKind]: { kind: K; fields: StockWriteFields<K> } }[StockKind];

export interface StockRef {
  kind: StockKind;
  id: number;
}

/** An edit of a record: its write fields, and the version the form was opened with (docs/api.md §28). */
export type StockEdit = StockWrite & { id: number; version: number };

/**
 * An edit reapplied over a newer version (docs/api.md §28): only the fields the person changed, sent as a PATCH
 * naming that version, so every other field keeps the value it has now.
 */
export type StockChanges = {
  [K in StockKind]: { kind: K; id: number; version: number; changes: Partial<StockWriteFields<K>> };
}[StockKind];

/** `/api/storeobjects/chemicalobjs/`: a kind's stock records (SERVER.md §4). */
export const stockUrl = (kind: StockKind) => `/api/storeobjects/${specOf(kind).segments.store}/`;

/** `/api/management/chemicals/`: a kind's management list, create and per-record reads (SERVER.md §5). */
export const managementUrl = (kind: StockKind) => `/api/management/${specOf(kind).segments.management}/`;

/** One page of a kind's stock list, ordered and searched (docs/api.md §5). */
export interface StockPageArgs {
  kind: StockKind;
  offset: number;
  limit: number;
  /** An API field, `-` first for descending; '' for the default order (id ascending). */
  ordering: string;
  /** Words every record shown must contain; '' for every record. */
  search: string;
  /** Chemicals: a hazard group or H-code a record must carry (docs/api.md §5); absent for every record. */
  hazard?: string;
}

/** `results[i]` is row `offset + i + 1` of the whole ordered list, which holds `count` records. */
export type StockPage<Row = StockRecord> = Page<Row>;

// Each page is its own cache entry, subscribed while its rows are in (or near) view. A page scrolled away from is
// dropped this many seconds later, so the cache holds what is on screen plus what went by in the last moments,
// whatever the length of the list: scrolling through 70,000 rows never holds all 700 pages. A merged "infinite"
// entry would keep every page it ever loaded and could only grow from one end, while a scrollbar dragged to the
// middle needs the pages there at once.
const UNUSED_PAGE_SECONDS = 5;

/**
 * Where a kind's Store list downloads as a file (docs/api.md §14): public, streamed by the server, so the browser
 * saves it straight from a link without the app holding the file. `list` orders, searches and filters it as the tab
 * does.
 */
export function stockExportUrl(
  kind: StockKind,
  format: 'csv' | 'xlsx' = 'csv',
  list: Partial<Pick<StockPageArgs, 'ordering' | 'search' | 'hazard'>> = {},
): string {
  const params = new URLSearchParams({ format });
  if (list.ordering) params.set('ordering', list.ordering);
  if (list.search) params.set('search', list.search);
  if (list.hazard) params.set('hazard', list.hazard);
  return apiUrl(`${stockUrl(kind)}export/?${params}`);
}

/**
 * The endpoints every kind has, taking the kind; a create adds a row to the lists, an edit or delete touches one
 * record. Each is audited (docs/api.md §6); a quantity that changes writes a ledger entry, and the ledger shows every
 * record as it is now, so an edit reaches the ledger whatever it changed. Each may move the record onto or off a
 * dashboard card.
 */
export const stockApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    stockPage: build.query<StockPage, StockPageArgs>({
      query: ({ kind, offset, limit, ordering, search, hazard }) => ({
        url: stockUrl(kind),
        params: {
          limit,
          offset,
          ordering: ordering || undefined,
          search: search || undefined,
          hazard: hazard || undefined,
        },
      }),
      keepUnusedDataFor: UNUSED_PAGE_SECONDS,
      providesTags: (page, _error, { kind }) => [
        ...listTags(stockTags[kind], page?.results),
        pagesTag(stockTags[kind]),
      ],
    }),
    createStock: build.mutation<StockRecord, StockWrite>({
      query: ({ kind, fields }) => ({ url: stockUrl(kind), method: 'POST', body: fields }),
      // Only a record created with stock has a ledger entry (its ADJUSTMENT).
      invalidatesTags: onSuccess(({ kind, fields }) => [
        listTag(stockTags[kind]),
        ...derivedTags(kind, 'audit', ...(fields.quantity ? (['ledger'] as const) : [])),
      ]),
    }),
    // The record may move to another page (or leave a search), so every shown page refetches; its price is the
    // requests' estimate. Refused as stale (412), the record's own reads refetch: the Store shows it as it is now.
    updateStock: build.mutation<StockRecord, StockEdit | StockChanges>({
      query: (edit) => ({
        url: `${stockUrl(edit.kind)}${edit.id}/`,
        ...('changes' in edit
          ? { method: 'PATCH', body: edit.changes }
          : { method: 'PUT', body: edit.fields }),
        headers: ifMatch(edit.version),
      }),
      invalidatesTags: onSuccessOrStale(
        ({ kind, id }) => [
          idTag(stockTags[kind], id),
          pagesTag(stockTags[kind]),
          recordTag('StockLedger', kind, id),
          ...derivedTags({ topic: kind, action: 'updated' }, 'audit', 'ledger'),
        ],
        ({ kind, id }) => [idTag(stockTags[kind], id)],
      ),
    }),
    // The rows after it move up one place, so every shown page refetches; its ADJUSTMENT entries go with it.
    deleteStock: build.mutation<void, StockRef>({
      query: ({ kind, id }) => ({ url: `${stockUrl(kind)}${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess(({ kind, id }) => [
        idTag(stockTags[kind], id),
        pagesTag(stockTags[kind]),
        ...derivedTags({ topic: kind, action: 'deleted' }, 'audit', 'ledger'),
      ]),
    }),
  }),
});

export const { useCreateStockMutation, useUpdateStockMutation, useDeleteStockMutation } = stockApi;
