import { sql, type RawBuilder } from 'kysely';
import { carriesHazardCode } from '../../domain/chemistry/hazardGroups';
import type { StockListing, StockOrderingField } from '../../domain/stockListing';
import { specOf, STOCK_KINDS, type StockField, type StockKind } from '../../domain/stockKinds';
import { byKind } from '../../domain/stockKindHelpers';
import type { Dialect } from '../dialect';
import { slicesOf } from '../slices';
import type { Database } from '../tables';
import { findStockRecords, STOCK_TABLES, type StockRecords } from './stock';
import type { Executor } from '../executor';

// Stock lists searched, ordered and cut into pages, with the same answers on SQLite and PostgreSQL:
// - text is compared lower-cased, through the catalogs' name keys (lower-cased by the app when written) or
//   lower() over ASCII-only values (formulas, states), so neither engine's case folding decides anything;
// - text is ordered byte by byte: SQLite's default, and COLLATE "C" on PostgreSQL, whose database collation
//   may ignore punctuation and spaces;
// - `contains` is instr()/strpos(), not LIKE, so `%` and `_` in a search are plain characters.

/** A catalog table joined to the stock rows (`s`) through their foreign key, under its own name. */
interface Catalog {
  table: keyof Database;
  foreignKey: string;
}

/** Where a field's value is read and how it is compared: from a catalog entry, or (absent) from the stock row. */
interface FieldValue {
  catalog?: Catalog;
  value: RawBuilder<unknown>;
  /** Compared as text: ordered byte by byte on both engines. */
  text: boolean;
}

/**
 * A text as compared: a name through its lower-cased key column, other text lower-cased by lower(), its values
 * being ASCII (formulas); a CAS number, digits and dashes only, as stored.
 */
function comparedText(field: StockField, ref: string, key: string | undefined): RawBuilder<unknown> {
  if (key !== undefined) return sql.ref(key);
  if (field.input.type === 'text' && field.input.format === 'cas-number') return sql.ref(ref);
  return sql`lower(${sql.ref(ref)})`;
}

/** A field's value for ordering and search (none for hazard data): names by their keys, numbers as stored. */
function fieldValue(kind: StockKind, field: StockField): FieldValue | undefined {
  const { home } = field;
  const { table, foreignKey } = specOf(kind).catalog;
  const catalog: Catalog = { table, foreignKey };
  const onCatalog = (entries: Catalog, column: string, key?: string): FieldValue => {
    const number = field.input.type === 'number';
    const ref = `${entries.table}.${column}`;
    return {
      catalog: entries,
      value: number ? sql.ref(ref) : comparedText(field, ref, key && `${entries.table}.${key}`),
      text: !number,
    };
  };
  switch (home.on) {
    case 'catalog':
      return onCatalog(catalog, 'name', 'name_key');
    case 'substance':
      return onCatalog(catalog, home.column);
    case 'trade':
      return onCatalog({ table: home.table, foreignKey: home.foreignKey }, 'name', 'name_key');
    case 'record': {
      const ref = `s.${home.column}`;
      if (field.input.type === 'number') return { value: sql.ref(ref), text: false };
      // Choices and dates are stored as their codes and ISO days: compared as stored.
      if (field.input.type !== 'text') return { value: sql.ref(ref), text: true };
      return { value: comparedText(field, ref, home.key && `s.${home.key}`), text: true };
    }
    case 'quantity':
      return { value: sql.ref('s.quantity'), text: false };
    case 'hazards':
      return undefined;
  }
}

const byId: FieldValue = { value: sql.ref('s.id'), text: false };

/** Each ordering field's value (SPEC "Store stock tabs": the Store's sortable columns, and the id). */
const SORT_KEYS = Object.fromEntries(
  STOCK_KINDS.map((kind) => [
    kind,
    Object.fromEntries([
      ['id', byId],
      ...specOf(kind)
        .fields.filter((field) => field.sortable)
        .map((field) => [field.name, fieldValue(kind, field)]),
    ]),
  ]),
) as { [K in StockKind]: Record<StockOrderingField<K>, FieldValue> };

