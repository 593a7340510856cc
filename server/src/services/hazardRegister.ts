import type { Executor } from '../db/executor';
import { keysetBatches } from '../db/slices';
import { findHazardousStockAfter, type HazardousStockRow } from '../db/repositories/hazardRegister';
import {
  derivePictograms,
  effectiveSignalWord,
  normalizeHazardCodes,
  type GhsPictogramCode,
  type SignalWord,
} from '../domain/chemistry/ghs';
import { fromBaseQuantity } from '../domain/stockKindHelpers';

// The hazard register (issue 33, item 6): every hazardous substance in stock, what its label says, how much of it
// the store holds and where. A safety officer's list, read from the stock records in keyset batches.

/** Where some of a substance is kept: a storage place (null: none recorded), what is there and in which records. */
export interface HazardPlace {
  storage_place: string | null;
  /** ml. */
  quantity: number;
  record_ids: number[];
}

/** One substance of the register: its catalog entry, its label and its stock. */
export interface HazardRegisterEntry {
  chemical_id: number;
  name: string;
  cas_rn: string;
  hazard_statements: string[];
  signal_word: SignalWord | null;
  pictograms: GhsPictogramCode[];
  /** ml in stock, over all its records. */
  quantity: number;
  places: HazardPlace[];
}

/** Records per read: a batch of 2,000 holds SQLite's event loop about 25 ms (services/stock.ts). */
const RECORDS_PER_READ = 2000;

interface Substance {
  /** The first of its records read: the substance's name, CAS number and hazards (every record of it shows them). */
  row: HazardousStockRow;
  /** Thousandths of a ml. */
  quantity: number;
  places: Map<string | null, { quantity: number; record_ids: number[] }>;
}

function entryOf({ row, quantity, places }: Substance): HazardRegisterEntry {
  const statements = normalizeHazardCodes(row.hazard_statements.split(','));
  const signalWord = effectiveSignalWord(statements, row.signal_word_override);
  return {
    chemical_id: row.chemical_id,
    name: row.name,
    cas_rn: row.cas_rn,
    hazard_statements: statements,
    signal_word: signalWord,
    pictograms: derivePictograms(statements),
    quantity: fromBaseQuantity('chemical', quantity),
    places: [...places]
      // Places by name, byte by byte as the lists order text; the records without one last.
      .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0))
      .map(([place, held]) => ({
        storage_place: place,
        quantity: fromBaseQuantity('chemical', held.quantity),
        record_ids: held.record_ids,
      })),
  };
}

/**
 * Every substance with hazard statements of which the store holds some, by name: the register. It holds one entry
 * per such substance (a catalog of thousands at most), never the records themselves.
 */
export async function hazardRegister(db: Executor): Promise<HazardRegisterEntry[]> {
  const substances = new Map<number, Substance>();
  const batches = keysetBatches<HazardousStockRow>(
    (after, size) => findHazardousStockAfter(db, after?.id ?? 0, size),
    RECORDS_PER_READ,
  );
  for await (const rows of batches) {
    for (const row of rows) {
      let substance = substances.get(row.chemical_id);
      if (substance === undefined) {
        substance = { row, quantity: 0, places: new Map() };
        substances.set(row.chemical_id, substance);
      }
      substance.quantity += row.quantity;
      const place = row.storage_place;
      const held = substance.places.get(place) ?? { quantity: 0, record_ids: [] };
      held.quantity += row.quantity;
      held.record_ids.push(row.id);
      substance.places.set(place, held);
    }
  }
  return [...substances.values()]
    .sort((a, b) => (a.row.name_key < b.row.name_key ? -1 : a.row.name_key > b.row.name_key ? 1 : 0))
    .map(entryOf);
}
