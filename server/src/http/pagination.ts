import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { integer } from '../validation/fields';

/**
 * Paged lists in the shape of DRF's LimitOffsetPagination, which clients of the original API know:
 * `?limit=&offset=` → `{count, next, previous, results}`, with next and previous as absolute URLs (or null).
 * Out-of-range values are refused (400 with the field's message) where DRF would quietly clamp them.
 * Hand-written: no Fastify library produces this shape, and it is a few lines of arithmetic.
 */

/** The page size of a list that is always paged, when the client names none (DRF's PAGE_SIZE). */
export const DEFAULT_PAGE_LIMIT = 50;
/** The largest page a client may ask for (DRF's `max_limit`). */
export const MAX_PAGE_LIMIT = 1000;

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The paging fields of a list's querystring schema: spread them into its `Type.Object({...})`. */
export const PagingQuery = {
  limit: Type.Optional(
    integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `Entries per page, 1–${MAX_PAGE_LIMIT} (default ${DEFAULT_PAGE_LIMIT})`,
    }),
  ),
  offset: Type.Optional(integer({ minimum: 0, description: 'Entries to skip before the page (default 0)' })),
};

/** The page a validated querystring asks for (see PagingQuery), with the defaults filled in. */
export function parsePage(query: { limit?: number; offset?: number }): PageRequest {
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, offset: query.offset ?? 0 };
}

const link = (description: string) =>
  Type.Union([Type.String({ format: 'uri' }), Type.Null()], { description });

/** `{count, next, previous, results}` of `item`s. */
export function PageSchema<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      count: Type.Integer({ description: 'Entries matching the filters, on all pages' }),
      next: link('Absolute URL of the next page, or null on the last'),
      previous: link('Absolute URL of the previous page, or null on the first'),
      results: Type.Array(item),
    },
    { description },
  );
}

/**
 * The request's own absolute URL with `limit` and `offset` replaced (and `offset` dropped when it is 0, as DRF
 * does), other parameters kept, keys sorted as DRF's replace_query_param writes them. Built as text: a Host header
 * that is no valid URL authority must not fail the list.
 */
function pageUrl(request: FastifyRequest, limit: number, offset: number): string {
  const [path, query = ''] = request.url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('limit', String(limit));
  if (offset > 0) params.set('offset', String(offset));
  else params.delete('offset');
  params.sort();
  return `${request.protocol}://${request.host}${path}?${params.toString()}`;
}

/** The page answer for `results`, one page of the `count` matching entries. */
export function pageOf<T>(
  request: FastifyRequest,
  { limit, offset }: PageRequest,
  { count, results }: { count: number; results: T[] },
): Page<T> {
  return {
    count,
    next: offset + limit < count ? pageUrl(request, limit, offset + limit) : null,
    previous: offset > 0 ? pageUrl(request, limit, Math.max(0, offset - limit)) : null,
    results,
  };
}
