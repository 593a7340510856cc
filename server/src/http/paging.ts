import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { integer } from '../validation/fields';
import { badRequest } from './errors';

// Lists in pages the way Django REST framework's LimitOffsetPagination answers, which the contract's original
// server followed: `?limit=N&offset=M` → `{count, next, previous, results}`. Out-of-range values are refused
// (400 with the field's message) where DRF would quietly clamp them.

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

/** The query parameters of a paged list; without `limit` the list is not paged. */
export const PagingQuery = {
  limit: Type.Optional(
    integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `Page size, 1–${MAX_PAGE_LIMIT}. Given: the answer is a page object instead of the array.`,
    }),
  ),
  offset: Type.Optional(
    integer({ minimum: 0, description: 'Records to skip before the page (with `limit`; default 0).' }),
  ),
};

const link = Type.Union([Type.String({ format: 'uri' }), Type.Null()]);

/** `{count, next, previous, results}` of `item`s. */
export function PageSchema<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      count: Type.Integer({ description: 'Records in the whole list.' }),
      next: link,
      previous: link,
      results: Type.Array(item),
    },
    { description },
  );
}

// A host name or address, with an optional port: what a Host header may hold (RFC 9110 §7.2).
const HOST = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?$/;

/** The request's own absolute URL (DRF's build_absolute_uri), from its Host or, behind a trusted proxy, X-Forwarded-Host. */
function absoluteUrl(request: FastifyRequest): URL {
  if (HOST.test(request.host)) {
    try {
      return new URL(`${request.protocol}://${request.host}${request.url}`);
    } catch {
      // A port past 65535: refused below like any other unusable Host.
    }
  }
  throw badRequest('Invalid Host header.');
}

/**
 * The page answer: `next` and `previous` are the request's URL with `limit` and `offset` set (other parameters
 * kept, keys sorted), null past either end; the first page's link has no `offset` at all.
 */
export function pageOf<T>(
  request: FastifyRequest,
  { limit, offset }: PageRequest,
  { count, results }: { count: number; results: T[] },
): Page<T> {
  const url = absoluteUrl(request);
  const linkTo = (targetOffset: number) => {
    const params = new URLSearchParams(url.search);
    params.set('limit', String(limit));
    if (targetOffset > 0) params.set('offset', String(targetOffset));
    else params.delete('offset');
    params.sort();
    return `${url.origin}${url.pathname}?${params}`;
  };
  return {
    count,
    next: offset + limit < count ? linkTo(offset + limit) : null,
    previous: offset > 0 ? linkTo(offset - limit) : null,
    results,
  };
}
