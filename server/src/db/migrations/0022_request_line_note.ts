import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// A request line's own note (issue 34): what the lab adds for the store about one line, a grade, a brand or a pack
// size. Lines written before it have none.
export default function migration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('request_lines')
        .addColumn('note', 'varchar(200)', (col) => col.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('request_lines').dropColumn('note').execute();
    },
  };
}
