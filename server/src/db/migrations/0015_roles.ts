import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Roles (issue 23). Every account has one role: `store_manager` (what every account could do before, so existing
// accounts and accounts created without a role keep it), `auditor` (reads the admin area, changes nothing) or
// `lab_user` (sees the labs it is a member of). A lab user's labs are locations (store_consumers) with a role in
// each, `manager` or `member`; a membership goes with its account and with its location.
export default function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'varchar(13)', (col) =>
          col
            .notNull()
            .defaultTo('store_manager')
            .check(sql`role in ('store_manager', 'auditor', 'lab_user')`),
        )
        .execute();

      await db.schema
        .createTable('lab_memberships')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
          dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('location_id', 'integer', (col) =>
          col.notNull().references('store_consumers.id').onDelete('cascade'),
        )
        .addColumn('role', 'varchar(7)', (col) => col.notNull())
        .addCheckConstraint('lab_memberships_role', sql`role in ('manager', 'member')`)
        .addUniqueConstraint('lab_memberships_user_location', ['user_id', 'location_id'])
        .execute();
      // The access check of a lab route asks for one (user, location) pair: the unique constraint's index answers
      // it; the member list of a location reads this one.
      await db.schema
        .createIndex('lab_memberships_location')
        .on('lab_memberships')
        .columns(['location_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('lab_memberships').execute();
      await db.schema.alterTable('users').dropColumn('role').execute();
    },
  };
}
