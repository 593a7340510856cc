import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  SearchQuery,
  SearchResultsSchema,
} from '../../contract/search';
import { resource } from '../../http/resource';
import { OBJECT_TYPES } from '../../domain/stockKindHelpers';
import { acceptedEncoding, compressedOnce, sendEncodedJson } from '../../plugins/compression';

const tags = ['search'];

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
          response: { 200: SearchResultsSchema },
        },
      },
      async (request, reply) => {
        const { query = '', type, limit = DEFAULT_SEARCH_LIMIT } = request.query;
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
