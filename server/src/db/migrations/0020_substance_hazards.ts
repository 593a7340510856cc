import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './index';

// Frozen: this migration never imports app code and is never edited once released.
//
// Hazards belong to the substance (issue 33, item 5): a second record of dichloromethane showed none of the first
// one's hazards. The H-codes and the signal-word override move from the stock records to their chemical entry, so
// every record of a substance shows them. 0013 kept them per record because a classification can depend on the
// concentration; issue 33 decides for one classification per substance, stated on every record of it (a solution
// classified otherwise is its own catalog entry, under its own name). `storage_classes` stays on the record: whether
// what a bottle holds is stored as an acid or as aqueous does depend on the bottle.
//
// What records hold today is merged per chemical entry: the union of their codes, in code order; the signal word
// the strongest any record shows (Danger over Warning over none), stored as an override only where the union's codes
// derive another one. Records with no hazard data (no code, no override) take no part: they said nothing. Where the
// records that do say something show different signal words, the entry takes the strongest and the audit log gets a
// `substance.hazards_merged` entry naming the records and their words.

/** The GHS codes in code order (domain/chemistry/ghs.ts when this was written), and which call for which word. */
const CODE_ORDER = [
  'H200', 'H201', 'H202', 'H203', 'H204', 'H205', 'H206', 'H207', 'H208', 'H220', 'H221', 'H222', 'H223', 'H224',
  'H225', 'H226', 'H227', 'H228', 'H229', 'H230', 'H231', 'H232', 'H240', 'H241', 'H242', 'H250', 'H251', 'H252',
  'H260', 'H261', 'H270', 'H271', 'H272', 'H280', 'H281', 'H282', 'H283', 'H284', 'H290', 'H300', 'H301', 'H302',
  'H303', 'H304', 'H305', 'H310', 'H311', 'H312', 'H313', 'H314', 'H315', 'H316', 'H317', 'H318', 'H319', 'H320',
  'H330', 'H331', 'H332', 'H333', 'H334', 'H335', 'H336', 'H340', 'H341', 'H350', 'H350i', 'H351', 'H360', 'H360F',
  'H360D', 'H360FD', 'H360Fd', 'H360Df', 'H361', 'H361f', 'H361d', 'H361fd', 'H362', 'H370', 'H371', 'H372', 'H373',
  'H400', 'H401', 'H402', 'H410', 'H411', 'H412', 'H413', 'H420',
]; // prettier-ignore
const DANGER_CODES = new Set([
  'H200', 'H201', 'H202', 'H203', 'H205', 'H206', 'H207', 'H220', 'H221', 'H222', 'H224', 'H225', 'H228', 'H232',
  'H240', 'H241', 'H242', 'H250', 'H251', 'H260', 'H261', 'H270', 'H271', 'H272', 'H282', 'H300', 'H301', 'H304',
  'H310', 'H311', 'H314', 'H318', 'H330', 'H331', 'H334', 'H340', 'H350', 'H350i', 'H360', 'H360F', 'H360D',
  'H360FD', 'H360Fd', 'H360Df', 'H370', 'H372',
]); // prettier-ignore
const WARNING_CODES = new Set([
  'H204', 'H208', 'H223', 'H226', 'H227', 'H229', 'H252', 'H280', 'H281', 'H283', 'H284', 'H290', 'H302', 'H303',
  'H305', 'H312', 'H313', 'H315', 'H316', 'H317', 'H319', 'H320', 'H332', 'H333', 'H335', 'H336', 'H341', 'H351',
  'H361', 'H361f', 'H361d', 'H361fd', 'H371', 'H373', 'H400', 'H410', 'H420',
]); // prettier-ignore

type Word = 'DANGER' | 'WARNING' | 'NONE';
type Override = Word | null;

const STRENGTH: Record<Word, number> = { NONE: 0, WARNING: 1, DANGER: 2 };
const TEXT: Record<Word, string> = { DANGER: 'Danger', WARNING: 'Warning', NONE: 'none' };

const listOf = (stored: string): string[] => (stored === '' ? [] : stored.split(','));

function derivedWord(codes: readonly string[]): Word {
  if (codes.some((code) => DANGER_CODES.has(code))) return 'DANGER';
  if (codes.some((code) => WARNING_CODES.has(code))) return 'WARNING';
  return 'NONE';
}

const shownWord = (codes: readonly string[], override: Override): Word => override ?? derivedWord(codes);

interface StockHazards {
  id: number;
  chemical_id: number;
  hazard_statements: string;
  signal_word_override: Override;
}

export default function migration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('chemicals')
        .addColumn('hazard_statements', 'varchar(600)', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('chemicals').addColumn('signal_word_override', 'varchar(7)').execute();

      const { rows } = await sql<StockHazards>`
        select id, chemical_id, hazard_statements, signal_word_override from chemical_stock
        where hazard_statements <> '' or signal_word_override is not null
        order by chemical_id, id`.execute(db);
      const bySubstance = new Map<number, StockHazards[]>();
      for (const row of rows) {
        const chemicalId = Number(row.chemical_id);
        const records = bySubstance.get(chemicalId);
        if (records) records.push(row);
        else bySubstance.set(chemicalId, [row]);
      }
      const at = new Date().toISOString();
      for (const [chemicalId, records] of bySubstance) {
        const marked = new Set(records.flatMap((record) => listOf(record.hazard_statements)));
        const codes = CODE_ORDER.filter((code) => marked.has(code));
        const words = records.map((record) =>
          shownWord(listOf(record.hazard_statements), record.signal_word_override),
        );
        const strongest = words.reduce((a, b) => (STRENGTH[b] > STRENGTH[a] ? b : a));
        const override = strongest === derivedWord(codes) ? null : strongest;
        await sql`update chemicals set hazard_statements = ${codes.join(',')},
          signal_word_override = ${override} where id = ${chemicalId}`.execute(db);
        if (new Set(words).size < 2) continue;
        const { rows: names } = await sql<{ name: string }>`
          select name from chemicals where id = ${chemicalId}`.execute(db);
        const label = `${names[0]?.name ?? `chemical entry ${chemicalId}`} (substance #${chemicalId})`;
        const before = records
          .map((record, index) => `chemical #${record.id}: ${TEXT[words[index]]}`)
          .join(', ');
        const changes = JSON.stringify({ signal_word: [before, TEXT[strongest]] });
        const actor = 'migration 0020_substance_hazards';
        await sql`insert into audit_log (created_at, action, actor_id, actor_email, actor_email_lower, target_type,
          target_id, target_label, changes, ip, search_text)
          values (${at}, 'substance.hazards_merged', null, ${actor}, ${actor}, 'substance', ${chemicalId},
          ${label}, ${changes}, '', ${`${label}\n${actor}`.toLowerCase()})`.execute(db);
      }

      await db.schema.alterTable('chemical_stock').dropColumn('signal_word_override').execute();
      await db.schema.alterTable('chemical_stock').dropColumn('hazard_statements').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .alterTable('chemical_stock')
        .addColumn('hazard_statements', 'varchar(600)', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('chemical_stock').addColumn('signal_word_override', 'varchar(7)').execute();
      await sql`update chemical_stock set
        hazard_statements = (select c.hazard_statements from chemicals c where c.id = chemical_stock.chemical_id),
        signal_word_override = (select c.signal_word_override from chemicals c where c.id = chemical_stock.chemical_id)
        `.execute(db);
      await db.schema.alterTable('chemicals').dropColumn('signal_word_override').execute();
      await db.schema.alterTable('chemicals').dropColumn('hazard_statements').execute();
    },
  };
}
