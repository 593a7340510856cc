import { sql, type RawBuilder } from 'kysely';
import type { StockListing, StockOrderingField } from '../../domain/stockListing';
import { CHEMICAL_STATES, type StockKind } from '../../domain/stockKinds';
import type { Dialect } from '../migrations';
import type { Database } from '../tables';
import { findStockRecords, STOCK_TABLES, type StockRecords } from './stock';
import type { Executor } from './users';

// Stock lists searched, ordered and cut into pages, with the same answers on SQLite and PostgreSQL:
// - text is compared lower-cased, through the catalogs' name keys (lower-cased by the app when written) or
//   lower() over ASCII-only values (formulas, states), so neither engine's case folding decides anything;
// - text is ordered byte by byte: SQLite's default, and COLLATE "C" on PostgreSQL, whose database collation
//   may ignore punctuation and spaces;
// - `contains` is instr()/strpos(), not LIKE, so `%` and `_` in a search are plain characters.

/** A catalog table joined to the stock rows (`s`) through their foreign key, under a fixed alias. */
interface Catalog {
  table: keyof Database;
  alias: string;
  foreignKey: string;
}

const CHEMICALS: Catalog = { table: 'chemicals', alias: 'c', foreignKey: 'chemical_id' };
const INSTRUMENTS: Catalog = { table: 'instruments', alias: 'i', foreignKey: 'instrument_id' };
const GLASSWARES: Catalog = { table: 'glasswares', alias: 'g', foreignKey: 'glassware_id' };
const MANUFACTURERS: Catalog = { table: 'manufacturers', alias: 'm', foreignKey: 'manufacturer_id' };
const SUPPLIERS: Catalog = { table: 'suppliers', alias: 'p', foreignKey: 'supplier_id' };

interface SortKey {
  /** Where the value is read; absent: from the stock row. */
  catalog?: Catalog;
  value: RawBuilder<unknown>;
  /** Ordered byte by byte on both engines. */
  text: boolean;
}

const stockNumber = (column: string): SortKey => ({ value: sql.ref(`s.${column}`), text: false });
const stockText = (column: string): SortKey => ({ value: sql.ref(`s.${column}`), text: true });
const catalogNumber = (catalog: Catalog, column: string): SortKey => ({
  catalog,
  value: sql.ref(`${catalog.alias}.${column}`),
  text: false,
});
const catalogText = (catalog: Catalog, column: string): SortKey => ({
  catalog,
  value: sql.ref(`${catalog.alias}.${column}`),
  text: true,
});

const byId = stockNumber('id');

/** Each ordering field's value: names by their lower-cased keys, numbers in their stored units. */
const SORT_KEYS: { [K in StockKind]: Record<StockOrderingField<K>, SortKey> } = {
  chemical: {
    id: byId,
    name: catalogText(CHEMICALS, 'name_key'),
    CAS_RN: catalogText(CHEMICALS, 'cas_rn'),
    molecular_formula: {
      catalog: CHEMICALS,
      value: sql`lower(${sql.ref('c.molecular_formula')})`,
      text: true,
    },
    molecular_weight: catalogNumber(CHEMICALS, 'molecular_weight'),
    purity: stockNumber('purity_hundredths'),
    quantity: stockNumber('quantity'),
    state: stockText('state'),
    manufacturer: catalogText(MANUFACTURERS, 'name_key'),
    supplier: catalogText(SUPPLIERS, 'name_key'),
  },
  instrument: {
    id: byId,
    name: catalogText(INSTRUMENTS, 'name_key'),
    quantity: stockNumber('quantity'),
    manufacturer: catalogText(MANUFACTURERS, 'name_key'),
    supplier: catalogText(SUPPLIERS, 'name_key'),
  },
  glassware: {
    id: byId,
    name: catalogText(GLASSWARES, 'name_key'),
    quantity: stockNumber('quantity'),
    size: stockNumber('size'),
    material_type: stockText('material_type_key'),
    manufacturer: catalogText(MANUFACTURERS, 'name_key'),
    supplier: catalogText(SUPPLIERS, 'name_key'),
  },
};

