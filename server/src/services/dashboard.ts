import type { Db } from '../db';
import * as cards from '../db/repositories/dashboard';
import type { AttentionRow, CardRows } from '../db/repositories/dashboard';
import { findStockRecords } from '../db/repositories/stock';
import type { StockObjectType } from '../db/tables';
import { addDays, dateIn, daysBetween } from '../domain/calendarDate';
import { STOCK_KINDS, type StockKind } from '../domain/stockKinds';
import {
  EXPIRING_KINDS,
  fromBaseQuantity,
  KIND_OF_TYPE,
  OBJECT_TYPES,
  STOCK_UNITS,
} from '../domain/stockKindHelpers';
import { describeStockRecord, type DescribedRecord } from '../domain/stockRecords';
import {
  CARD_ROWS,
  RECENT_ROWS,
  type Card,
  type Dashboard,
  type ExpiryWindow,
  type ReorderList,
  type StockCardRow,
} from '../contract/dashboard';

export interface DashboardContext {
  db: Db;
  now: () => Date;
  /** Whose calendar says what "today" is (LAB_TIME_ZONE). */
  timeZone: string;
}

/** The §4.1 records behind the rows, described as history lines describe them. */
async function describe(db: Db, wanted: { kind: StockKind; id: number }[]) {
  const described = new Map<string, DescribedRecord>();
  for (const kind of STOCK_KINDS) {
    const ids = wanted.filter((row) => row.kind === kind).map((row) => row.id);
    for (const record of await findStockRecords(db, kind, ids)) {
      described.set(`${kind}:${record.id}`, describeStockRecord[kind](record as never));
    }
  }
  return (kind: StockKind, id: number): DescribedRecord =>
    // The rows were read a moment ago; a record deleted in between is described by its id alone.
    described.get(`${kind}:${id}`) ?? { stock_id: id, name: `#${id}`, manufacturer: '', supplier: '' };
}

/** A row of a stock card in API units, before its record is described. */
type UndescribedRow = Omit<StockCardRow, 'item'>;

function cardRow(kind: StockKind, today: string, row: AttentionRow): UndescribedRow {
  const below = row.minimum_quantity !== null && row.quantity < row.minimum_quantity;
  return {
    object_type: OBJECT_TYPES[kind],
    object_id: row.id,
    quantity: fromBaseQuantity(kind, row.quantity),
    unit: STOCK_UNITS[kind],
    minimum_quantity: row.minimum_quantity === null ? null : fromBaseQuantity(kind, row.minimum_quantity),
    shortfall: below ? fromBaseQuantity(kind, row.minimum_quantity! - row.quantity) : null,
    expiry_date: row.expiry_date,
    days_left: row.expiry_date === null ? null : daysBetween(today, row.expiry_date),
  };
}

/**
 * One card of stock records: the counts of every kind added up, and the first rows of each kind merged in `rank`
 * order (then kind, then id) and cut to CARD_ROWS, which each kind's own first CARD_ROWS rows are enough for.
 */
async function stockCard(
  db: Db,
  today: string,
  perKind: { kind: StockKind; card: CardRows<AttentionRow> }[],
  rank: (a: UndescribedRow, b: UndescribedRow) => number,
): Promise<Card<StockCardRow>> {
  const first = inCardOrder(
    perKind.flatMap(({ kind, card }) => card.rows.map((row) => ({ kind, row: cardRow(kind, today, row) }))),
    rank,
  ).slice(0, CARD_ROWS);
  const itemOf = await describe(
    db,
    first.map(({ kind, row }) => ({ kind, id: row.object_id })),
  );
  return {
    count: perKind.reduce((sum, { card }) => sum + card.count, 0),
    results: first.map(({ kind, row }) => ({ ...row, item: itemOf(kind, row.object_id) })),
  };
}

const kindOrder = (a: StockKind, b: StockKind) => STOCK_KINDS.indexOf(a) - STOCK_KINDS.indexOf(b);

/** Rows of every kind sorted by `rank`, ties broken by kind, then id (docs/api.md §12). */
function inCardOrder<Entry extends { kind: StockKind; row: UndescribedRow }>(
  entries: Entry[],
  rank: (a: UndescribedRow, b: UndescribedRow) => number,
): Entry[] {
  return entries.sort(
    (a, b) => rank(a.row, b.row) || kindOrder(a.kind, b.kind) || a.row.object_id - b.row.object_id,
  );
}

const byLargestShortfall = (a: UndescribedRow, b: UndescribedRow) => (b.shortfall ?? 0) - (a.shortfall ?? 0);

const perKind = async <K extends StockKind>(
  kinds: readonly K[],
  read: (kind: K) => Promise<CardRows<AttentionRow>>,
) => Promise.all(kinds.map(async (kind) => ({ kind, card: await read(kind) })));

/** The instant a year before `now`: stock not issued since then is dead stock. */
function aYearBefore(now: Date): string {
  const since = new Date(now.getTime());
  since.setUTCFullYear(since.getUTCFullYear() - 1);
  return since.toISOString();
}

