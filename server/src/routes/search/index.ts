import { Type, type TObject } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resource } from '../../http/resource';
import { STOCK_KINDS, type StockKind, type StockObjectType } from '../../domain/stockKinds';
import { OBJECT_TYPES } from '../../domain/stockKindHelpers';
import { STOCK_RECORD_SCHEMAS, type StockRecord } from '../../domain/stockRecords';
import { acceptedEncoding, compressedOnce, sendEncodedJson } from '../../plugins/compression';
import { choiceIgnoringCase, integer, text } from '../../validation/fields';
import { unionOf } from '../../contract/stockKinds';

const tags = ['search'];

const MAX_SEARCH_LIMIT = 50;
const DEFAULT_LIMIT = 10;

const SearchQuery = Type.Object({
  query: Type.Optional(text({ allowBlank: true, description: 'Search text; empty gives []' })),
  type: Type.Optional(choiceIgnoringCase(STOCK_KINDS, 'One kind only; all three when absent')),
  limit: Type.Optional(
    integer({
      minimum: 1,
      description: `At most this many records (default ${DEFAULT_LIMIT}, capped at ${MAX_SEARCH_LIMIT})`,
    }),
  ),
});

/** A §4.1 record; in mixed results (no `type` asked for) it also carries its kind. */
const withKind = (kind: StockKind) =>
  Type.Object({
    ...(STOCK_RECORD_SCHEMAS[kind] as unknown as TObject).properties,
    type: Type.Optional(Type.Literal(OBJECT_TYPES[kind])),
  });

const SearchResults = Type.Array(
  unionOf<StockRecord & { type?: StockObjectType }>(STOCK_KINDS.map(withKind)),
);

/** §11: fuzzy search over the stock records; public. */
export default async function searchRoutes(app: FastifyInstance) {
  resource(app, '/api/management/fuzzysearch/', (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags,
          summary: 'Stock records matching a text, best first (typo-tolerant)',
          querystring: SearchQuery,
          response: { 200: SearchResults },
        },
      },
      async (request, reply) => {
        const { query = '', type, limit = DEFAULT_LIMIT } = request.query;
        const encoding = acceptedEncoding(request);
        // Written by the response schema's serialiser, and compressed, as any answer, but once per query, encoding
        // and index version: a repeated search (a terminal's, the Store's filter typed again) is then a lookup.
        const answer = await app.stockSearch.answer(
          query,
          { type: type && OBJECT_TYPES[type], limit: Math.min(limit, MAX_SEARCH_LIMIT) },
          encoding ?? 'identity',
          (results) =>
            compressedOnce(
              Buffer.from(
                reply.serialize(
                  type
                    ? results.map(({ record }) => record)
                    : results.map(({ type, record }) => ({ ...record, type })),
                ) as string,
              ),
              encoding,
            ),
        );
        return sendEncodedJson(reply, answer);
      },
    ),
  );
}
