import { sql, type Kysely, type Migration } from 'kysely';

// Frozen: this migration never imports app code and is never edited once released.
//
// What needs attention: an optional expiry date (chemicals and glassware; chemicals also when they were opened)
// and an optional minimum quantity (every kind, in the stock's base units) on each stock record, all null for the
// records that exist. A staging line may carry the expiry date of what arrives, which its merge copies onto the
// record. Dates are `YYYY-MM-DD` text, which sorts and compares as the calendar does on both engines.
//
// The dashboard reads each card through an index: the records in stock with an expiry date, in date order; the
// records below their minimum (partial indexes hold only those, so counting them reads no other record); the ISSUE
// entries of a kind per record and date (dead stock); and the newest shipments and issues of any kind or location.
const EXPIRY_TABLES = ['chemical_stock', 'glassware_stock'] as const;
const STOCK_TABLES = ['chemical_stock', 'instrument_stock', 'glassware_stock'] as const;
const STAGING_TABLES = ['chemical_temp_shipment', 'glassware_temp_shipment'] as const;

export default function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of STOCK_TABLES) {
        await db.schema
          .alterTable(table)
          .addColumn('minimum_quantity', 'bigint', (col) => col.check(sql`minimum_quantity >= 0`))
          .execute();
        // Only the records below their minimum, largest shortfall first: counting and ranking them reads them alone.
        await sql`create index ${sql.id(`${table}_below_minimum`)} on ${sql.table(table)}
          ((minimum_quantity - quantity), id)
          where minimum_quantity is not null and quantity < minimum_quantity`.execute(db);
      }
      for (const table of EXPIRY_TABLES) {
        await db.schema.alterTable(table).addColumn('expiry_date', 'varchar(10)').execute();
        // Only the records in stock with a date: an empty record's expiry needs no attention.
        // With the quantity, so counting them reads the index alone.
        await sql`create index ${sql.id(`${table}_expiry`)} on ${sql.table(table)} (expiry_date, quantity, id)
          where expiry_date is not null and quantity > 0`.execute(db);
      }
      await db.schema.alterTable('chemical_stock').addColumn('opened_on', 'varchar(10)').execute();
      for (const table of STAGING_TABLES) {
        await db.schema.alterTable(table).addColumn('expiry_date', 'varchar(10)').execute();
      }

      await db.schema
        .createIndex('stock_ledger_kind_object')
        .on('stock_ledger')
        .columns(['object_type', 'kind', 'object_id', 'created_at'])
        .execute();
      await db.schema.createIndex('shipments_date').on('shipments').columns(['date_time', 'id']).execute();
      await db.schema.createIndex('issues_created').on('issues').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('issues_created').execute();
      await db.schema.dropIndex('shipments_date').execute();
      await db.schema.dropIndex('stock_ledger_kind_object').execute();
      for (const table of STAGING_TABLES)
        await db.schema.alterTable(table).dropColumn('expiry_date').execute();
      await db.schema.alterTable('chemical_stock').dropColumn('opened_on').execute();
      for (const table of EXPIRY_TABLES) {
        await db.schema.dropIndex(`${table}_expiry`).execute();
        await db.schema.alterTable(table).dropColumn('expiry_date').execute();
      }
      for (const table of STOCK_TABLES) {
        await db.schema.dropIndex(`${table}_below_minimum`).execute();
        await db.schema.alterTable(table).dropColumn('minimum_quantity').execute();
      }
    },
  };
}
