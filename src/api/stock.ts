import type { EndpointBuilder } from '@reduxjs/toolkit/query/react';
import { apiSlice } from './apiSlice';
import type { ChemicalHazards, HazardFields } from './ghs';
import { apiUrl, type baseQuery } from './baseQuery';
import { idTag, listTag, listTags, onSuccess, pagesTag, recordTag, type TagType } from './tags';

// SERVER.md §4: stock records, one resource per kind.

export type StockKind = 'chemical' | 'instrument' | 'glassware';

export type ChemicalState = 'SOLID' | 'LIQUID' | 'GAS';

export interface CatalogEntry {
  id: number;
  name: string;
}

/** docs/api.md §11: null when unset. Dates are the lab's calendar days, 'YYYY-MM-DD'. */
export interface ExpiryFields {
  expiry_date: string | null;
}

export interface MinimumFields {
  /** In the kind's unit (ml or pieces); the record is low while its quantity is below it. */
  minimum_quantity: number | null;
}

export interface ChemicalStock extends ChemicalHazards, ExpiryFields, MinimumFields {
  id: number;
  chemical: CatalogEntry & { CAS_RN: string; molecular_formula: string; molecular_weight: number };
  purity: number;
  manufacturer: CatalogEntry;
  supplier: CatalogEntry;
  state: ChemicalState;
  /** In ml. */
  quantity: number;
  /** When the bottle was opened. */
  opened_on: string | null;
}

export interface InstrumentStock extends MinimumFields {
  id: number;
  instrument: CatalogEntry;
  manufacturer: CatalogEntry;
  supplier: CatalogEntry;
  /** In pieces. */
  quantity: number;
}

export interface GlasswareStock extends ExpiryFields, MinimumFields {
  id: number;
  glassware: CatalogEntry;
  manufacturer: CatalogEntry;
  supplier: CatalogEntry;
  size: number;
  material_type: string;
  /** In pieces. */
  quantity: number;
}

export interface StockRecords {
  chemical: ChemicalStock;
  instrument: InstrumentStock;
  glassware: GlasswareStock;
}

export type StockRecord<K extends StockKind = StockKind> = StockRecords[K];

/** How the issue cart, issues and the search across kinds name a kind (SERVER.md §9, §11). */
export const objectTypes = {
  chemical: 'CHEMICAL',
  instrument: 'INSTRUMENT',
  glassware: 'GLASSWARE',
} as const satisfies Record<StockKind, string>;

export type ObjectType = (typeof objectTypes)[StockKind];

/** SPEC §3: an object type other than CHEMICAL or INSTRUMENT is treated as glassware. */
export function stockKindOf(objectType: string): StockKind {
  if (objectType === objectTypes.chemical) return 'chemical';
  if (objectType === objectTypes.instrument) return 'instrument';
  return 'glassware';
}

// Write fields (SERVER.md §4.3). Forms send a blank number as null and an unchosen state as '' so that the
// server reports the field under its own key instead of the client guessing a value. The fields of docs/api.md §11
// are optional: left out, a record keeps its values; null clears one.

export interface ChemicalFields {
  name: string;
  CAS_RN: string;
  molecular_formula: string;
  /** null: the server computes it from the formula. */
  molecular_weight: number | null;
  purity: number | null;
  manufacturer: string;
  supplier: string;
  state: ChemicalState | '';
  quantity: number | null;
  expiry_date?: string | null;
  opened_on?: string | null;
  minimum_quantity?: number | null;
}

export interface InstrumentFields {
  name: string;
  manufacturer: string;
  supplier: string;
  quantity: number | null;
  minimum_quantity?: number | null;
}

export interface GlasswareFields {
  name: string;
  manufacturer: string;
  supplier: string;
  size: number | null;
  material_type: string;
  quantity: number | null;
  expiry_date?: string | null;
  minimum_quantity?: number | null;
}

export const stockTags = {
  chemical: 'ChemicalStock',
  instrument: 'InstrumentStock',
  glassware: 'GlasswareStock',
} as const satisfies Record<StockKind, TagType>;

const resources: Record<StockKind, string> = {
  chemical: 'chemicalobjs',
  instrument: 'instrumentobjs',
  glassware: 'glasswareobjs',
};

const stockUrl = (kind: StockKind) => `/api/storeobjects/${resources[kind]}/`;

/** One page of a kind's stock list, ordered and searched (docs/api.md §5). */
export interface StockPageArgs {
  kind: StockKind;
  offset: number;
  limit: number;
  /** An API field, `-` first for descending; '' for the default order (id ascending). */
  ordering: string;
  /** Words every record shown must contain; '' for every record. */
  search: string;
}

/** `results[i]` is row `offset + i + 1` of the whole ordered list, which holds `count` records. */
export interface StockPage<Row = StockRecord> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Row[];
}