/**
 * Where a search term is looked for, all of it text the Store shows: lower-cased columns of catalog entries
 * (matched in the small catalog table; its stock rows are those with that foreign key), state codes (matched
 * here) and other text of the stock row. Glassware sizes are searched as their decimal text, as the fuzzy search
 * does (SERVER.md §11).
 */
interface SearchColumns {
  catalogs: { catalog: Catalog; columns: RawBuilder<unknown>[] }[];
  codes?: { column: string; values: readonly string[] };
  stock: RawBuilder<unknown>[];
}

const nameKey = sql.ref('name_key');
const TRADE_NAMES = [
  { catalog: MANUFACTURERS, columns: [nameKey] },
  { catalog: SUPPLIERS, columns: [nameKey] },
];

const SEARCH_COLUMNS: Record<StockKind, SearchColumns> = {
  chemical: {
    catalogs: [
      {
        catalog: CHEMICALS,
        columns: [nameKey, sql.ref('cas_rn'), sql`lower(${sql.ref('molecular_formula')})`],
      },
      ...TRADE_NAMES,
    ],
    codes: { column: 's.state', values: CHEMICAL_STATES },
    stock: [],
  },
  instrument: { catalogs: [{ catalog: INSTRUMENTS, columns: [nameKey] }, ...TRADE_NAMES], stock: [] },
  glassware: {
    catalogs: [{ catalog: GLASSWARES, columns: [nameKey] }, ...TRADE_NAMES],
    stock: [sql.ref('s.material_type_key'), sql`cast(${sql.ref('s.size')} as text)`],
  },
};

function contains(dialect: Dialect, text: RawBuilder<unknown>, term: string): RawBuilder<unknown> {
  return dialect === 'postgres' ? sql`strpos(${text}, ${term}) > 0` : sql`instr(${text}, ${term}) > 0`;
}

/**
 * How the rows matching a search are found. `index`: each searched stock column is looked up through its index,
 * so only matching rows are read (and then sorted); right when they are few. `scan`: one pass over the rows in
 * the list's order, each row checked; right when many match, since the page fills long before the pass ends.
 * SQLite has no statistics to choose between them, so countStockRecords measures; PostgreSQL plans from its own
 * statistics either way.
 */
export type MatchAccess = 'index' | 'scan';

/** Searches matching at most this many records use `index`: sorting them costs about a millisecond. */
const FEW_MATCHES = 5000;

/** A searched stock column, kept out of SQLite's index lookups under `scan` (SQLite's documented unary `+`). */
function stockColumn(dialect: Dialect, access: MatchAccess, column: string): RawBuilder<unknown> {
  return access === 'scan' && dialect === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column);
}

const anyOf = (conditions: RawBuilder<unknown>[]) => sql`(${sql.join(conditions, sql` or `)})`;

/** `where …` keeping the records that contain every term in one of their searched columns; empty without terms. */
function searchCondition(
  dialect: Dialect,
  kind: StockKind,
  terms: readonly string[],
  access: MatchAccess,
): RawBuilder<unknown> {
  if (terms.length === 0) return sql``;
  const { catalogs, codes, stock } = SEARCH_COLUMNS[kind];
  const column = (name: string) => stockColumn(dialect, access, name);
  const termConditions = terms.map((term) => {
    const matchingCodes = codes?.values.filter((code) => code.toLowerCase().includes(term)) ?? [];
    return anyOf([
      ...catalogs.map(
        ({ catalog, columns }) =>
          sql`${column(`s.${catalog.foreignKey}`)} in (select id from ${sql.table(catalog.table)} where ${anyOf(
            columns.map((text) => contains(dialect, text, term)),
          )})`,
      ),
      ...(codes && matchingCodes.length > 0
        ? [sql`${column(codes.column)} in (${sql.join(matchingCodes)})`]
        : []),
      ...stock.map((text) => contains(dialect, text, term)),
    ]);
  });
  return sql`where ${sql.join(termConditions, sql` and `)}`;
}

