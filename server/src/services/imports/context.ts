import type { Db } from '../../db';
import type { Dialect } from '../../db/dialect';
import type { StockKind } from '../../domain/stockKinds';
import type { RequestSchema } from '../../validation/validate';

// Spreadsheet imports (docs/api.md §13): upload → column mapping → preview of every row → commit in one
// transaction → undo. Rows are checked by the stock POST's own validator, so they fail with its messages.

export interface ImportsContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  /** SHIPMENT_UNDO_DAYS: imports are undone under the shipments' rule. */
  undoDays: number;
  /** Each kind's POST body (§4.3): its properties are the importable fields, and it checks every row. */
  rowSchemas: Record<StockKind, RequestSchema>;
}

/** Bounds the cells a session keeps (and the work of one preview or commit). */
export const MAX_IMPORT_ROWS = 20_000;

/**
 * Sessions a user keeps (uploads not committed, up to 10 MB of cells each, else kept a day): a sixth upload
 * discards the oldest, never refuses. The wizard works on the session it just opened and nothing resumes an
 * older one, so a user starting over with a corrected file is never asked to clean up first.
 */
export const MAX_PENDING_IMPORTS = 5;
