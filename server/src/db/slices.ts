import { yieldToOtherRequests } from '../http/eventLoop';

// Lists written or read in several statements. A multi-row insert binds every column of every row and an IN list
// every id, and both engines cap the bound parameters of one statement (SQLite 32,766, PostgreSQL 65,535).

/** Rows of one multi-row insert or ids of one IN list: far below both engines' parameter limits. */
export const ROWS_PER_STATEMENT = 500;

/** `items` in consecutive slices of at most `size`; none for no items, so no statement is written for them. */
export function slicesOf<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += size) slices.push(items.slice(start, start + size));
  return slices;
}

/** Works through `size` items at a time, with `yieldTurn` before each slice. */
export interface Slicing {
  size: number;
  /**
   * Lets other requests run: on SQLite every statement runs synchronously, so thousands of rows written back to
   * back would hold the event loop for their whole time.
   */
  yieldTurn: () => Promise<void>;
}

export async function inSlices<T>(
  items: readonly T[],
  work: (slice: T[]) => Promise<void>,
  { size, yieldTurn }: Slicing,
): Promise<void> {
  for (const slice of slicesOf(items, size)) {
    await yieldTurn();
    await work(slice);
  }
}

/**
 * A list read in keyset batches of at most `size` rows: `read(after, size)` answers the rows that follow `after` (from
 * the start without it) in the list's order, and each batch follows the last row of the one before, until a read
 * finds nothing more. Other requests get a turn between batches: better-sqlite3 runs a statement synchronously from
 * start to end, and 70,000 rows read in one held the event loop for most of a second. Each batch costs the same
 * however deep into the list it is, and rows written meanwhile neither shift nor repeat the ones still to come.
 */
export async function* keysetBatches<Row>(
  read: (after: Row | undefined, size: number) => Promise<Row[]>,
  size: number,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    if (after !== undefined) await yieldToOtherRequests();
    const rows = await read(after, size);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1];
  }
}

/** Every row of such batches, in their order. */
export async function everyRow<Row>(batches: AsyncIterable<readonly Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of batches) for (const row of batch) rows.push(row);
  return rows;
}
