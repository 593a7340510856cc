import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../tables';
import type { Executor } from '../executor';

// The audit log: rows are inserted here and read here; nothing updates or deletes them.

export type AuditRow = Selectable<AuditLogTable>;
export type NewAuditRow = Omit<Insertable<AuditLogTable>, 'id'>;

/** Call it in the transaction of the audited change, so both commit or neither does. */
/** Answers the new entry's id. */
export async function insertAuditRow(trx: Executor, row: NewAuditRow): Promise<number> {
  const { id } = await trx.insertInto('audit_log').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Every given condition must hold; absent ones do not filter. Texts are compared as given (callers lower-case). */
export interface AuditRowFilters {
  actions?: readonly string[];
  actorEmailLower?: string;
  targetType?: string;
  targetId?: number;
  /** ISO timestamps: created_at ≥ start and < end. */
  start?: string;
  end?: string;
  /** Lower-cased text that search_text must contain. */
  searchText?: string;
}

/** `%` and `_` are wildcards of LIKE; escaped, the text is matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function matching(filters: AuditRowFilters) {
  return (eb: ExpressionBuilder<Database, 'audit_log'>) => {
    const conditions = [];
    if (filters.actions !== undefined) conditions.push(eb('action', 'in', [...filters.actions]));
    if (filters.actorEmailLower !== undefined)
      conditions.push(eb('actor_email_lower', '=', filters.actorEmailLower));
    if (filters.targetType !== undefined) conditions.push(eb('target_type', '=', filters.targetType));
    if (filters.targetId !== undefined) conditions.push(eb('target_id', '=', filters.targetId));
    if (filters.start !== undefined) conditions.push(eb('created_at', '>=', filters.start));
    if (filters.end !== undefined) conditions.push(eb('created_at', '<', filters.end));
    if (filters.searchText !== undefined) {
      // Both sides are lower-cased by the app, so SQLite's ASCII-only case folding and PostgreSQL's case-sensitive
      // LIKE give the same answer.
      conditions.push(sql<boolean>`search_text like ${containsPattern(filters.searchText)} escape '\\'`);
    }
    return eb.and(conditions);
  };
}

export async function countAuditRows(db: Executor, filters: AuditRowFilters): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll().as('count'))
    .where(matching(filters))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the matching rows, newest first (by created_at, then id). */
export async function findAuditRows(
  db: Executor,
  filters: AuditRowFilters,
  { limit, offset }: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where(matching(filters))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function findAuditRow(db: Executor, id: number): Promise<AuditRow | undefined> {
  return db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
}
