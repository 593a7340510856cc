import { apiSlice } from './apiSlice';
import { stockTags, type StockKind, type StockRecord } from './stock';
import { listTags } from './tags';

export interface SearchArgs {
  type: StockKind;
  query: string;
}

/** The results with the kind they were searched for, so the page can pick the columns without guessing. */
export type SearchResults = { [K in StockKind]: { type: K; rows: StockRecord<K>[] } }[StockKind];

export const searchApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // SERVER.md §11: best match first; the server caps the list (10 by default).
    fuzzySearch: build.query<SearchResults, SearchArgs>({
      query: ({ type, query }) => ({ url: '/api/management/fuzzysearch/', params: { type, query } }),
      transformResponse: (rows: StockRecord[], _meta, { type }) => ({ type, rows }) as SearchResults,
      // The kind's list tag refetches after a create; the id tags after an edit or delete of a shown record.
      providesTags: (results, _error, { type }) => listTags(stockTags[type], results?.rows),
    }),
  }),
});

export const { useFuzzySearchQuery } = searchApi;
