import { type Kysely, type Migration } from 'kysely';

// Frozen: this migration never imports app code and is never edited once released.
//
// Store lists come in pages, ordered by any column the Store shows, ties broken by the record id. Each index
// below holds one such order, so the first page of 70,000 records is read from an index instead of sorting them
// all: by a stock column directly; by a catalog name through the catalog's unique name key, then the entry's
// stock rows in id order. The same indexes find the rows of the catalog entries a search matches. Catalog
// values with no index of their own (CAS RN, formula, weight) are sorted per request.
const ORDER_INDEXES: Record<string, string[]> = {
  chemical_stock: ['chemical_id', 'manufacturer_id', 'supplier_id', 'purity_hundredths', 'quantity', 'state'],
  instrument_stock: ['instrument_id', 'manufacturer_id', 'supplier_id', 'quantity'],
  glassware_stock: [
    'glassware_id',
    'manufacturer_id',
    'supplier_id',
    'quantity',
    'size',
    'material_type_key',
  ],
};

const indexName = (table: string, column: string) => `${table}_${column}_order`;

export default function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, columns] of Object.entries(ORDER_INDEXES)) {
        for (const column of columns) {
          await db.schema.createIndex(indexName(table, column)).on(table).columns([column, 'id']).execute();
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [table, columns] of Object.entries(ORDER_INDEXES)) {
        for (const column of columns) await db.schema.dropIndex(indexName(table, column)).execute();
      }
    },
  };
}
