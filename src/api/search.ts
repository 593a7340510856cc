import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { apiSlice } from './apiSlice';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { STOCK_KINDS, type StockKind, type StockRecord } from './stockKinds';
import { stockKindOf, stockTags } from './stockObjects';
import { listTags } from './tags';
import type { SearchResult } from '../../server/src/contract/search';

export interface SearchArgs {
  type: StockKind;
  query: string;
}

/** The results with the kind they were searched for, so the page can pick the columns without guessing. */
export type SearchResults = { [K in StockKind]: { type: K; rows: StockRecord<K>[] } }[StockKind];

/** A result of the search across all kinds: the record carries its kind as an object type (SERVER.md §11). */
export type SearchHit = SearchResult & { type: NonNullable<SearchResult['type']> };

export const searchApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // SERVER.md §11: best match first; the server caps the list (10 by default).
    fuzzySearch: build.query<SearchResults, SearchArgs>({
      query: ({ type, query }) => ({ url: '/api/management/fuzzysearch/', params: { type, query } }),
      transformResponse: (rows: StockRecord[], _meta, { type }) => ({ type, rows }) as SearchResults,
      // The kind's list tag refetches after a create; the id tags after an edit or delete of a shown record.
      providesTags: (results, _error, { type }) => listTags(stockTags[type], results?.rows),
    }),
    // Without a type the server searches every kind, so a change to any kind's stock may change the hits.
    fuzzySearchAllKinds: build.query<SearchHit[], string>({
      query: (query) => ({ url: '/api/management/fuzzysearch/', params: { query } }),
      providesTags: (hits) =>
        STOCK_KINDS.flatMap((kind) =>
          listTags(
            stockTags[kind],
            hits?.filter((hit) => stockKindOf(hit.type) === kind),
          ),
        ),
    }),
  }),
});

export const { useFuzzySearchQuery, useFuzzySearchAllKindsQuery } = searchApi;

/** How long typing pauses before the catalogue is searched. */
const TYPING_PAUSE_MS = 300;

/**
 * The catalogue search across every kind as a search box needs it (StockSearchBox's props): the text as typed, and
 * the hits for it once typing pauses. The issue cart's and the request form's boxes are this search.
 */
export function useCatalogueSearch() {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const { currentData, isFetching } = useFuzzySearchAllKindsQuery(query || skipToken);
  return {
    text,
    onTextChange: setText,
    hits: query ? (currentData ?? []) : [],
    searching: isFetching,
    searched: query !== '',
  };
}
