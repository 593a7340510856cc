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
