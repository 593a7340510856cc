import type { EndpointBuilder } from '@reduxjs/toolkit/query/react';
import { apiSlice } from './apiSlice';
import { apiUrl, type baseQuery } from './baseQuery';
import { idTag, listTag, listTags, onSuccess, type TagType } from './tags';

// SERVER.md §4: stock records, one resource per kind.

export type StockKind = 'chemical' | 'instrument' | 'glassware';

export type ChemicalState = 'SOLID' | 'LIQUID' | 'GAS';

export interface CatalogEntry {
  id: number;
  name: string;
}

export interface ChemicalStock {
  id: number;
  chemical: CatalogEntry & { CAS_RN: string; molecular_formula: string; molecular_weight: number };
  purity: number;
  manufacturer: CatalogEntry;
  supplier: CatalogEntry;
  state: ChemicalState;
  /** In ml. */
  quantity: number;
}

export interface InstrumentStock {
  id: number;
  instrument: CatalogEntry;
  manufacturer: CatalogEntry;
  supplier: CatalogEntry;
  /** In pieces. */
  quantity: number;
}

export interface GlasswareStock {
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
// server reports the field under its own key instead of the client guessing a value.

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
}

export interface InstrumentFields {
  name: string;
  manufacturer: string;
  supplier: string;
  quantity: number | null;
}

export interface GlasswareFields {
  name: string;
  manufacturer: string;
  supplier: string;
  size: number | null;
  material_type: string;
  quantity: number | null;
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

/**
 * Where a kind's Store list downloads as a file (docs/api.md §13): public, streamed by the server, so the browser
 * saves it straight from a link without the app holding the file.
 */
export function stockExportUrl(kind: StockKind, format: 'csv' | 'xlsx' = 'csv'): string {
  return apiUrl(`/api/storeobjects/${resources[kind]}/export/?format=${format}`);
}

type Build = EndpointBuilder<typeof baseQuery, TagType, 'api'>;

/** The four endpoints every kind has; a create adds a row to the list, an edit or delete touches one record. */
function stockEndpoints<K extends StockKind, Fields>(build: Build, kind: K) {
  const url = `/api/storeobjects/${resources[kind]}/`;
  const tag = stockTags[kind];
  return {
    list: build.query<StockRecord<K>[], void>({
      query: () => url,
      providesTags: (rows) => listTags(tag, rows),
    }),
    create: build.mutation<StockRecord<K>, Fields>({
      query: (fields) => ({ url, method: 'POST', body: fields }),
      invalidatesTags: onSuccess(() => [listTag(tag)]),
    }),
    update: build.mutation<StockRecord<K>, Fields & { id: number }>({
      query: ({ id, ...fields }) => ({ url: `${url}${id}/`, method: 'PUT', body: fields }),
      invalidatesTags: onSuccess(({ id }) => [idTag(tag, id)]),
    }),
    remove: build.mutation<void, number>({
      query: (id) => ({ url: `${url}${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id) => [idTag(tag, id)]),
    }),
  };
}

export const stockApi = apiSlice.injectEndpoints({
  endpoints: (build) => {
    const chemical = stockEndpoints<'chemical', ChemicalFields>(build, 'chemical');
    const instrument = stockEndpoints<'instrument', InstrumentFields>(build, 'instrument');
    const glassware = stockEndpoints<'glassware', GlasswareFields>(build, 'glassware');
    return {
      listChemicalStock: chemical.list,
      createChemicalStock: chemical.create,
      updateChemicalStock: chemical.update,
      deleteChemicalStock: chemical.remove,
      listInstrumentStock: instrument.list,
      createInstrumentStock: instrument.create,
      updateInstrumentStock: instrument.update,
      deleteInstrumentStock: instrument.remove,
      listGlasswareStock: glassware.list,
      createGlasswareStock: glassware.create,
      updateGlasswareStock: glassware.update,
      deleteGlasswareStock: glassware.remove,
    };
  },
});

export const {
  useListChemicalStockQuery,
  useCreateChemicalStockMutation,
  useUpdateChemicalStockMutation,
  useDeleteChemicalStockMutation,
  useListInstrumentStockQuery,
  useCreateInstrumentStockMutation,
  useUpdateInstrumentStockMutation,
  useDeleteInstrumentStockMutation,
  useListGlasswareStockQuery,
  useCreateGlasswareStockMutation,
  useUpdateGlasswareStockMutation,
  useDeleteGlasswareStockMutation,
} = stockApi;