/**
 * Where a search term is looked for, all of it text the Store shows (the fields it filters by): lower-cased
 * columns of catalog entries (matched in the small catalog table; its stock rows are those with that foreign
 * key), choice codes (matched here) and other text of the stock row. Numbers of the stock row are searched as
 * their decimal text, as the fuzzy search does (SERVER.md §11).
 */
interface SearchColumns {
  catalogs: { catalog: Catalog; columns: RawBuilder<unknown>[] }[];
  codes: { column: string; values: readonly string[] }[];
  stock: RawBuilder<unknown>[];
}

function searchColumns(kind: StockKind): SearchColumns {
  const columns: SearchColumns = { catalogs: [], codes: [], stock: [] };
  for (const field of specOf(kind).fields.filter((each) => each.filtered)) {
    const { home, input } = field;
    if (home.on === 'record' && input.type === 'choice') {
      columns.codes.push({ column: `s.${home.column}`, values: input.choices });
      continue;
    }
    // Catalog columns are named with their table, which the catalog's own subquery reads too.
    const { catalog, value, text } = fieldValue(kind, field) as FieldValue;
    if (catalog === undefined) {
      columns.stock.push(text ? value : sql`cast(${value} as text)`);
      continue;
    }
    const group = columns.catalogs.find((each) => each.catalog.table === catalog.table);
    if (group) group.columns.push(value);
    else columns.catalogs.push({ catalog, columns: [value] });
  }
  return columns;
}

const SEARCH_COLUMNS = byKind(searchColumns);
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

/** The conditions keeping the records that contain every term in one of their searched columns; none without terms. */
function searchCondition(
  dialect: Dialect,
  kind: StockKind,
  terms: readonly string[],
  access: MatchAccess,
): RawBuilder<unknown>[] {
  const { catalogs, codes, stock } = SEARCH_COLUMNS[kind];
  const column = (name: string) => stockColumn(dialect, access, name);
  const termConditions = terms.map((term) =>
    anyOf([
      ...catalogs.map(
        ({ catalog, columns }) =>
          sql`${column(`s.${catalog.foreignKey}`)} in (select id from ${sql.table(catalog.table)} where ${anyOf(
            columns.map((text) => contains(dialect, text, term)),
          )})`,
      ),
      ...codes.flatMap(({ column: codeColumn, values }) => {
        const matching = values.filter((code) => code.toLowerCase().includes(term));
        return matching.length > 0 ? [sql`${column(codeColumn)} in (${sql.join(matching)})`] : [];
      }),
      ...stock.map((text) => contains(dialect, text, term)),
    ]),
  );
  return termConditions;
}

/**
 * Distinct stored code lists a hazard filter names one by one: far more than a store's substances have (a few
 * hundred combinations of codes), far fewer than the parameters either engine takes in one statement.
 */
const MAX_LISTED_CODE_LISTS = 2000;

/**
 * A condition on the stock rows (`s`) keeping the chemicals whose substance carries one of `codes`. The one place
 * that names where a chemical's hazard codes are kept (`chemicals.hazard_statements`, the substance's entry, comma-
 * separated in code order; issue 33 item 5). Checking every row's text for each code of a group (21 for flammable)
 * held SQLite's event loop 130–600 ms over 100,000 records; instead the distinct stored lists (a few hundred, read in
 * a few milliseconds) are matched here and the substances compared with them, which costs about what a count does.
 */
export async function hazardCodeCondition(
  db: Executor,
  dialect: Dialect,
  codes: readonly string[],
  maxListed = MAX_LISTED_CODE_LISTS,
): Promise<RawBuilder<unknown>> {
  const stored = await db.selectFrom('chemicals').select('hazard_statements').distinct().execute();
  const matching = stored
    .map((row) => row.hazard_statements)
    .filter((list) => list !== '' && carriesHazardCode(list.split(','), codes));
  if (matching.length === 0) return sql`1 = 0`;
  const column = sql.ref('c.hazard_statements');
  const substances = (condition: RawBuilder<unknown>) =>
    sql`s.chemical_id in (select c.id from chemicals as c where ${condition})`;
  if (matching.length <= maxListed) return substances(sql`${column} in (${sql.join(matching)})`);
  // Only a store with thousands of combinations gets here: each substance's list checked for each code.
  const list = sql`(',' || ${column} || ',')`;
  return substances(anyOf(codes.map((code) => contains(dialect, list, `,${code},`))));
}

