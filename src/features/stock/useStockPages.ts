import { shallowEqual } from 'react-redux';
import { useEffect, useMemo } from 'react';
import { stockApi, type StockKind, type StockPageArgs, type StockRecord } from '../../api/stock';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

/** Rows per request: a few screenfuls, so a page is cheap to send and scrolling asks rarely. */
export const PAGE_SIZE = 100;

/** The rows a table shows or is about to show, by place in the whole ordered list. */
export interface RowRange {
  first: number;
  last: number;
}

/**
 * The first page a Store tab asks for when it opens: the server's own order (StockPanel's BY_ID sends no
 * `ordering`), nothing filtered.
 */
export const openingPageArgs = (kind: StockKind): StockPageArgs => ({
  kind,
  ordering: '',
  search: '',
  offset: 0,
  limit: PAGE_SIZE,
});

export interface StockListQuery {
  ordering: string;
  search: string;
  /** '' for every record. */
  hazard?: string;
}

/** The offsets of the pages holding rows `first` to `last`. */
function pageOffsets({ first, last }: RowRange): number[] {
  const offsets: number[] = [];
  for (let page = Math.floor(first / PAGE_SIZE); page <= Math.floor(last / PAGE_SIZE); page += 1)
    offsets.push(page * PAGE_SIZE);
  return offsets;
}

export interface StockPages<Row> {
  /** How many records the whole (searched) list holds, once a page of it has arrived. */
  count: number | undefined;
  /** The row at a place in the whole list, or undefined while its page is on its way. */
  rowAt: (index: number) => Row | undefined;
  isError: boolean;
}

/**
 * The pages of a kind's stock list that hold `range`, loaded and kept while they are needed: each page is
 * subscribed while its rows are in view and let go when they leave it (the cache then drops it, see stock.ts).
 * How many pages a table needs at once changes as it scrolls, which fixed hook calls cannot follow, so the pages
 * are subscribed with `initiate` and read with the endpoint's selectors.
 */
export function useStockPages<K extends StockKind>(
  kind: K,
  { ordering, search, hazard = '' }: StockListQuery,
  range: RowRange,
): StockPages<StockRecord<K>> {
  const dispatch = useAppDispatch();
  const offsets = pageOffsets(range);
  const offsetsKey = offsets.join(',');

  const pageArgs = useMemo(
    () =>
      offsetsKey.split(',').map((offset): StockPageArgs => ({
        kind,
        ordering,
        search,
        // Left out unless set, so the unfiltered pages are the ones openingPageArgs prefetches.
        ...(hazard && { hazard }),
        offset: Number(offset),
        limit: PAGE_SIZE,
      })),
    [kind, ordering, search, hazard, offsetsKey],
  );

  useEffect(() => {
    const subscriptions = pageArgs.map((args) => dispatch(stockApi.endpoints.stockPage.initiate(args)));
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [dispatch, pageArgs]);

  const selectors = useMemo(
    () => pageArgs.map((args) => stockApi.endpoints.stockPage.select(args)),
    [pageArgs],
  );
  const pages = useAppSelector((state) => selectors.map((select) => select(state)), shallowEqual);

  return useMemo(() => {
    const firstPage = pageArgs[0].offset / PAGE_SIZE;
    return {
      count: pages.find((page) => page.data)?.data?.count,
      // The server answers the kind it was asked for.
      rowAt: (index) =>
        pages[Math.floor(index / PAGE_SIZE) - firstPage]?.data?.results[index % PAGE_SIZE] as
          StockRecord<K> | undefined,
      isError: pages.some((page) => page.isError),
    };
  }, [pageArgs, pages]);
}
