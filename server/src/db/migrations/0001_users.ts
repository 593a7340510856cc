import { type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
export default function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
          dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn('email', 'varchar(100)', (col) => col.notNull())
        .addColumn('email_lower', 'varchar(100)', (col) => col.notNull().unique())
        .addColumn('first_name', 'varchar(150)', (col) => col.notNull())
        .addColumn('last_name', 'varchar(150)', (col) => col.notNull())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('is_superuser', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .addColumn('email_lower', 'varchar(255)', (col) => col.notNull())
        .addColumn('failures', 'integer', (col) => col.notNull())
        .addColumn('last_failure_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('login_failures_pk', ['ip', 'email_lower'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('login_failures').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
