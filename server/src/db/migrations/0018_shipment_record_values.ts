import { type Kysely, type Migration } from 'kysely';

// Frozen: this migration never imports app code and is never edited once released.
//
// What a shipment merge did to a record's expiry date and unit price (issue 33: the earliest date kept, the price
// averaged by quantity), so that undoing the shipment can give back the values it replaced. One row per record whose
// date or price the merge changed; both fields as they were before and after it (equal when unchanged). Dates are
// `YYYY-MM-DD`, prices ten-thousandths of the major unit; null: none.
export default function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shipment_record_values')
        .addColumn('shipment_id', 'integer', (col) => col.notNull().references('shipments.id'))
        .addColumn('stock_id', 'integer', (col) => col.notNull())
        .addColumn('expiry_before', 'varchar(10)')
        .addColumn('expiry_after', 'varchar(10)')
        .addColumn('unit_price_e4_before', 'bigint')
        .addColumn('unit_price_e4_after', 'bigint')
        .addPrimaryKeyConstraint('shipment_record_values_pk', ['shipment_id', 'stock_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('shipment_record_values').execute();
    },
  };
}
