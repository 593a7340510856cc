import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Which request lines a store manager approved as CMR lines (issue 33, item 19). The CMR rule was checked once, on
// the requested record, when the lab's manager approved: a line approved by the lab alone could be fulfilled after
// its substance gained H350. Fulfilment now checks the records it picks, and a line whose records need the store's
// approval, which it has not had, goes back to the store. `store_approved` is set on the lines that needed it when
// the store approved. Requests the store approved before this was kept count as approved by the store line by line.
export default function migration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('request_lines')
        .addColumn('store_approved', 'boolean', (col) => col.notNull().defaultTo(false))
        .execute();
      await sql`update request_lines set store_approved = true where request_id in
        (select id from requests where store_approved_at is not null)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('request_lines').dropColumn('store_approved').execute();
    },
  };
}
