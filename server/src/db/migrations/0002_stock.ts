import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Quantities are integers in base units so sums are exact on both engines: chemical stock in thousandths of a ml,
// instruments and glassware in pieces. Purity is stored in hundredths of a percent for the same reason.
export default function migration(dialect: Dialect): Migration {
  const id = (name = 'id') =>
    [
      name,
      dialect === 'postgres' ? 'serial' : 'integer',
      (col: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    ] as const;

  return {
    async up(db: Kysely<unknown>) {
      // Catalog entries: found or created by name, compared case-insensitively through name_key.
      for (const table of ['manufacturers', 'suppliers', 'instruments', 'glasswares']) {
        await db.schema
          .createTable(table)
          .addColumn(...id())
          .addColumn('name', 'varchar(300)', (col) => col.notNull())
          .addColumn('name_key', 'varchar(300)', (col) => col.notNull().unique())
          .execute();
      }
      await db.schema
        .createTable('chemicals')
        .addColumn(...id())
        .addColumn('name', 'varchar(300)', (col) => col.notNull())
        .addColumn('name_key', 'varchar(300)', (col) => col.notNull().unique())
        .addColumn('cas_rn', 'varchar(20)', (col) => col.notNull())
        .addColumn('molecular_formula', 'varchar(100)', (col) => col.notNull())
        .addColumn('molecular_weight', 'double precision', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('stores')
        .addColumn(...id())
        .addColumn('name', 'varchar(100)', (col) => col.notNull())
        .execute();
      await sql`insert into stores (id, name) values (1, 'Main store')`.execute(db);
      if (dialect === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('stores', 'id'), 1)`.execute(db);
      }

      const stockColumns = (table: string) =>
        db.schema
          .createTable(table)
          .addColumn(...id())
          .addColumn('store_id', 'integer', (col) => col.notNull().defaultTo(1).references('stores.id'))
          .addColumn('manufacturer_id', 'integer', (col) => col.notNull().references('manufacturers.id'))
          .addColumn('supplier_id', 'integer', (col) => col.notNull().references('suppliers.id'))
          .addColumn('quantity', 'bigint', (col) => col.notNull().defaultTo(0))
          // The last guard of "stock never goes negative": whatever the code does, the database refuses it.
          .addCheckConstraint(`${table}_quantity_not_negative`, sql`quantity >= 0`);

      await stockColumns('chemical_stock')
        .addColumn('chemical_id', 'integer', (col) => col.notNull().references('chemicals.id'))
        .addColumn('purity_hundredths', 'integer', (col) => col.notNull())
        .addColumn('state', 'varchar(10)', (col) => col.notNull())
        .addUniqueConstraint('chemical_stock_identity', [
          'chemical_id',
          'purity_hundredths',
          'manufacturer_id',
          'supplier_id',
          'state',
        ])
        .execute();
      await stockColumns('instrument_stock')
        .addColumn('instrument_id', 'integer', (col) => col.notNull().references('instruments.id'))
        .addUniqueConstraint('instrument_stock_identity', ['instrument_id', 'manufacturer_id', 'supplier_id'])
        .execute();
      await stockColumns('glassware_stock')
        .addColumn('glassware_id', 'integer', (col) => col.notNull().references('glasswares.id'))
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('material_type', 'varchar(50)', (col) => col.notNull())
        .addColumn('material_type_key', 'varchar(50)', (col) => col.notNull())
        .addUniqueConstraint('glassware_stock_identity', [
          'glassware_id',
          'manufacturer_id',
          'supplier_id',
          'size',
          'material_type_key',
        ])
        .execute();

      // Every quantity change, written in the same transaction as the change. object_id has no foreign key:
      // deleting a record removes its ADJUSTMENT entries, and SHIPMENT/ISSUE entries block the delete first.
      // user_email is kept as text so the entry still says who after the account is deleted.
      await db.schema
        .createTable('stock_ledger')
        .addColumn(...id())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('kind', 'varchar(12)', (col) => col.notNull())
        .addColumn('object_type', 'varchar(12)', (col) => col.notNull())
        .addColumn('object_id', 'integer', (col) => col.notNull())
        .addColumn('change', 'bigint', (col) => col.notNull())
        .addColumn('balance', 'bigint', (col) => col.notNull())
        .addColumn('shipment_id', 'integer')
        .addColumn('issue_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('user_email', 'varchar(100)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('stock_ledger_object')
        .on('stock_ledger')
        .columns(['object_type', 'object_id', 'id'])
        .execute();

      // The fuzzy-search index lives in each server process; this log tells every process which stock records
      // changed (written in the same transaction as the change), so a process notices writes made by another.
      await db.schema
        .createTable('search_changes')
        .addColumn(...id('seq'))
        .addColumn('object_type', 'varchar(12)', (col) => col.notNull())
        .addColumn('object_id', 'integer', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'search_changes',
        'stock_ledger',
        'glassware_stock',
        'instrument_stock',
        'chemical_stock',
        'stores',
        'chemicals',
        'glasswares',
        'instruments',
        'suppliers',
        'manufacturers',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
