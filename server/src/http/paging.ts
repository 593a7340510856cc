import type { FastifyRequest } from 'fastify';
import { DEFAULT_PAGE_LIMIT, type Page, type PageRequest } from '../contract/paging';
import { badRequest } from './errors';

// Lists in pages the way Django REST framework's LimitOffsetPagination answers, which the contract's original
// server followed: `?limit=N&offset=M` → `{count, next, previous, results}`. Out-of-range values are refused
// (400 with the field's message) where DRF would quietly clamp them.

export {
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  PageSchema,
  PagingQuery,
  type Page,
  type PageRequest,
} from '../contract/paging';

/** The page a validated querystring of an always-paged list asks for, with the defaults filled in. */
export function parsePage(query: { limit?: number; offset?: number }): PageRequest {
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, offset: query.offset ?? 0 };
}

// A host name, an IPv4 or a bracketed IPv6 address, with an optional port: the Host values links are built from.
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
