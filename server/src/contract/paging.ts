import { Type, type TSchema } from '@fastify/type-provider-typebox';
import { integer } from '../validation/fields';

// The pages of the paged lists (docs/api.md §5–§7), as Django REST framework's LimitOffsetPagination answers:
// `?limit=N&offset=M` → `{count, next, previous, results}`. The links are built in http/paging.ts.

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

/**
 * The query parameters of a paged list, to spread into its querystring schema. The stock lists are paged only when
 * `limit` is given; lists that are always paged (the audit log) read them through `parsePage`.
 */
export const PagingQuery = {
  limit: Type.Optional(
    integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `Page size, 1–${MAX_PAGE_LIMIT}.`,
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
