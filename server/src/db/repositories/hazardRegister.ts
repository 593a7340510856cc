import type { Executor } from '../executor';
import type { ChemicalsTable } from '../tables';

// What the hazard register (services/hazardRegister.ts) reads: the stocked records of chemicals that carry hazard
// statements. The one query of the register that names where a chemical's hazards are kept: the substance's catalog
// entry (`chemicals.hazard_statements` and `signal_word_override`, issue 33 item 5).

/** A stock record of a hazardous chemical, with its catalog entry's name and CAS number. */
export interface HazardousStockRow {
  id: number;
  /** The catalog entry (the substance) the record holds. */
  chemical_id: number;
  name: string;
  name_key: string;
  cas_rn: string;
  /** Comma-separated H-codes in code order; never empty here. */
  hazard_statements: string;
  signal_word_override: ChemicalsTable['signal_word_override'];
  /** Thousandths of a ml; more than 0 here. */
  quantity: number;
  storage_place: string | null;
}

/**
 * Up to `limit` records after `afterId`, by id, that hold some stock of a chemical with hazard statements: one
 * keyset batch of the register's records.
 */
export async function findHazardousStockAfter(
  db: Executor,
  afterId: number,
  limit: number,
): Promise<HazardousStockRow[]> {
  const rows = await db
    .selectFrom('chemical_stock as s')
    .innerJoin('chemicals as c', 'c.id', 's.chemical_id')
    .select([
      's.id',
      's.chemical_id',
      'c.name',
      'c.name_key',
      'c.cas_rn',
      'c.hazard_statements',
      'c.signal_word_override',
      's.quantity',
      's.storage_place',
    ])
    .where('s.id', '>', afterId)
    .where('s.quantity', '>', 0)
    .where('c.hazard_statements', '<>', '')
    .orderBy('s.id')
    .limit(limit)
    .execute();
  // bigint columns may come back as text on PostgreSQL.
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity) }));
}
