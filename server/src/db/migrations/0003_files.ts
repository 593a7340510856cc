import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// The file library. Links cascade from both sides: deleting a category or a chemical stock record removes its
// links and leaves the files, and deleting a file removes its links, with no code needed in the services.
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
        .createTable('categories')
        .addColumn(...id())
        .addColumn('name', 'varchar(50)', (col) => col.notNull())
        .addColumn('name_key', 'varchar(50)', (col) => col.notNull().unique())
        .execute();

      await db.schema
        .createTable('files')
        .addColumn(...id())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('stored_name', 'varchar(255)', (col) => col.notNull().unique())
        .addColumn('size_bytes', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('files_newest_first').on('files').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('file_categories')
        .addColumn('file_id', 'integer', (col) => col.notNull().references('files.id').onDelete('cascade'))
        .addColumn('category_id', 'integer', (col) =>
          col.notNull().references('categories.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('file_categories_pk', ['file_id', 'category_id'])
        .execute();
      // The primary key serves lookups by file; the cascade from categories needs its own index.
      await db.schema
        .createIndex('file_categories_category')
        .on('file_categories')
        .column('category_id')
        .execute();

      await db.schema
        .createTable('file_chemicals')
        .addColumn('file_id', 'integer', (col) => col.notNull().references('files.id').onDelete('cascade'))
        .addColumn('chemical_stock_id', 'integer', (col) =>
          col.notNull().references('chemical_stock.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('file_chemicals_pk', ['file_id', 'chemical_stock_id'])
        .execute();
      await db.schema
        .createIndex('file_chemicals_chemical_stock')
        .on('file_chemicals')
        .column('chemical_stock_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['file_chemicals', 'file_categories', 'files', 'categories']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
