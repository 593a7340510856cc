import { sql, type Insertable } from 'kysely';
import { OBJECT_TYPES, specOf, STOCK_KINDS } from '../../domain/stockKinds';
import type { Executor } from '../executor';
import type { ChargesTable, StockObjectType } from '../tables';

// Charges (issue 24): append-only, like the ledger. Nothing here updates or deletes a charge.

/** An issue's lines with the price each was issued at (base units, ten-thousandths). */
export interface PricedIssueLine {
  id: number;
  object_type: StockObjectType;
  stock_id: number;
  quantity: number;
  unit_price_e4: number | null;
}

/**
 * Copies each line's record price onto the issue's lines: the price a return is later charged back at. Called in
 * the issue's transaction, with the records locked by its stock movement, so no edit of a price slips in between.
 */
export async function snapshotIssuePrices(trx: Executor, issueId: number): Promise<void> {
  for (const kind of STOCK_KINDS) {
    const { stockTable } = specOf(kind);
    await trx
      .updateTable('issue_lines')
      .set({
        unit_price_e4: sql<number | null>`(select s.unit_price_e4 from ${sql.table(stockTable)} s
          where s.id = issue_lines.stock_id)`,
      })
      .where('issue_id', '=', issueId)
      .where('object_type', '=', OBJECT_TYPES[kind])
      .execute();
  }
}

export async function findPricedIssueLines(trx: Executor, issueId: number): Promise<PricedIssueLine[]> {
  const rows = await trx
    .selectFrom('issue_lines')
    .select(['id', 'object_type', 'stock_id', 'quantity', 'unit_price_e4'])
    .where('issue_id', '=', issueId)
    .orderBy('position')
    .execute();
  // PostgreSQL returns bigint columns as strings.
  return rows.map((row) => ({
    ...row,
    quantity: Number(row.quantity),
    unit_price_e4: row.unit_price_e4 === null ? null : Number(row.unit_price_e4),
  }));
}

export async function insertCharges(trx: Executor, charges: Insertable<ChargesTable>[]): Promise<void> {
  for (let start = 0; start < charges.length; start += 500) {
    await trx
      .insertInto('charges')
      .values(charges.slice(start, start + 500))
      .execute();
  }
}
