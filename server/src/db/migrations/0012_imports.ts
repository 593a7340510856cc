import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Spreadsheet imports (docs/api.md §13). An import is first a session: the uploaded file's header row and cells,
// kept here (not in the process's memory) so every step — mapping, preview, commit — can run on any server process
// sharing the database, and the file need not be sent again. Committing clears the cells and keeps the counts;
// quantities arrive as IMPORT ledger entries carrying the import's id, which is what an undo takes back
// (REVERSAL entries with the same id). The author's e-mail is kept as text, like shipments, so the list still
// says who after the account is deleted.
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
        .createTable('imports')
        .addColumn(...id())
        .addColumn('object_type', 'varchar(12)', (col) => col.notNull())
        .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('user_email', 'varchar(100)', (col) => col.notNull())
        .addColumn('status', 'varchar(12)', (col) => col.notNull())
        .addColumn('headers', 'text', (col) => col.notNull())
        .addColumn('cells', 'text')
        .addColumn('row_count', 'integer', (col) => col.notNull())
        .addColumn('committed_at', 'text')
        .addColumn('created_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('added_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('skipped_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('reverted_at', 'text')
        .addColumn('reverted_by', 'varchar(100)')
        .execute();
      await db.schema.createIndex('imports_created').on('imports').columns(['created_at', 'id']).execute();

      // Like shipment_id, no foreign key: the ledger is append-only and outlives nothing it names.
      await db.schema.alterTable('stock_ledger').addColumn('import_id', 'integer').execute();
      await db.schema.createIndex('stock_ledger_import').on('stock_ledger').column('import_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('stock_ledger_import').execute();
      await db.schema.alterTable('stock_ledger').dropColumn('import_id').execute();
      await db.schema.dropTable('imports').execute();
    },
  };
}
