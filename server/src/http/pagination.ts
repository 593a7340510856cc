import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { integer } from '../validation/fields';

/**
 * Paged lists in the shape of DRF's LimitOffsetPagination, which clients of the original API know:
 * `?limit=&offset=` → `{count, next, previous, results}`, with next and previous as absolute URLs (or null).
 * Hand-written: no Fastify library produces this shape, and it is four lines of arithmetic.
 */

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 500;

/** The paging fields of a list's querystring schema: spread them into its `Type.Object({...})`. */
export const pageQueryFields = {
  limit: Type.Optional(
    integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `Entries per page (default ${DEFAULT_PAGE_LIMIT}, at most ${MAX_PAGE_LIMIT})`,
    }),
  ),
  offset: Type.Optional(integer({ minimum: 0, description: 'Entries to skip (default 0)' })),
};

export interface Page {
  limit: number;
  offset: number;
}

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The page a validated querystring asks for (see pageQueryFields), with the defaults filled in. */
export function parsePage(query: { limit?: number; offset?: number }): Page {
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, offset: query.offset ?? 0 };
}

/** The response schema of a paged list of `item`. */
export function pageSchema<T extends TSchema>(item: T) {
  const link = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
  return Type.Object({
    count: Type.Integer({ description: 'Entries matching the filters, on all pages' }),
    next: link('Absolute URL of the next page, or null on the last'),
    previous: link('Absolute URL of the previous page, or null on the first'),
    results: Type.Array(item),
  });
}

/**
 * The request's own absolute URL with `limit` and `offset` replaced (and `offset` dropped when it is 0, as DRF
 * does), other parameters kept. Built as text: a Host header that is no valid URL authority must not fail the list.
 */
function pageUrl(request: FastifyRequest, limit: number, offset: number): string {
  const [path, query = ''] = request.url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('limit', String(limit));
  if (offset > 0) params.set('offset', String(offset));
  else params.delete('offset');
  return `${request.protocol}://${request.host}${path}?${params.toString()}`;
}

/** The paged answer for `results`, one page of `count` matching entries. */
export function pageOf<T>(
  request: FastifyRequest,
  { limit, offset }: Page,
  count: number,
  results: T[],
): Paginated<T> {
  return {
    count,
    next: offset + limit < count ? pageUrl(request, limit, offset + limit) : null,
    previous: offset > 0 ? pageUrl(request, limit, Math.max(0, offset - limit)) : null,
    results,
  };
}
