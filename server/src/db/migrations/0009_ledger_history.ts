import { sql, type Kysely, type Migration } from 'kysely';

// Frozen: this migration never imports app code and is never edited once released.
//
// History you can undo without rewriting it: a shipment merge can be reverted (REVERSAL ledger entries take its
// quantities back; the shipment stays, marked with when and by whom), and issued quantities can be returned
// (RETURN ledger entries; each issue line keeps how much of it came back). The global ledger list reads entries
// newest first across all records, so it gets an index in that order.
export default function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('shipments').addColumn('reverted_at', 'text').execute();
      await db.schema.alterTable('shipments').addColumn('reverted_by', 'varchar(100)').execute();

      // The last guard of the return rule (never more back than was issued); the service checks it first.
      await db.schema
        .alterTable('issue_lines')
        .addColumn('returned_quantity', 'bigint', (col) =>
          col
            .notNull()
            .defaultTo(0)
            .check(sql`returned_quantity >= 0 and returned_quantity <= quantity`),
        )
        .execute();

      await db.schema
        .createIndex('stock_ledger_created')
        .on('stock_ledger')
        .columns(['created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('stock_ledger_created').execute();
      await db.schema.alterTable('issue_lines').dropColumn('returned_quantity').execute();
      await db.schema.alterTable('shipments').dropColumn('reverted_by').execute();
      await db.schema.alterTable('shipments').dropColumn('reverted_at').execute();
    },
  };
}
