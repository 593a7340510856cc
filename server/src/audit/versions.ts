import type { EditConflict } from '../contract/versions';
import type { Executor } from '../db/executor';
import type { StockObjectType } from '../db/tables';
import type { AuditTargetType } from '../domain/auditActions';
import { HttpError, notFound } from '../http/errors';
import { matches, type IfMatch } from '../http/versions';

// The If-Match check of a versioned write (docs/api.md §28). It runs inside the write's transaction, on the row the
// write has locked (lockRowsIfSupported), before anything is written: of two writes based on the same version,
// the second waits for the first's lock, then finds the new version and is refused.

/** A versioned row as the audit log and the stock ledger name it. */
export interface VersionedTarget {
  type: AuditTargetType;
  id: number;
  /** A stock record's object type: its quantity changes are in the ledger. */
  ledgerType?: StockObjectType;
}

/** Audit entries about a target that change nothing a read of it shows. */
const NOT_CHANGES = ['auth.login_failed', 'auth.locked_out', 'user.password_reset'];

/**
 * Who made the newest change to a target, and when: the newest of its audit entries and (for a stock record) its
 * ledger entries, which record who and when for every change; null when neither has any (a row older than both).
 */
export async function lastChange(
  db: Executor,
  target: VersionedTarget,
): Promise<{ by: string; at: string } | null> {
  const audited = await db
    .selectFrom('audit_log')
    .select(['actor_email as by', 'created_at as at'])
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('action', 'not in', NOT_CHANGES)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const moved =
    target.ledgerType === undefined
      ? undefined
      : await db
          .selectFrom('stock_ledger')
          .select(['user_email as by', 'created_at as at'])
          .where('object_type', '=', target.ledgerType)
          .where('object_id', '=', target.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
  const newest = [audited, moved]
    .filter((entry) => entry !== undefined)
    .sort((a, b) => (a.at < b.at ? 1 : -1));
  return newest[0] ?? null;
}

/**
 * Passes when If-Match (undefined: none, nothing is compared) is absent, `*` or names the locked row's `version`;
 * otherwise throws the 412 that says who changed the row and when, with its version and `current`, the row as its GET
 * answers it (every versioned write has read it already, for its audit entry or its answer). The one check of all
 * versioned writes: call it in the write's transaction, right after the row is locked and before anything is written.
 */
export async function checkVersion<T>(
  db: Executor,
  ifMatch: IfMatch | undefined,
  target: VersionedTarget,
  version: number,
  current: T,
): Promise<void> {
  if (matches(ifMatch, version)) return;
  const change = await lastChange(db, target);
  const conflict: Omit<EditConflict<T>, 'detail'> = {
    changed_by: change?.by ?? null,
    changed_at: change?.at ?? null,
    version,
    current,
  };
  throw new HttpError(
    412,
    change ? `Changed by ${change.by} at ${change.at}.` : 'Changed by someone else.',
    conflict,
  );
}

/**
 * The row a versioned write changes, for a row that is its own read (a category, a location): locked by `lock`, 404
 * when it is gone, then checkVersion.
 */
export async function lockVersioned<T extends { id: number; version: number }>(
  db: Executor,
  ifMatch: IfMatch | undefined,
  type: AuditTargetType,
  lock: () => Promise<T | undefined>,
): Promise<T> {
  const row = await lock();
  if (!row) throw notFound();
  await checkVersion(db, ifMatch, { type, id: row.id }, row.version, row);
  return row;
}
