import { type Kysely, type Migration } from 'kysely';

// Frozen: this migration never imports app code and is never edited once released.
//
// users.token_version goes up by one on every password change; tokens carry the version they were issued under,
// so changing a password ends every token issued before it, however close in time. Tokens issued before this
// migration have no version claim and count as version 0, so they keep working until the first change.
export default function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('token_version').execute();
    },
  };
}
