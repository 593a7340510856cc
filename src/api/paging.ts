// docs/api.md §5–§7: Django REST framework's LimitOffsetPagination, which the paged lists answer in.

/** A page: `count` is every matching row, on all pages. */
export type { Page, PageRequest } from '../../server/src/contract/paging';

/** Query parameters without the empty ones: the server reads an empty filter as none, so none is sent. */
export function filterParams(params: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}
