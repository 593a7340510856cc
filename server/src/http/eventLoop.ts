/**
 * Lets the event loop answer other requests before the caller goes on: a long piece of synchronous work (parsing
 * a large upload, checking thousands of rows, SQLite statements, which better-sqlite3 runs synchronously) is cut
 * into slices with one of these between them, so no other request waits for more than one slice.
 */
export const yieldToOtherRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
