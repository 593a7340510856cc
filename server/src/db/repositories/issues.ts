import { sql, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import { specOf, STOCK_KINDS } from '../../domain/stockKinds';
import { OBJECT_TYPES } from '../../domain/stockKindHelpers';
import { lockRowsIfSupported } from '../locking';
import { slicesOf } from '../slices';
import type { Dialect } from '../dialect';
import type { ConsumerType, IssueLinesTable, IssuesTable, StockObjectType } from '../tables';
import type { Executor } from '../executor';

// Issues (SERVER.md §8.3): what was issued to a location at one merge.

export interface IssueLine {
  id: number;
  stock_id: number;
  /** The catalog name of the stock record (chemical, instrument or glassware name). */
  name: string;
  object_type: StockObjectType;
  /** Base units (thousandths of a ml, pieces). */
  quantity: number;
  /** How much of `quantity` came back to stock, in base units. */
  returned_quantity: number;
}

export type IssueLineRow = Selectable<IssueLinesTable>;

export interface IssueWithLines {
  id: number;
  created_at: string;
  lines: IssueLine[];
}

export async function insertIssue(
  trx: Executor,
  issue: Insertable<IssuesTable>,
): Promise<{ id: number; created_at: string }> {
  return trx.insertInto('issues').values(issue).returning(['id', 'created_at']).executeTakeFirstOrThrow();
}

/** Inserts the lines; answers their ids in the order given. */
export async function insertIssueLines(
  trx: Executor,
  lines: readonly Insertable<IssueLinesTable>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const slice of slicesOf(lines)) {
    // Neither engine promises RETURNING's rows in the order of VALUES: match them by position, unique in an issue.
    const rows = await trx.insertInto('issue_lines').values(slice).returning(['id', 'position']).execute();
    const idAt = new Map(rows.map((row) => [row.position, row.id]));
    ids.push(...slice.map((line) => idAt.get(line.position)!));
  }
  return ids;
}

/**
 * The catalog name of the stock record named by the columns `typeColumn` (an object_type) and `idColumn` (its id),
 * read from its kind's stock table and catalog: an issue line's (`l.object_type`, `l.stock_id`), a charge's.
 */
export function catalogNameOf(typeColumn: string, idColumn: string): RawBuilder<string | null> {
  const byKind = STOCK_KINDS.map((kind) => {
    const { stockTable, catalog } = specOf(kind);
    const name = sql`(select c.name from ${sql.table(stockTable)} s join ${sql.table(catalog.table)} c
      on c.id = ${sql.ref(`s.${catalog.foreignKey}`)} where s.id = ${sql.ref(idColumn)})`;
    return sql`when ${sql.lit(OBJECT_TYPES[kind])} then ${name}`;
  });
  return sql<string | null>`case ${sql.ref(typeColumn)} ${sql.join(byKind, sql` `)} end`;
}

/** Where an issue stands in a location's history (newest first): its date, then its id. */
export type IssuePosition = Pick<IssueWithLines, 'id' | 'created_at'>;

/**
 * A location's issues, newest first (created_at, then id), each with its lines in merge order: up to `limit` of them
 * after `after` (from the newest without it), one keyset batch of its history.
 */
export async function findIssuesAfter(
  db: Executor,
  locationId: number,
  after: IssuePosition | undefined,
  limit: number,
): Promise<IssueWithLines[]> {
  let query = db.selectFrom('issues').select(['id', 'created_at']).where('consumer_id', '=', locationId);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.created_at),
        eb.and([eb('created_at', '=', after.created_at), eb('id', '<', after.id)]),
      ]),
    );
  }
  return withLines(
    db,
    await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
  );
}

/** The issue with `issueId`, with its lines in merge order; none when there is no such issue. */
export async function findIssue(db: Executor, issueId: number): Promise<IssueWithLines | undefined> {
  const issues = await db
    .selectFrom('issues')
    .select(['id', 'created_at'])
    .where('id', '=', issueId)
    .execute();
  return (await withLines(db, issues))[0];
}