/** Every card of the dashboard for `user`, with expiring records `within` days of today (in the lab's zone). */
export async function dashboard(
  { db, now, timeZone }: DashboardContext,
  userId: number,
  within: ExpiryWindow,
): Promise<Dashboard> {
  const instant = now();
  const today = dateIn(timeZone, instant);
  const yesterday = addDays(today, -1);

  const belowMinimum = await stockCard(
    db,
    today,
    await perKind(STOCK_KINDS, (kind) => cards.belowMinimum(db, kind, CARD_ROWS)),
    byLargestShortfall,
  );
  const bySoonest = (a: UndescribedRow, b: UndescribedRow) => (a.days_left ?? 0) - (b.days_left ?? 0);
  const expired = await stockCard(
    db,
    today,
    await perKind(EXPIRING_KINDS, (kind) => cards.expiringBetween(db, kind, null, yesterday, CARD_ROWS)),
    bySoonest,
  );
  const expiring = await stockCard(
    db,
    today,
    await perKind(EXPIRING_KINDS, (kind) =>
      cards.expiringBetween(db, kind, today, addDays(today, within), CARD_ROWS),
    ),
    bySoonest,
  );
  const since = aYearBefore(instant);
  const deadStock = await stockCard(
    db,
    today,
    await perKind(STOCK_KINDS, (kind) => cards.deadStock(db, kind, since, CARD_ROWS)),
    (a, b) => b.quantity - a.quantity,
  );

  const shipments = await cards.recentShipments(db, RECENT_ROWS);
  const issues = await cards.recentIssues(db, RECENT_ROWS);

  const staged = await Promise.all(
    STOCK_KINDS.map(async (kind) => ({
      kind,
      card: await cards.ownStagingLines(db, kind, userId, CARD_ROWS),
    })),
  );
  const firstStaged = staged
    .flatMap(({ kind, card }) => card.rows.map((row) => ({ kind, row })))
    .slice(0, CARD_ROWS);
  const cart = await cards.ownCartLines(db, userId, CARD_ROWS);
  const itemOf = await describe(db, [
    ...firstStaged.map(({ kind, row }) => ({ kind, id: row.stock_id })),
    ...cart.rows.map((row) => ({
      kind: KIND_OF_TYPE[row.object_type as StockObjectType],
      id: row.object_id,
    })),
  ]);

  return {
    today,
    time_zone: timeZone,
    within,
    below_minimum: belowMinimum,
    expired,
    expiring,
    dead_stock: deadStock,
    recent_shipments: {
      count: shipments.count,
      results: shipments.rows.map((row) => ({ ...row, type: KIND_OF_TYPE[row.type as StockObjectType] })),
    },
    recent_issues: {
      count: issues.count,
      results: issues.rows.map((row) => ({
        id: row.id,
        created_at: row.created_at,
        user_email: row.user_email,
        location: {
          id: row.location_id,
          name: row.location_name,
          room_number: row.room_number,
          building_name: row.building_name,
        },
        lines: row.lines,
      })),
    },
    staged_lines: {
      count: staged.reduce((sum, { card }) => sum + card.count, 0),
      results: firstStaged.map(({ kind, row }) => ({
        id: row.id,
        object_type: OBJECT_TYPES[kind],
        object_id: row.stock_id,
        item: itemOf(kind, row.stock_id),
        quantity: fromBaseQuantity(kind, row.quantity),
        unit: STOCK_UNITS[kind],
        expiry_date: row.expiry_date,
      })),
    },
    cart_lines: {
      count: cart.count,
      results: cart.rows.map((row) => {
        const kind = KIND_OF_TYPE[row.object_type as StockObjectType];
        return {
          id: row.id,
          object_type: row.object_type as StockObjectType,
          object_id: row.object_id,
          item: itemOf(kind, row.object_id),
          quantity: fromBaseQuantity(kind, row.quantity),
          unit: STOCK_UNITS[kind],
        };
      }),
    },
  };
}

/** Every record below its minimum (the whole below-minimum card, in its order) with what purchasing needs. */
export async function reorderList({ db, now, timeZone }: DashboardContext): Promise<ReorderList> {
  const today = dateIn(timeZone, now());
  const perKindRows = await Promise.all(
    STOCK_KINDS.map(async (kind) => {
      const rows = await cards.reorderRows(db, kind);
      const lineIds = rows.flatMap((row) => (row.last_line_id === null ? [] : [row.last_line_id]));
      const lines = new Map((await cards.shippedLines(db, kind, lineIds)).map((line) => [line.id, line]));
      return rows.map((row) => ({
        kind,
        row: cardRow(kind, today, row),
        line: row.last_line_id === null ? undefined : lines.get(row.last_line_id),
      }));
    }),
  );
  const ordered = inCardOrder(perKindRows.flat(), byLargestShortfall);
  const itemOf = await describe(
    db,
    ordered.map(({ kind, row }) => ({ kind, id: row.object_id })),
  );
  return {
    today,
    time_zone: timeZone,
    count: ordered.length,
    results: ordered.map(({ kind, row, line }) => ({
      ...row,
      item: itemOf(kind, row.object_id),
      last_supplier: line?.supplier ?? null,
      last_shipped_quantity: line ? fromBaseQuantity(kind, line.added_quantity) : null,
      last_shipped_at: line?.date_time ?? null,
    })),
  };
}
