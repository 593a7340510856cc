import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// The search-change log gets a time per note so old notes can be pruned, and a one-row table that remembers the
// highest seq ever pruned: a process whose index stopped below it may have missed notes and reloads everything.
export default function migration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Notes written before this migration count as written now; the app always writes the time itself, so the
      // default only dates those.
      const migratedAt = new Date().toISOString();
      await db.schema
        .alterTable('search_changes')
        .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(migratedAt))
        .execute();
      await db.schema
        .createIndex('search_changes_created_at')
        .on('search_changes')
        .column('created_at')
        .execute();

      await db.schema
        .createTable('search_changes_pruned')
        .addColumn('through_seq', 'integer', (col) => col.notNull())
        .execute();
      await sql`insert into search_changes_pruned (through_seq) values (0)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('search_changes_pruned').execute();
      await db.schema.dropIndex('search_changes_created_at').execute();
      await db.schema.alterTable('search_changes').dropColumn('created_at').execute();
    },
  };
}
