import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// The audit log: one row per action that changes no quantity (sign-in failures and lock-outs, users, stock records,
// locations, files and their links, categories). Rows are only ever inserted. The actor's id has no foreign key:
// it stays after the account is deleted, next to the e-mail, so the log still says who. `search_text` holds the
// target label and the actor's e-mail lower-cased, so the text filter compares the same way on both engines.
export default function migration(dialect: Dialect): Migration {
  const id = () =>
    [
      'id',
      dialect === 'postgres' ? 'serial' : 'integer',
      (col: ColumnDefinitionBuilder) =>
        dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
    ] as const;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn(...id())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('action', 'varchar(32)', (col) => col.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_email', 'varchar(254)', (col) => col.notNull())
        .addColumn('actor_email_lower', 'varchar(254)', (col) => col.notNull())
        .addColumn('target_type', 'varchar(16)', (col) => col.notNull())
        .addColumn('target_id', 'integer')
        .addColumn('target_label', 'text', (col) => col.notNull())
        .addColumn('changes', 'text')
        .addColumn('ip', 'varchar(64)', (col) => col.notNull())
        .addColumn('search_text', 'text', (col) => col.notNull())
        .execute();
      // Newest first, unfiltered and by each exact filter.
      await db.schema
        .createIndex('audit_log_created')
        .on('audit_log')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_action')
        .on('audit_log')
        .columns(['action', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_actor')
        .on('audit_log')
        .columns(['actor_email_lower', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_log_target')
        .on('audit_log')
        .columns(['target_type', 'target_id', 'created_at', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
