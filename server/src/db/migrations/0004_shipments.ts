import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Shipment staging (one list per user and kind), the shipments merged from it and their lines. Quantities are
// integers in base units like the stock tables: thousandths of a ml for chemicals, pieces otherwise.
const KINDS = ['chemical', 'instrument', 'glassware'] as const;

export default function migration(dialect: Dialect): Migration {
  const id = () =>
    [
      'id',
      dialect === 'postgres' ? 'serial' : 'integer',
      (col: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    ] as const;

  return {
    async up(db: Kysely<unknown>) {
      // A staging line goes with its user. Its stock record cannot be deleted while it is staged: the delete is
      // refused with 409 first (stockReferences), and the foreign key is the last guard.
      for (const kind of KINDS) {
        const table = `${kind}_temp_shipment`;
        await db.schema
          .createTable(table)
          .addColumn(...id())
          .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('stock_id', 'integer', (col) => col.notNull().references(`${kind}_stock.id`))
          .addColumn('quantity', 'bigint', (col) => col.notNull())
          .addCheckConstraint(`${table}_quantity_positive`, sql`quantity > 0`)
          .execute();
        await db.schema.createIndex(`${table}_user`).on(table).columns(['user_id', 'id']).execute();
        await db.schema.createIndex(`${table}_stock`).on(table).column('stock_id').execute();
      }

      // Shipments keep the email of who merged them, so the history still says who after the account is deleted.
      await db.schema
        .createTable('shipments')
        .addColumn(...id())
        .addColumn('type', 'varchar(12)', (col) => col.notNull())
        .addColumn('date_time', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_email', 'varchar(100)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('shipments_type_date')
        .on('shipments')
        .columns(['type', 'date_time', 'id'])
        .execute();

      // stock_id names a record of the shipment's type (one of three tables), so it has no foreign key; deleting
      // a stock record checks the lines first (stockReferences).
      await db.schema
        .createTable('shipment_lines')
        .addColumn(...id())
        .addColumn('shipment_id', 'integer', (col) => col.notNull().references('shipments.id'))
        .addColumn('stock_id', 'integer', (col) => col.notNull())
        .addColumn('old_total', 'bigint', (col) => col.notNull())
        .addColumn('added_quantity', 'bigint', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addCheckConstraint('shipment_lines_added_positive', sql`added_quantity > 0`)
        .execute();
      await db.schema
        .createIndex('shipment_lines_shipment')
        .on('shipment_lines')
        .columns(['shipment_id', 'position'])
        .execute();
      await db.schema.createIndex('shipment_lines_stock').on('shipment_lines').column('stock_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['shipment_lines', 'shipments', ...KINDS.map((kind) => `${kind}_temp_shipment`)]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