/** The issues, in their order, each with its lines in merge order. */
async function withLines(db: Executor, issues: IssuePosition[]): Promise<IssueWithLines[]> {
  const lines = new Map<number, IssueLine[]>();
  for (const slice of slicesOf(issues.map((issue) => issue.id))) {
    const rows = await db
      .selectFrom('issue_lines as l')
      .select([
        'l.id',
        'l.issue_id',
        'l.stock_id',
        'l.object_type',
        'l.quantity',
        'l.returned_quantity',
        catalogNameOf('l.object_type', 'l.stock_id').as('name'),
      ])
      .where('l.issue_id', 'in', slice)
      .orderBy('l.issue_id')
      .orderBy('l.position')
      .execute();
    for (const row of rows) {
      // Stock records referenced by issue lines cannot be deleted (stockReferences), so the name is always found.
      if (row.name === null)
        throw new Error(`issue ${row.issue_id} names a missing ${row.object_type} ${row.stock_id}`);
      const list = lines.get(row.issue_id) ?? [];
      list.push({
        id: row.id,
        stock_id: row.stock_id,
        name: row.name,
        object_type: row.object_type,
        quantity: Number(row.quantity),
        returned_quantity: Number(row.returned_quantity),
      });
      lines.set(row.issue_id, list);
    }
  }
  return issues.map((issue) => ({ ...issue, lines: lines.get(issue.id) ?? [] }));
}

/** The issue's own row: its location, request and fund (issue 24). */
export async function findIssueRow(
  db: Executor,
  issueId: number,
): Promise<Selectable<IssuesTable> | undefined> {
  return db.selectFrom('issues').selectAll().where('id', '=', issueId).executeTakeFirst();
}

/** A line of the issue (a line of another issue is not found); with `lock`, locked like lockRowsIfSupported. */
export async function findIssueLine(
  db: Executor,
  issueId: number,
  lineId: number,
  lock?: Dialect,
): Promise<IssueLineRow | undefined> {
  const query = db
    .selectFrom('issue_lines')
    .selectAll()
    .where('id', '=', lineId)
    .where('issue_id', '=', issueId);
  const row = await (lock ? lockRowsIfSupported(query, lock) : query).executeTakeFirst();
  return row && { ...row, quantity: Number(row.quantity), returned_quantity: Number(row.returned_quantity) };
}

/** Adds to what came back of the line (locked by findIssueLine). */
export async function addReturnedQuantity(trx: Executor, lineId: number, amount: number): Promise<void> {
  await trx
    .updateTable('issue_lines')
    .set((eb) => ({ returned_quantity: eb('returned_quantity', '+', amount) }))
    .where('id', '=', lineId)
    .execute();
}

/** One location a stock record went to: its issue lines there summed (base units), and the latest of them. */
export interface IssuedToRow {
  id: number;
  name: string;
  consumer_type: ConsumerType;
  quantity: number;
  returned_quantity: number;
  issue_count: number;
  last_issued_at: string;
}

/** Where a stock record was issued: one row per location, most recently issued first. */
export async function findLocationsIssuedTo(
  db: Executor,
  objectType: StockObjectType,
  stockId: number,
): Promise<IssuedToRow[]> {
  const rows = await db
    .selectFrom('issue_lines as l')
    .innerJoin('issues as i', 'i.id', 'l.issue_id')
    .innerJoin('store_consumers as c', 'c.id', 'i.consumer_id')
    .where('l.object_type', '=', objectType)
    .where('l.stock_id', '=', stockId)
    .groupBy(['c.id', 'c.name', 'c.consumer_type'])
    .select((eb) => [
      'c.id',
      'c.name',
      'c.consumer_type',
      eb.fn.sum<number | string>('l.quantity').as('quantity'),
      eb.fn.sum<number | string>('l.returned_quantity').as('returned_quantity'),
      eb.fn.count<number | string>('i.id').distinct().as('issue_count'),
      eb.fn.max('i.created_at').as('last_issued_at'),
    ])
    .orderBy('last_issued_at', 'desc')
    .orderBy('c.id')
    .execute();
  // PostgreSQL answers sums and counts of bigints as text.
  return rows.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    returned_quantity: Number(row.returned_quantity),
    issue_count: Number(row.issue_count),
  }));
}

