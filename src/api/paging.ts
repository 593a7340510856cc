// docs/api.md §5–§7: Django REST framework's LimitOffsetPagination, which the paged lists answer in.

export interface Page<T> {
  /** Every matching row, on all pages. */
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface PageRequest {
  limit: number;
  offset: number;
}

/** Query parameters without the empty ones: the server reads an empty filter as none, so none is sent. */
export function filterParams(params: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}
