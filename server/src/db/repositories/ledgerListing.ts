import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { LedgerKind } from '../../domain/ledger';
import { OBJECT_TYPES, STOCK_KINDS, type StockKind } from '../../domain/stockKinds';
import type { Dialect } from '../migrations';
import type { StockObjectType } from '../tables';
import type { LedgerEntryRow } from './stockLedger';
import type { Executor } from './users';

// The global stock ledger (docs/api.md): every entry across all stock records, newest first, filtered, in pages or
// in batches for an export. The same answers on SQLite and PostgreSQL: text is matched through the catalogs' name
// keys (lower-cased by the app when written) or ASCII-only values, with instr()/strpos() rather than LIKE, so
// neither engine's case folding decides anything and `%` and `_` are plain characters.

/** Which entries a list holds. Absent fields and empty lists do not filter. */
export interface LedgerFilter {
  objectType?: StockObjectType;
  objectId?: number;
  kinds: readonly LedgerKind[];
  /** Lower-cased; matched against the lower-cased e-mail of the entry's author. */
  userEmail?: string;
  /** ISO timestamps: entries with start ≤ created_at < end. */
  start?: string;
  end?: string;
  /** Lower-cased terms; every one must occur in the entry's stock record (see SEARCHED). */
  terms: readonly string[];
}

/** Where a kind's records are read for a search: its stock table joined to its catalog, manufacturer and supplier. */
const SEARCHED: Record<StockKind, { from: RawBuilder<unknown>; text: RawBuilder<unknown>[] }> = {
  chemical: {
    from: sql`chemical_stock s join chemicals c on c.id = s.chemical_id
      join manufacturers m on m.id = s.manufacturer_id join suppliers p on p.id = s.supplier_id`,
    text: [sql`c.name_key`, sql`c.cas_rn`, sql`lower(s.state)`, sql`m.name_key`, sql`p.name_key`],
  },
  instrument: {
    from: sql`instrument_stock s join instruments i on i.id = s.instrument_id
      join manufacturers m on m.id = s.manufacturer_id join suppliers p on p.id = s.supplier_id`,
    text: [sql`i.name_key`, sql`m.name_key`, sql`p.name_key`],
  },
  glassware: {
    from: sql`glassware_stock s join glasswares g on g.id = s.glassware_id
      join manufacturers m on m.id = s.manufacturer_id join suppliers p on p.id = s.supplier_id`,
    text: [
      sql`g.name_key`,
      sql`s.material_type_key`,
      sql`cast(s.size as text)`,
      sql`m.name_key`,
      sql`p.name_key`,
    ],
  },
};

/** A purity as a search term (`99.5`, `99.50`, `99.5%`) → hundredths of a percent; other terms → undefined. */
function purityHundredths(term: string): number | undefined {
  const match = /^(\d{1,3}(?:\.\d{1,2})?)%?$/.exec(term);
  return match ? Math.round(Number(match[1]) * 100) : undefined;
}

function contains(dialect: Dialect, text: RawBuilder<unknown>, term: string): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`strpos(${text}, ${term}) > 0` : sql`instr(${text}, ${term}) > 0`;
}

/** The ids of a kind's records holding every term in one of their searched fields (a chemical also by purity). */
function matchingRecords(dialect: Dialect, kind: StockKind, terms: readonly string[]): RawBuilder<unknown> {
  const { from, text } = SEARCHED[kind];
  const conditions = terms.map((term) => {
    const purity = kind === 'chemical' ? purityHundredths(term) : undefined;
    const fields = [
      ...text.map((column) => contains(dialect, column, term)),
      ...(purity === undefined ? [] : [sql`s.purity_hundredths = ${purity}`]),
    ];
    return sql`(${sql.join(fields, sql` or `)})`;
  });
  return sql`select s.id from ${from} where ${sql.join(conditions, sql` and `)}`;
}

function searchCondition(dialect: Dialect, filter: LedgerFilter): RawBuilder<SqlBool> {
  const kinds = STOCK_KINDS.filter(
    (kind) => filter.objectType === undefined || OBJECT_TYPES[kind] === filter.objectType,
  );
  const perKind = kinds.map(
    (kind) =>
      sql`(l.object_type = ${OBJECT_TYPES[kind]} and l.object_id in (${matchingRecords(dialect, kind, filter.terms)}))`,
  );
  return sql<SqlBool>`(${sql.join(perKind, sql` or `)})`;
}

function filtered(db: Executor, dialect: Dialect, filter: LedgerFilter) {
  let query = db.selectFrom('stock_ledger as l');
  if (filter.objectType !== undefined) query = query.where('l.object_type', '=', filter.objectType);
  if (filter.objectId !== undefined) query = query.where('l.object_id', '=', filter.objectId);
  if (filter.kinds.length > 0) query = query.where('l.kind', 'in', filter.kinds);
  // E-mail addresses are ASCII (the account validation), which lower() folds alike on both engines.
  if (filter.userEmail !== undefined) {
    query = query.where(sql<string>`lower(l.user_email)`, '=', filter.userEmail);
  }
  if (filter.start !== undefined) query = query.where('l.created_at', '>=', filter.start);
  if (filter.end !== undefined) query = query.where('l.created_at', '<', filter.end);
  if (filter.terms.length > 0) query = query.where(searchCondition(dialect, filter));
  return query;
}

const toRow = (row: LedgerEntryRow): LedgerEntryRow => ({
  ...row,
  change: Number(row.change),
  balance: Number(row.balance),
});

export async function countLedgerEntries(
  db: Executor,
  dialect: Dialect,
  filter: LedgerFilter,
): Promise<number> {
  const row = await filtered(db, dialect, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the filtered entries, newest first (created_at, then id, descending). */
export async function findLedgerPage(
  db: Executor,
  dialect: Dialect,
  filter: LedgerFilter,
  page: { limit: number; offset: number },
): Promise<LedgerEntryRow[]> {
  const rows = await filtered(db, dialect, filter)
    .selectAll('l')
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toRow);
}

/** Where a batch ends: the position of its last (oldest) entry. */
export type LedgerCursor = Pick<LedgerEntryRow, 'created_at' | 'id'>;

/**
 * The next `size` filtered entries after `cursor` in the newest-first order (from the start without one). Keyset
 * paging: each batch costs the same however deep into the ledger it is, and entries written meanwhile (always newer
 * than the export's start) neither shift nor repeat the ones still to come.
 */
export async function findLedgerBatch(
  db: Executor,
  dialect: Dialect,
  filter: LedgerFilter,
  cursor: LedgerCursor | undefined,
  size: number,
): Promise<LedgerEntryRow[]> {
  let query = filtered(db, dialect, filter);
  if (cursor !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('l.created_at', '<', cursor.created_at),
        eb.and([eb('l.created_at', '=', cursor.created_at), eb('l.id', '<', cursor.id)]),
      ]),
    );
  }
  const rows = await query
    .selectAll('l')
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(size)
    .execute();
  return rows.map(toRow);
}
