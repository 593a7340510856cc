import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ledgerItemFields, type LedgerKind } from '../../domain/ledger';
import { specOf, STOCK_KINDS, type StockField, type StockKind } from '../../domain/stockKinds';
import { OBJECT_TYPES } from '../../domain/stockKindHelpers';
import type { Dialect } from '../dialect';
import type { StockObjectType } from '../tables';
import { keyColumn } from './stockIdentity';
import type { LedgerEntryRow } from './stockLedger';
import type { Executor } from '../executor';

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
  /** Lower-cased terms; every one must occur in the entry's stock record (see searchedFields). */
  terms: readonly string[];
}

/** The fields a search looks in: those the ledger tells a record by. */
const searchedFields = (kind: StockKind): StockField[] => Object.values(ledgerItemFields(kind)).flat();

/** Where a kind's records are read for a search: its stock table `s` joined to its catalog `c` and trade entries. */
function searchedRows(kind: StockKind): RawBuilder<unknown> {
  const { stockTable, catalog } = specOf(kind);
  const joins = searchedFields(kind).flatMap((field) =>
    field.home.on === 'trade'
      ? [
          sql`join ${sql.table(field.home.table)} ${sql.id(field.name)} on ${sql.ref(`${field.name}.id`)} = ${sql.ref(`s.${keyColumn(kind, field)}`)}`,
        ]
      : [],
  );
  return sql`${sql.table(stockTable)} s join ${sql.table(catalog.table)} c on c.id = ${sql.ref(`s.${catalog.foreignKey}`)} ${sql.join(joins, sql` `)}`;
}

/**
 * A searched field as lower-case text: names and keyed texts by their key, a substance's column (ASCII) as it is,
 * choices (ASCII codes) lower-cased, whole numbers as written; none for a scaled number (matched as a number).
 */
function searchedText(field: StockField): RawBuilder<unknown> | undefined {
  const { home } = field;
  if (home.on === 'catalog') return sql`c.name_key`;
  if (home.on === 'trade') return sql.ref(`${field.name}.name_key`);
  if (home.on === 'substance') return sql.ref(`c.${home.column}`);
  if (home.on !== 'record' || home.scale !== undefined) return undefined;
  if (home.key !== undefined) return sql.ref(`s.${home.key}`);
  if (field.input.type === 'number') return sql`cast(${sql.ref(`s.${home.column}`)} as text)`;
  if (field.input.type === 'choice') return sql`lower(${sql.ref(`s.${home.column}`)})`;
  throw new Error(`${field.name} is searched as text, which needs a key column`);
}

/** A percentage as a search term (`99.5`, `99.50`, `99.5%`) → hundredths of a percent; other terms → undefined. */
function hundredths(term: string): number | undefined {
  const match = /^(\d{1,3}(?:\.\d{1,2})?)%?$/.exec(term);
  return match ? Math.round(Number(match[1]) * 100) : undefined;
}

function contains(dialect: Dialect, text: RawBuilder<unknown>, term: string): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`strpos(${text}, ${term}) > 0` : sql`instr(${text}, ${term}) > 0`;
}

/** The ids of a kind's records holding every term in one of their searched fields (a percentage as its number). */
function matchingRecords(dialect: Dialect, kind: StockKind, terms: readonly string[]): RawBuilder<unknown> {
  const fields = searchedFields(kind);
  const texts = fields.flatMap((field) => searchedText(field) ?? []);
  const inHundredths = fields.filter(
    (field) => field.home.on === 'record' && field.home.scale === 'hundredths',
  );
  const conditions = terms.map((term) => {
    const number = hundredths(term);
    const matches = [
      ...texts.map((text) => contains(dialect, text, term)),
      ...(number === undefined
        ? []
        : inHundredths.map((field) => sql`${sql.ref(`s.${keyColumn(kind, field)}`)} = ${number}`)),
    ];
    return sql`(${sql.join(matches, sql` or `)})`;
  });
  return sql`select s.id from ${searchedRows(kind)} where ${sql.join(conditions, sql` and `)}`;
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
