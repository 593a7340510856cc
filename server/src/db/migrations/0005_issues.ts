import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Locations (store consumers), the issues made to them and the per-user issue cart. Quantities are integers in
// base units like the stock tables: thousandths of a ml for chemicals, pieces for instruments and glassware.
// Issue and cart lines name a stock record by (object_type, id) across three tables, so they carry no foreign key
// to it; deleting a stock record checks them first instead (stockReferences).
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
      await db.schema
        .createTable('store_consumers')
        .addColumn(...id())
        .addColumn('name', 'varchar(100)', (col) => col.notNull())
        .addColumn('consumer_type', 'varchar(10)', (col) => col.notNull())
        .addColumn('room_number', 'varchar(20)', (col) => col.notNull())
        .addColumn('building_name', 'varchar(200)', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      // Issues keep the email of who made them, so the history still says who after the account is deleted.
      await db.schema
        .createTable('issues')
        .addColumn(...id())
        .addColumn('consumer_id', 'integer', (col) => col.notNull().references('store_consumers.id'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_email', 'varchar(100)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('issues_consumer')
        .on('issues')
        .columns(['consumer_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('issue_lines')
        .addColumn(...id())
        .addColumn('issue_id', 'integer', (col) => col.notNull().references('issues.id'))
        .addColumn('object_type', 'varchar(12)', (col) => col.notNull())
        .addColumn('stock_id', 'integer', (col) => col.notNull())
        .addColumn('quantity', 'bigint', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addCheckConstraint('issue_lines_quantity_positive', sql`quantity > 0`)
        .execute();
      await db.schema
        .createIndex('issue_lines_issue')
        .on('issue_lines')
        .columns(['issue_id', 'position'])
        .execute();
      await db.schema
        .createIndex('issue_lines_stock')
        .on('issue_lines')
        .columns(['object_type', 'stock_id'])
        .execute();

      await db.schema
        .createTable('issue_cart')
        .addColumn(...id())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('object_type', 'varchar(12)', (col) => col.notNull())
        .addColumn('object_id', 'integer', (col) => col.notNull())
        .addColumn('quantity', 'bigint', (col) => col.notNull())
        .addCheckConstraint('issue_cart_quantity_positive', sql`quantity > 0`)
        .execute();
      await db.schema.createIndex('issue_cart_user').on('issue_cart').columns(['user_id', 'id']).execute();
      await db.schema
        .createIndex('issue_cart_stock')
        .on('issue_cart')
        .columns(['object_type', 'object_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['issue_cart', 'issue_lines', 'issues', 'store_consumers']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