// Each page is its own cache entry, subscribed while its rows are in (or near) view. A page scrolled away from is
// dropped this many seconds later, so the cache holds what is on screen plus what went by in the last moments,
// whatever the length of the list: scrolling through 70,000 rows never holds all 700 pages. A merged "infinite"
// entry would keep every page it ever loaded and could only grow from one end, while a scrollbar dragged to the
// middle needs the pages there at once.
const UNUSED_PAGE_SECONDS = 5;

/**
 * Where a kind's Store list downloads as a file (docs/api.md §14): public, streamed by the server, so the browser
 * saves it straight from a link without the app holding the file. `list` orders and searches it as the tab does.
 */
export function stockExportUrl(
  kind: StockKind,
  format: 'csv' | 'xlsx' = 'csv',
  list: Partial<Pick<StockPageArgs, 'ordering' | 'search'>> = {},
): string {
  const params = new URLSearchParams({ format });
  if (list.ordering) params.set('ordering', list.ordering);
  if (list.search) params.set('search', list.search);
  return apiUrl(`/api/storeobjects/${resources[kind]}/export/?${params}`);
}

type Build = EndpointBuilder<typeof baseQuery, TagType, 'api'>;

/**
 * The endpoints every kind has; a create adds a row to the lists, an edit or delete touches one record. Each is
 * audited (docs/api.md §6); a quantity that changes writes a ledger entry, and the ledger shows every record as it
 * is now, so an edit reaches the ledger whatever it changed. Each may move the record onto or off a dashboard card.
 */
function stockEndpoints<K extends StockKind, Fields extends { quantity: number | null }>(
  build: Build,
  kind: K,
) {
  const url = stockUrl(kind);
  const tag = stockTags[kind];
  return {
    create: build.mutation<StockRecord<K>, Fields>({
      query: (fields) => ({ url, method: 'POST', body: fields }),
      // Only a record created with stock has a ledger entry (its ADJUSTMENT).
      invalidatesTags: onSuccess((fields) => [
        listTag(tag),
        listTag('Audit'),
        ...(fields.quantity ? [listTag('Ledger')] : []),
        listTag('Dashboard'),
      ]),
    }),
    // The record may move to another page (or leave a search), so every shown page refetches.
    update: build.mutation<StockRecord<K>, Fields & { id: number }>({
      query: ({ id, ...fields }) => ({ url: `${url}${id}/`, method: 'PUT', body: fields }),
      invalidatesTags: onSuccess(({ id }) => [
        idTag(tag, id),
        pagesTag(tag),
        listTag('Audit'),
        listTag('Ledger'),
        recordTag('StockLedger', kind, id),
        listTag('Dashboard'),
      ]),
    }),
    // The rows after it move up one place, so every shown page refetches; its ADJUSTMENT entries go with it.
    remove: build.mutation<void, number>({
      query: (id) => ({ url: `${url}${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id) => [
        idTag(tag, id),
        pagesTag(tag),
        listTag('Audit'),
        listTag('Ledger'),
        listTag('Dashboard'),
      ]),
    }),
  };
}

export const stockApi = apiSlice.injectEndpoints({
  endpoints: (build) => {
    const chemical = stockEndpoints<'chemical', ChemicalFields & Partial<HazardFields>>(build, 'chemical');
    const instrument = stockEndpoints<'instrument', InstrumentFields>(build, 'instrument');
    const glassware = stockEndpoints<'glassware', GlasswareFields>(build, 'glassware');
    return {
      stockPage: build.query<StockPage, StockPageArgs>({
        query: ({ kind, offset, limit, ordering, search }) => ({
          url: stockUrl(kind),
          params: { limit, offset, ordering: ordering || undefined, search: search || undefined },
        }),
        keepUnusedDataFor: UNUSED_PAGE_SECONDS,
        providesTags: (page, _error, { kind }) => [
          ...listTags(stockTags[kind], page?.results),
          pagesTag(stockTags[kind]),
        ],
      }),
      createChemicalStock: chemical.create,
      updateChemicalStock: chemical.update,
      deleteChemicalStock: chemical.remove,
      createInstrumentStock: instrument.create,
      updateInstrumentStock: instrument.update,
      deleteInstrumentStock: instrument.remove,
      createGlasswareStock: glassware.create,
      updateGlasswareStock: glassware.update,
      deleteGlasswareStock: glassware.remove,
    };
  },
});

export const {
  useCreateChemicalStockMutation,
  useUpdateChemicalStockMutation,
  useDeleteChemicalStockMutation,
  useCreateInstrumentStockMutation,
  useUpdateInstrumentStockMutation,
  useDeleteInstrumentStockMutation,
  useCreateGlasswareStockMutation,
  useUpdateGlasswareStockMutation,
  useDeleteGlasswareStockMutation,
} = stockApi;
