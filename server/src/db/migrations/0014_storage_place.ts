import { type Kysely, type Migration } from 'kysely';

// Frozen: this migration never imports app code and is never edited once released.
//
// Where a stock record is kept in the store ("Cabinet B2, shelf 3"): optional free text of up to 100 characters on
// every kind's stock row, null for the records that exist.
const STOCK_TABLES = ['chemical_stock', 'instrument_stock', 'glassware_stock'] as const;

export default function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of STOCK_TABLES) {
        await db.schema.alterTable(table).addColumn('storage_place', 'varchar(100)').execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of STOCK_TABLES) {
        await db.schema.alterTable(table).dropColumn('storage_place').execute();
      }
    },
  };
}
