/**
 * Lets the event loop answer other requests before the caller goes on: a long piece of synchronous work (parsing
 * a large upload, checking thousands of rows, SQLite statements, which better-sqlite3 runs synchronously) is cut
 * into slices with one of these between them, so no other request waits for more than one slice.
 */
export const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A yield for a loop of many short steps that holds something others wait for (an import commit holds SQLite's
 * writer): it lets other requests run only once the steps since its last turn took `budgetMs`. Yielding every few
 * steps instead would have the job wait, thousands of times over, for whatever requests arrived meanwhile, and so
 * hold what it holds all the longer.
 */
export function yieldEvery(budgetMs: number): () => Promise<void> {
  let sliceStarted = performance.now();
  return async () => {
    if (performance.now() - sliceStarted < budgetMs) return;
    await yieldToOtherRequests();
    sliceStarted = performance.now();
  };
}
