import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Live updates, no silent overwrites, several server processes (issue 25).
// - The change feed: every committed change is one or more rows here, numbered in one sequence and written in the
//   transaction of the change. `topic` and `action` name what changed, `ids` the rows (a JSON array; `[]` stands
//   for "many, refetch the list"), `lab_id` and `user_id` the lab or person an event is scoped to, where its topic
//   has such an audience, `actor_id` who acted and `origin` the browser tab that asked (so it can skip its own).
//   Old events are pruned; the one-row watermark remembers the highest seq pruned, so a client asking to resume
//   below it is told to reload instead of missing events.
// - Versions: the records people edit (stock records, locations, users, categories, files) count their changes,
//   so a write based on an older read can be refused (If-Match) instead of silently overwriting a newer one.
// - File contents in the database, for several processes (or machines) serving one department: a file's bytes in
//   chunks, so a byte range reads only the chunks it covers and nothing holds a whole file in memory.
// - Rate-limit counters shared by every process (the per-address sign-in limit): one row per key and window.
export default function migration(dialect: Dialect): Migration {
  const seq = [
    'seq',
    dialect === 'postgres' ? 'bigserial' : 'integer',
    (col: ColumnDefinitionBuilder) =>
      dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
  ] as const;
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  const versionedTables = [
    'chemical_stock',
    'instrument_stock',
    'glassware_stock',
    'store_consumers',
    'users',
    'categories',
    'files',
  ];

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('change_events')
        .addColumn(...seq)
        .addColumn('topic', 'varchar(40)', (col) => col.notNull())
        .addColumn('action', 'varchar(40)', (col) => col.notNull())
        .addColumn('ids', 'text', (col) => col.notNull())
        .addColumn('lab_id', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('actor_id', 'integer')
        .addColumn('origin', 'varchar(64)')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('change_events_created_at')
        .on('change_events')
        .column('created_at')
        .execute();
      await db.schema
        .createTable('change_events_pruned')
        .addColumn('through_seq', 'bigint', (col) => col.notNull())
        .execute();
      await sql`insert into change_events_pruned (through_seq) values (0)`.execute(db);

      for (const table of versionedTables) {
        await db.schema
          .alterTable(table)
          .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
          .execute();
      }

      await db.schema
        .createTable('file_blobs')
        .addColumn('name', 'varchar(300)', (col) => col.primaryKey())
        .addColumn('size_bytes', 'bigint', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('file_blob_chunks')
        .addColumn('name', 'varchar(300)', (col) =>
          col.notNull().references('file_blobs.name').onDelete('cascade'),
        )
        .addColumn('chunk', 'integer', (col) => col.notNull())
        .addColumn('data', bytes, (col) => col.notNull())
        .addPrimaryKeyConstraint('file_blob_chunks_pk', ['name', 'chunk'])
        .execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(300)', (col) => col.primaryKey())
        .addColumn('hits', 'integer', (col) => col.notNull())
        .addColumn('resets_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_resets_at').on('rate_limits').column('resets_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limits').execute();
      await db.schema.dropTable('file_blob_chunks').execute();
      await db.schema.dropTable('file_blobs').execute();
      for (const table of versionedTables) await db.schema.alterTable(table).dropColumn('version').execute();
      await db.schema.dropTable('change_events_pruned').execute();
      await db.schema.dropTable('change_events').execute();
    },
  };
}
