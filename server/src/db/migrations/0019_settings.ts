import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// What the database itself must remember across restarts (issue 33): one row per setting. The first is the
// currency its amounts (unit prices, charges) were written in, so a restart with another CURRENCY is refused instead
// of relabelling them (bootstrap.ts). Written at the first start, not here: a migration does not read the config.
export default function migration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('name', 'varchar(60)', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('settings').execute();
    },
  };
}
