import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Requests from the labs and what they cost (issue 24).
// - Prices: a stock record may carry a unit price (per ml for chemicals, per piece otherwise) as an integer count of
//   ten-thousandths of the currency's major unit, so 0.0452 is 452 and sums stay exact. A staged shipment line may
//   carry one, which its merge writes to the record.
// - Funds: each lab (a location) has its own, by code; a request is paid from one.
// - Requests and their lines: what a lab asks for (one line per stock record), in base units like every quantity
//   (thousandths of a ml, pieces); how much its manager approved and how much the store has issued so far.
// - An issue made from a request names it and its fund; each issue line keeps the price its record had when issued,
//   which a later return is charged back at.
// - Charges: one line per issued line (positive) and per return (negative), in the currency's minor units, never
//   rewritten: corrections are new lines. Like the ledger, it keeps the actor's e-mail as text.
const STATUSES = [
  'submitted',
  'returned',
  'awaiting_store_approval',
  'approved',
  'partly_fulfilled',
  'fulfilled',
  'rejected',
  'cancelled',
];

export default function migration(dialect: Dialect): Migration {
  const id = () =>
    [
      'id',
      dialect === 'postgres' ? 'serial' : 'integer',
      (col: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    ] as const;
  const stockTables = ['chemical_stock', 'instrument_stock', 'glassware_stock'];
  const stagingTables = ['chemical_temp_shipment', 'instrument_temp_shipment', 'glassware_temp_shipment'];

  return {
    async up(db: Kysely<unknown>) {
      for (const table of [...stockTables, ...stagingTables]) {
        await db.schema.alterTable(table).addColumn('unit_price_e4', 'bigint').execute();
      }

      await db.schema
        .createTable('lab_funds')
        .addColumn(...id())
        .addColumn('location_id', 'integer', (col) => col.notNull().references('store_consumers.id'))
        .addColumn('code', 'varchar(30)', (col) => col.notNull())
        .addColumn('name', 'varchar(100)', (col) => col.notNull())
        .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('lab_funds_location_code', ['location_id', 'code'])
        .execute();

      await db.schema
        .createTable('requests')
        .addColumn(...id())
        .addColumn('location_id', 'integer', (col) => col.notNull().references('store_consumers.id'))
        .addColumn('fund_id', 'integer', (col) => col.notNull().references('lab_funds.id'))
        .addColumn('requester_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('requester_email', 'varchar(100)', (col) => col.notNull())
        .addColumn('status', 'varchar(24)', (col) => col.notNull())
        .addCheckConstraint(
          'requests_status',
          sql`status in (${sql.join(STATUSES.map((status) => sql.lit(status)))})`,
        )
        .addColumn('needed_by', 'text')
        .addColumn('note', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
        .addColumn('reason', 'varchar(1000)')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('submitted_at', 'text', (col) => col.notNull())
        .addColumn('approved_at', 'text')
        .addColumn('approved_by', 'varchar(100)')
        .addColumn('store_approved_at', 'text')
        .addColumn('store_approved_by', 'varchar(100)')
        .execute();
      await db.schema
        .createIndex('requests_location_status')
        .on('requests')
        .columns(['location_id', 'status'])
        .execute();
      // The store's queue: approved requests, oldest needed-by first.
      await db.schema
        .createIndex('requests_status_needed_by')
        .on('requests')
        .columns(['status', 'needed_by', 'id'])
        .execute();

      await db.schema
        .createTable('request_lines')
        .addColumn(...id())
        .addColumn('request_id', 'integer', (col) =>
          col.notNull().references('requests.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('object_type', 'varchar(12)', (col) => col.notNull())
        .addColumn('object_id', 'integer', (col) => col.notNull())
        .addColumn('quantity', 'bigint', (col) => col.notNull())
        .addColumn('approved_quantity', 'bigint')
        .addColumn('issued_quantity', 'bigint', (col) => col.notNull().defaultTo(0))
        .addUniqueConstraint('request_lines_record', ['request_id', 'object_type', 'object_id'])
        .execute();
      // A stock record named by a request line cannot be deleted: this index finds whether one names it.
      await db.schema
        .createIndex('request_lines_object')
        .on('request_lines')
        .columns(['object_type', 'object_id'])
        .execute();

      await db.schema
        .alterTable('issues')
        .addColumn('request_id', 'integer', (col) => col.references('requests.id'))
        .execute();
      await db.schema
        .alterTable('issues')
        .addColumn('fund_id', 'integer', (col) => col.references('lab_funds.id'))
        .execute();
      await db.schema.createIndex('issues_request').on('issues').column('request_id').execute();
      await db.schema.alterTable('issue_lines').addColumn('unit_price_e4', 'bigint').execute();
      await db.schema
        .alterTable('issue_lines')
        .addColumn('request_line_id', 'integer', (col) => col.references('request_lines.id'))
        .execute();

      await db.schema
        .createTable('charges')
        .addColumn(...id())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('location_id', 'integer', (col) => col.notNull().references('store_consumers.id'))
        .addColumn('fund_id', 'integer', (col) => col.references('lab_funds.id'))
        .addColumn('issue_id', 'integer', (col) => col.notNull().references('issues.id'))
        .addColumn('issue_line_id', 'integer', (col) => col.notNull().references('issue_lines.id'))
        .addColumn('kind', 'varchar(6)', (col) => col.notNull())
        .addCheckConstraint('charges_kind', sql`kind in ('ISSUE', 'RETURN')`)
        .addColumn('object_type', 'varchar(12)', (col) => col.notNull())
        .addColumn('object_id', 'integer', (col) => col.notNull())
        .addColumn('quantity', 'bigint', (col) => col.notNull())
        .addColumn('unit_price_e4', 'bigint')
        .addColumn('amount', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('user_email', 'varchar(100)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('charges_created').on('charges').columns(['created_at', 'id']).execute();
      await db.schema
        .createIndex('charges_location_created')
        .on('charges')
        .columns(['location_id', 'created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('charges').execute();
      await db.schema.alterTable('issue_lines').dropColumn('request_line_id').execute();
      await db.schema.alterTable('issue_lines').dropColumn('unit_price_e4').execute();
      await db.schema.dropIndex('issues_request').execute();
      await db.schema.alterTable('issues').dropColumn('fund_id').execute();
      await db.schema.alterTable('issues').dropColumn('request_id').execute();
      await db.schema.dropTable('request_lines').execute();
      await db.schema.dropTable('requests').execute();
      await db.schema.dropTable('lab_funds').execute();
      for (const table of [...stockTables, ...stagingTables]) {
        await db.schema.alterTable(table).dropColumn('unit_price_e4').execute();
      }
    },
  };
}