/**
 * The conditions keeping the records a listing holds: those containing every term in one of their searched columns
 * and, for a hazard filter, carrying one of its codes; none when it keeps them all.
 */
async function listingConditions(
  db: Executor,
  dialect: Dialect,
  kind: StockKind,
  { terms, hazardCodes }: Pick<StockListing<StockKind>, 'terms' | 'hazardCodes'>,
  access: MatchAccess,
): Promise<RawBuilder<unknown>[]> {
  const conditions = searchCondition(dialect, kind, terms, access);
  if (hazardCodes !== undefined && specOf(kind).hazards)
    conditions.push(await hazardCodeCondition(db, dialect, hazardCodes));
  return conditions;
}

/** `where` all the conditions; nothing without any. */
const whereAll = (conditions: RawBuilder<unknown>[]) =>
  conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;

const stockRows = (kind: StockKind) => sql`${sql.table(STOCK_TABLES[kind])} as s`;

/** `select count(*) from <rows>`. */
async function count(db: Executor, rows: RawBuilder<unknown>): Promise<number> {
  const result = await sql<{ count: number }>`select count(*) as count from ${rows}`.execute(db);
  return Number(result.rows[0].count);
}

/**
 * How many records of the kind the listing holds (all records without terms or filter), and how to read them. A
 * first, bounded count through the indexes costs well under a millisecond; only past FEW_MATCHES is the exact count
 * taken by one pass.
 */
export async function countStockRecords(
  db: Executor,
  dialect: Dialect,
  kind: StockKind,
  listing: Pick<StockListing<StockKind>, 'terms' | 'hazardCodes'>,
): Promise<{ count: number; access: MatchAccess }> {
  const matches = async (access: MatchAccess) =>
    sql`${stockRows(kind)} ${whereAll(await listingConditions(db, dialect, kind, listing, access))}`;
  if (listing.terms.length === 0) return { count: await count(db, await matches('scan')), access: 'scan' };
  const few = await count(db, sql`(select 1 from ${await matches('index')} limit ${FEW_MATCHES + 1}) as few`);
  if (few <= FEW_MATCHES) return { count: few, access: 'index' };
  return { count: await count(db, await matches('scan')), access: 'scan' };
}

/** A value the list is ordered by, as ordered (`collate "C"` for text on PostgreSQL), and its direction. */
interface OrderKey {
  value: RawBuilder<unknown>;
  ordered: RawBuilder<unknown>;
  descending: boolean;
}

/**
 * How a listing's rows are joined and ordered: the ordering's fields, then the id, in the direction of the last
 * field (so `-quantity` is exactly the reverse of `quantity`).
 */
function listOrder<K extends StockKind>(
  dialect: Dialect,
  kind: K,
  ordering: StockListing<K>['ordering'],
): { joins: RawBuilder<unknown>[]; keys: OrderKey[] } {
  const sortKeys: Record<StockOrderingField<K>, FieldValue> = SORT_KEYS[kind];
  const fields = ordering.map(({ field, descending }) => ({ key: sortKeys[field], descending }));
  if (!ordering.some(({ field }) => field === 'id')) {
    fields.push({ key: byId, descending: ordering.at(-1)?.descending ?? false });
  }
  // Each catalog joined once, however many of its columns the ordering names.
  const catalogs = new Map(
    fields.flatMap(({ key }) => (key.catalog ? [[key.catalog.table, key.catalog]] : [])),
  );
  const joins = [...catalogs.values()].map(
    ({ table, foreignKey }) =>
      sql`join ${sql.table(table)} on ${sql.ref(`${table}.id`)} = ${sql.ref(`s.${foreignKey}`)}`,
  );
  const keys = fields.map(({ key, descending }) => ({
    value: key.value,
    ordered: key.text && dialect === 'postgres' ? sql`${key.value} collate "C"` : key.value,
    descending,
  }));
  return { joins, keys };
}

const orderBy = (keys: readonly OrderKey[]) =>
  sql.join(keys.map(({ ordered, descending }) => sql`${ordered} ${sql.raw(descending ? 'desc' : 'asc')}`));

/**
 * Ids of the listed records in their order (listOrder). With `page`, only that slice; a whole list is read in
 * batches instead (findStockPositionsAfter).
 */
