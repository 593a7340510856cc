import type { StockKind, StockPageArgs } from '../api/stock';

/** The Store's request for a page of a kind's stock: the first 100 in the default order unless told otherwise. */
export function stockPageArgs(
  kind: StockKind,
  page: Partial<Omit<StockPageArgs, 'kind'>> = {},
): StockPageArgs {
  return { kind, offset: 0, limit: 100, ordering: '', search: '', ...page };
}