const stockRows = (kind: StockKind) => sql`${sql.table(STOCK_TABLES[kind])} as s`;

/** `select count(*) from <rows>`. */
async function count(db: Executor, rows: RawBuilder<unknown>): Promise<number> {
  const result = await sql<{ count: number }>`select count(*) as count from ${rows}`.execute(db);
  return Number(result.rows[0].count);
}

/**
 * How many records of the kind contain every term (all records without terms), and how to read them. A first,
 * bounded count through the indexes costs well under a millisecond; only past FEW_MATCHES is the exact count
 * taken by one pass.
 */
export async function countStockRecords(
  db: Executor,
  dialect: Dialect,
  kind: StockKind,
  terms: readonly string[],
): Promise<{ count: number; access: MatchAccess }> {
  if (terms.length === 0) return { count: await count(db, stockRows(kind)), access: 'scan' };
  const matches = (access: MatchAccess) =>
    sql`${stockRows(kind)} ${searchCondition(dialect, kind, terms, access)}`;
  const few = await count(db, sql`(select 1 from ${matches('index')} limit ${FEW_MATCHES + 1}) as few`);
  if (few <= FEW_MATCHES) return { count: few, access: 'index' };
  return { count: await count(db, matches('scan')), access: 'scan' };
}

/**
 * Ids of the listed records in their order: the ordering's fields, then the id, in the direction of the last
 * field (so `-quantity` is exactly the reverse of `quantity`). With `page`, only that slice.
 */
export async function findStockRecordIds<K extends StockKind>(
  db: Executor,
  dialect: Dialect,
  kind: K,
  { terms, ordering }: StockListing<K>,
  { page, access = 'scan' }: { page?: { limit: number; offset: number }; access?: MatchAccess } = {},
): Promise<number[]> {
  const sortKeys: Record<StockOrderingField<K>, SortKey> = SORT_KEYS[kind];
  const keys = ordering.map(({ field, descending }) => ({ key: sortKeys[field], descending }));
  if (!ordering.some(({ field }) => field === 'id')) {
    keys.push({ key: byId, descending: ordering.at(-1)?.descending ?? false });
  }
  const catalogs = new Set(keys.flatMap(({ key }) => (key.catalog ? [key.catalog] : [])));
  const joins = [...catalogs].map(
    ({ table, alias, foreignKey }) =>
      sql`join ${sql.table(table)} as ${sql.id(alias)} on ${sql.ref(`${alias}.id`)} = ${sql.ref(`s.${foreignKey}`)}`,
  );
  const orderBy = keys.map(({ key, descending }) => {
    const value = key.text && dialect === 'postgres' ? sql`${key.value} collate "C"` : key.value;
    return sql`${value} ${sql.raw(descending ? 'desc' : 'asc')}`;
  });
  const slice = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const { rows } = await sql<{ id: number }>`select s.id from ${stockRows(kind)} ${sql.join(joins, sql` `)}
    ${searchCondition(dialect, kind, terms, access)} order by ${sql.join(orderBy)} ${slice}`.execute(db);
  return rows.map((row) => row.id);
}

// Both engines take thousands of parameters in one statement, but not 100,000.
const IDS_PER_READ = 5000;

/** The §4.1 records with these ids, in the order given (ids deleted meanwhile are left out). */
export async function findStockRecordsInOrder<K extends StockKind>(
  db: Executor,
  kind: K,
  ids: readonly number[],
): Promise<StockRecords[K][]> {
  const records = new Map<number, StockRecords[K]>();
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    for (const record of await findStockRecords(db, kind, ids.slice(start, start + IDS_PER_READ))) {
      records.set(record.id, record);
    }
  }
  return ids.flatMap((id) => records.get(id) ?? []);
}

/** Up to `limit` ids of the kind after `afterId`, ascending: one keyset batch of the list in its default order. */
export async function findStockIdsAfter(
  db: Executor,
  kind: StockKind,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(STOCK_TABLES[kind] as 'chemical_stock')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