export async function findStockRecordIds<K extends StockKind>(
  db: Executor,
  dialect: Dialect,
  kind: K,
  listing: StockListing<K>,
  { page, access = 'scan' }: { page?: { limit: number; offset: number }; access?: MatchAccess } = {},
): Promise<number[]> {
  const { joins, keys } = listOrder(dialect, kind, listing.ordering);
  const slice = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const { rows } = await sql<{ id: number }>`select s.id from ${stockRows(kind)} ${sql.join(joins, sql` `)}
    ${whereAll(await listingConditions(db, dialect, kind, listing, access))} order by ${orderBy(keys)} ${slice}`.execute(
    db,
  );
  return rows.map((row) => row.id);
}

/** A record's place in an ordered list: its id and the values the list is ordered by (listOrder's keys). */
export interface StockListPosition {
  id: number;
  keys: unknown[];
}

/**
 * Where a row stands past a position, key by key: equal on the keys before, and past it on this one. Each engine's
 * own place for NULL (SQLite: before every value in ascending order; PostgreSQL: after), since the order is each
 * engine's. The last key is the id, unique and never NULL, so exactly the rows after the position remain.
 */
function afterPosition(dialect: Dialect, keys: readonly OrderKey[], position: StockListPosition) {
  const nullsFirst = (key: OrderKey) => (dialect === 'sqlite') !== key.descending;
  const equal = (key: OrderKey, value: unknown) =>
    value === null ? sql`${key.value} is null` : sql`${key.ordered} = ${value}`;
  const beyond = (key: OrderKey, value: unknown, orEqual: boolean) =>
    sql`${key.ordered} ${sql.raw((key.descending ? '<' : '>') + (orEqual ? '=' : ''))} ${value}`;
  const past = (key: OrderKey, value: unknown) => {
    if (value === null) return nullsFirst(key) ? sql`${key.value} is not null` : sql`1 = 0`;
    return nullsFirst(key)
      ? beyond(key, value, false)
      : sql`(${beyond(key, value, false)} or ${key.value} is null)`;
  };
  const alternatives = keys.map(
    (key, index) =>
      sql`(${sql.join(
        [
          ...keys.slice(0, index).map((earlier, before) => equal(earlier, position.keys[before])),
          past(key, position.keys[index]),
        ],
        sql` and `,
      )})`,
  );
  // The same rows bounded by the first key alone, a range the engines read through its index in the list's order
  // (stopping at the batch's end) instead of checking every row against the alternatives and sorting the rest.
  const [first] = keys;
  const firstValue = position.keys[0];
  const bound =
    firstValue === null
      ? []
      : [
          nullsFirst(first)
            ? beyond(first, firstValue, true)
            : sql`(${beyond(first, firstValue, true)} or ${first.value} is null)`,
        ];
  return sql.join([...bound, sql`(${sql.join(alternatives, sql` or `)})`], sql` and `);
}

/**
 * Up to `limit` positions of the listed records after `after` (from the start without it), in the list's order: one
 * keyset batch of an ordered or searched list read whole.
 */
export async function findStockPositionsAfter<K extends StockKind>(
  db: Executor,
  dialect: Dialect,
  kind: K,
  listing: StockListing<K>,
  after: StockListPosition | undefined,
  limit: number,
): Promise<StockListPosition[]> {
  const { joins, keys } = listOrder(dialect, kind, listing.ordering);
  const conditions = await listingConditions(db, dialect, kind, listing, 'scan');
  if (after) conditions.push(afterPosition(dialect, keys, after));
  const selected = keys.map(({ value }, index) => sql`${value} as ${sql.id(`k${index}`)}`);
  const { rows } = await sql<Record<string, unknown> & { id: number }>`select s.id, ${sql.join(selected)}
    from ${stockRows(kind)} ${sql.join(joins, sql` `)} ${whereAll(conditions)}
    order by ${orderBy(keys)} limit ${limit}`.execute(db);
  return rows.map((row) => ({ id: row.id, keys: keys.map((_, index) => row[`k${index}`]) }));
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
  for (const slice of slicesOf(ids, IDS_PER_READ)) {
    for (const record of await findStockRecords(db, kind, slice)) {
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