/** The chemical stock records issued to a location of which some is still there (not all returned), id ascending. */
export async function chemicalsAtLocation(db: Executor, locationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('issue_lines as l')
    .innerJoin('issues as i', 'i.id', 'l.issue_id')
    .select('l.stock_id')
    .distinct()
    .where('i.consumer_id', '=', locationId)
    .where('l.object_type', '=', 'CHEMICAL')
    .whereRef('l.returned_quantity', '<', 'l.quantity')
    .orderBy('l.stock_id')
    .execute();
  return rows.map((row) => row.stock_id);
}

/** One stock record a location holds: its issue lines there summed (base units). */
export interface HeldRecordRow {
  object_type: StockObjectType;
  stock_id: number;
  quantity: number;
  returned_quantity: number;
}

/** The stock records held at a location: its issue lines summed per record, those not all returned. */
function heldAt(db: Executor, locationId: number) {
  return db
    .selectFrom('issue_lines as l')
    .innerJoin('issues as i', 'i.id', 'l.issue_id')
    .where('i.consumer_id', '=', locationId)
    .groupBy(['l.object_type', 'l.stock_id'])
    .having((eb) => eb(eb.fn.sum('l.returned_quantity'), '<', eb.fn.sum('l.quantity')));
}

/** The kinds' order in a lab's holdings (STOCK_KINDS': chemicals, instruments, glassware), as a sort key. */
const KIND_RANK = sql<number>`case l.object_type ${sql.join(
  STOCK_KINDS.map((kind, rank) => sql`when ${OBJECT_TYPES[kind]} then ${rank}`),
  sql` `,
)} end`;

/**
 * The stock records issued to a location of which some is still there (not all returned): chemicals, instruments,
 * then glassware, each by id; one page of them with `page`, or (`after`, `limit`) the next keyset batch of them:
 * those after the given record in that order.
 */
export async function findRecordsHeldAt(
  db: Executor,
  locationId: number,
  slice:
    | { page: { limit: number; offset: number } }
    | { after: Pick<HeldRecordRow, 'object_type' | 'stock_id'> | undefined; limit: number },
): Promise<HeldRecordRow[]> {
  let query = heldAt(db, locationId)
    .select((eb) => [
      'l.object_type',
      'l.stock_id',
      eb.fn.sum<number | string>('l.quantity').as('quantity'),
      eb.fn.sum<number | string>('l.returned_quantity').as('returned_quantity'),
    ])
    .orderBy(KIND_RANK)
    .orderBy('l.stock_id');
  if ('page' in slice) query = query.limit(slice.page.limit).offset(slice.page.offset);
  else {
    const { after, limit } = slice;
    // On the issue lines, before they are summed: a record's lines are all after the position or none is.
    if (after) {
      const rank = STOCK_KINDS.findIndex((kind) => OBJECT_TYPES[kind] === after.object_type);
      query = query.where((eb) =>
        eb.or([
          eb(KIND_RANK, '>', rank),
          eb.and([eb('l.object_type', '=', after.object_type), eb('l.stock_id', '>', after.stock_id)]),
        ]),
      );
    }
    query = query.limit(limit);
  }
  const rows = await query.execute();
  // PostgreSQL answers sums of bigints as text.
  return rows.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    returned_quantity: Number(row.returned_quantity),
  }));
}

/** How many records findRecordsHeldAt lists in all. */
export async function countRecordsHeldAt(db: Executor, locationId: number): Promise<number> {
  const { count } = await db
    .selectFrom(heldAt(db, locationId).select(['l.object_type', 'l.stock_id']).as('held'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}
