import { type Kysely, type Migration } from 'kysely';

// Frozen: this migration never imports app code and is never edited once released.
//
// Hazard data of chemical stock records (docs/api.md, 'Hazard data'). On the stock record rather than the chemical
// entry because a classification depends on the concentration, which the record's purity gives (30 % hydrogen
// peroxide is an oxidiser, 3 % is not). `hazard_statements` holds GHS H-codes, comma-separated in code order
// (`H225,H319`; empty: none); the pictograms and the signal word are derived from them when read, so they are not
// stored. `signal_word_override` is null while the signal word is the derived one, else `DANGER`, `WARNING` or
// `NONE`. `storage_classes` holds what the codes cannot tell and storage compatibility needs: `ACID`, `BASE`,
// `AQUEOUS`, comma-separated (empty: none). Existing records get no hazard data.
export default function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('chemical_stock')
        .addColumn('hazard_statements', 'varchar(600)', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('chemical_stock').addColumn('signal_word_override', 'varchar(7)').execute();
      await db.schema
        .alterTable('chemical_stock')
        .addColumn('storage_classes', 'varchar(30)', (col) => col.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('chemical_stock').dropColumn('storage_classes').execute();
      await db.schema.alterTable('chemical_stock').dropColumn('signal_word_override').execute();
      await db.schema.alterTable('chemical_stock').dropColumn('hazard_statements').execute();
    },
  };
}
