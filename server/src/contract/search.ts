import { type Static, type TObject, Type } from '@fastify/type-provider-typebox';
import { OBJECT_TYPES } from '../domain/stockKindHelpers';
import { STOCK_KINDS, type StockKind, type StockObjectType } from '../domain/stockKinds';
import { STOCK_RECORD_SCHEMAS, type StockRecord } from '../domain/stockRecords';
import { choiceIgnoringCase, integer, text } from '../validation/fields';
import { unionOf } from './stockKinds';

// SERVER.md §11: the fuzzy search's query and results, as the route accepts and answers them.

export const MAX_SEARCH_LIMIT = 50;
export const DEFAULT_SEARCH_LIMIT = 10;

export const SearchQuery = Type.Object({
  query: Type.Optional(text({ allowBlank: true, description: 'Search text; empty gives []' })),
  type: Type.Optional(choiceIgnoringCase(STOCK_KINDS, 'One kind only; all three when absent')),
  limit: Type.Optional(
    integer({
      minimum: 1,
      description: `At most this many records (default ${DEFAULT_SEARCH_LIMIT}, capped at ${MAX_SEARCH_LIMIT})`,
    }),
  ),
});
export type SearchParams = Static<typeof SearchQuery>;

/** A §4.1 record; in mixed results (no `type` asked for) it also carries its kind. */
const withKind = (kind: StockKind) =>
  Type.Object({
    ...(STOCK_RECORD_SCHEMAS[kind] as unknown as TObject).properties,
    type: Type.Optional(Type.Literal(OBJECT_TYPES[kind])),
  });

/** A result: the record, with its object type when every kind was searched. */
export type SearchResult = StockRecord & { type?: StockObjectType };

export const SearchResultsSchema = Type.Array(unionOf<SearchResult>(STOCK_KINDS.map(withKind)));
