import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { isForeignKeyViolation } from '../db/errors';
import type { NewStockRow, StockRecords, StockRow, StockRowChanges } from '../db/repositories/stock';
import { deleteAdjustments } from '../db/repositories/stockLedger';
import { everyRow, keysetBatches } from '../db/slices';
import {
  countStockRecords,
  findStockIdsAfter,
  findStockPositionsAfter,
  findStockRecordIds,
  findStockRecordsInOrder,
  type StockListPosition,
} from '../db/repositories/stockListing';
import { stockReferences } from '../db/repositories/stockReferences';
import { findFileIdsOfChemical, raiseFileVersions } from '../db/repositories/files';
import { changedValues } from '../db/versions';
import { molarMass } from '../domain/chemistry/formula';
import { deriveSignalWord, normalizeHazardCodes, signalWordOverride } from '../domain/chemistry/ghs';
import { STORAGE_CLASSES } from '../domain/chemistry/storageCompatibility';
import { roundToThousandths } from '../domain/quantity';
import { specOf, type SpecTable, type StockKind } from '../domain/stockKinds';
import { OBJECT_TYPES, toBaseQuantity, toStored } from '../domain/stockKindHelpers';
import { isFiltered, type StockListing } from '../domain/stockListing';
import { conflict, notFound } from '../http/errors';
import type { IfMatch } from '../http/versions';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { recordSearchChanges } from '../search/changeLog';
import { ValidationError } from '../validation/errors';
import { refusingDuplicates } from '../validation/duplicates';
import {
  type Actor,
  type Changes,
  fieldChanges,
  recordAudit,
  stockSnapshot,
  stockTarget,
} from '../audit/entries';
import { refuseUnchargeablePrice } from './requests';
import { moveStock, stockKey } from './stockMovement';
import { checkVersion } from '../audit/versions';
import * as stock from '../db/repositories/stock';

export interface StockContext {
  db: Db;
  dialect: Dialect;
  /** The clock of ledger timestamps. */
  now: () => Date;
}

// The §4.3 write fields in API units, after validation (catalog names already taken from their nested forms), typed
// from the stock-kind table as contract/stock.ts builds their bodies from it: required fields present, the
// others optional (absent keeps the value, or none on create; null clears it where the field is nullable).
type WriteFieldOf<K extends StockKind> = SpecTable[K]['fields'][number];
type WrittenValue<F> = F extends { input: { type: 'choice'; choices: readonly (infer Code)[] } }
  ? Code
  : F extends { input: { type: 'number' } }
    ? number
    : F extends { input: { type: 'codes' } }
      ? string[]
      : string;
type Written<F> = F extends { nullable: true } ? WrittenValue<F> | null : WrittenValue<F>;
type StockWriteOf<K extends StockKind> = {
  [F in Extract<WriteFieldOf<K>, { required: true }> as F['name']]: Written<F>;
} & { [F in Exclude<WriteFieldOf<K>, { required: true }> as F['name']]?: Written<F> };

type KindWrites = { [K in StockKind]: StockWriteOf<K> };
/** The fields every kind's write has, readable where the kind is a type parameter. */
type SharedWrite = Pick<KindWrites[StockKind], keyof KindWrites[StockKind]>;

export type StockWrites = { [K in StockKind]: SharedWrite & StockWriteOf<K> };
export type ChemicalWrite = StockWrites['chemical'];

const duplicateRecord = () =>
  ValidationError.field('non_field_errors', 'A stock record with these identifying fields already exists.');

// ---- From write fields to stored columns ----

interface ResolvedColumns<K extends StockKind> {
  columns: StockRowChanges<K>;
  /** Other records whose shown values changed with a catalog entry (a chemical's CAS RN, formula or weight). */
  alsoChanged: number[];
}

/**
 * How a write reaches the catalogs (§4.4): entries found or created by name, chemicals found by name and saved.
 * Writes use the database directly; an import passes lookups that hold every entry the file names.
 */
export interface CatalogLookup {
  entry: (trx: Db, table: stock.NamedEntryTable, name: string) => Promise<stock.NamedEntry>;
  chemicalByName: (trx: Db, name: string) => Promise<stock.ChemicalRow | undefined>;
  saveChemical: typeof stock.saveChemical;
}

export const DATABASE_CATALOG: CatalogLookup = {
  entry: stock.findOrCreateNamedEntry,
  chemicalByName: stock.findChemicalByName,
  saveChemical: stock.saveChemical,
};

/** The hazard fields kept on the substance (stockKinds' `{on: 'hazards', kept: 'substance'}`). */
const SUBSTANCE_HAZARD_FIELDS = specOf('chemical')
  .fields.filter((field) => field.home.on === 'hazards' && field.home.kept === 'substance')
  .map((field) => field.name);

/** Whether a chemical write sets hazard data of its substance (then its chemical entry is saved). */
const writesSubstanceHazards = (input: object): boolean =>
  SUBSTANCE_HAZARD_FIELDS.some((name) => (input as Record<string, unknown>)[name] !== undefined);

/**
 * The hazard columns a chemical write sets on the record: its storage classes, stored in their one order, each once.
 * The H-codes and signal word are its substance's (substanceValues).
 */
function hazardColumns(
  input: Partial<ChemicalWrite>,
  current: StockRow<'chemical'> | undefined,
): StockRowChanges<'chemical'> {
  // A new record gets the column, even empty: an import inserts many in one statement, where SQLite fills a
  // column some rows leave out with null, which the column refuses.
  const columns: StockRowChanges<'chemical'> = current === undefined ? { storage_classes: '' } : {};
  if (input.storage_classes !== undefined) {
    const marked = new Set(input.storage_classes ?? []);
    columns.storage_classes = STORAGE_CLASSES.filter((storageClass) => marked.has(storageClass)).join(',');
  }
  return columns;
}

/**
 * The chemical entry a write names (§4.4): found by name or created, with its substance values set to the ones
 * sent. Values a PATCH leaves out keep those of the entry found by name, else of the record's current chemical.
 */
async function resolveChemical(
  trx: Db,
  input: Partial<ChemicalWrite>,
  current: StockRow<'chemical'> | undefined,
  catalog: CatalogLookup,
): Promise<{ id: number; substanceChanged: boolean }> {
  const currentChemical = current && (await stock.findChemicalById(trx, current.chemical_id));
  const name = input.name ?? currentChemical?.name;
  // A create sends every field, and an update has the record's chemical to fall back on.
  if (name === undefined) throw new Error('a new chemical entry needs its name, CAS RN and formula');
  const found = await catalog.chemicalByName(trx, name);
  return catalog.saveChemical(trx, name, substanceValues(input, found ?? currentChemical), { found });
}

/**
 * The substance values a write gives its chemical entry (§4.4): those sent, the others those of `base` (the entry
 * found by name, else the record's current chemical); the molar mass computed from the formula unless sent, or
 * kept when neither it nor the formula is sent. A create's values depend on the write alone (`base` undefined).
 * The hazard data too (docs/api.md §16): codes stored in code order, each once; the signal word stored as an
 * override only when it differs from the one the substance's codes (after this write) derive.
 */
export function substanceValues(
  input: Partial<ChemicalWrite>,
  base: stock.SubstanceValues | undefined,
): stock.SubstanceValues {
  const formula = input.molecular_formula ?? base?.molecular_formula;
  const casNumber = input.CAS_RN ?? base?.cas_rn;
  if (formula === undefined || casNumber === undefined) {
    throw new Error('a new chemical entry needs its name, CAS RN and formula');
  }
  const weight =
    typeof input.molecular_weight === 'number'
      ? roundToThousandths(input.molecular_weight)
      : input.molecular_weight === null || input.molecular_formula !== undefined || base === undefined
        ? molarMass(formula)
        : Number(base.molecular_weight);
  const codes =
    input.hazard_statements !== undefined
      ? normalizeHazardCodes(input.hazard_statements ?? [])
      : base?.hazard_statements
        ? base.hazard_statements.split(',')
        : [];
  const override =
    input.signal_word !== undefined
      ? signalWordOverride(input.signal_word, deriveSignalWord(codes))
      : (base?.signal_word_override ?? null);
  return {
    cas_rn: casNumber,
    molecular_formula: formula,
    molecular_weight: weight,
    hazard_statements: codes.join(','),
    signal_word_override: override,
  };
}

/**
 * The stored columns a write sets (§4.4): manufacturer, supplier and the kind's catalog entry found or created by
 * name (a chemical's with its substance values), the record's own fields in stored units (text with its key), and
 * a chemical's hazard data. Entries are resolved in a fixed order (manufacturer, supplier, the kind's own entry), so
 * concurrent writes that create entries wait for each other in the same order and cannot deadlock.
 */
async function resolveColumns<K extends StockKind>(
  trx: Db,
  kind: K,
  input: Partial<StockWrites[K]>,
  current: StockRow<K> | undefined,
  catalog: CatalogLookup,
): Promise<ResolvedColumns<K>> {
  const spec = specOf(kind);
  const values = input as Record<string, unknown>;
  const columns: Record<string, unknown> = {};
  for (const field of spec.fields) {
    const { home } = field;
    const value = values[field.name];
    if (value === undefined) continue;
    if (home.on === 'trade') {
      columns[home.foreignKey] = (await catalog.entry(trx, home.table, value as string)).id;
    } else if (home.on === 'record') {
      columns[home.column] = toStored(kind, field, value);
      if (home.key) columns[home.key] = value === null ? null : stock.nameKey(value as string);
    }
  }
  if (spec.hazards) {
    Object.assign(columns, hazardColumns(input as Partial<ChemicalWrite>, current as StockRow<'chemical'>));
  }
  let alsoChanged: number[] = [];
  if (
    spec.catalog.entry.some((name) => values[name] !== undefined) ||
    (spec.hazards && writesSubstanceHazards(values))
  ) {
    if (spec.catalog.table === 'chemicals') {
      const chemical = await resolveChemical(
        trx,
        input as Partial<ChemicalWrite>,
        current as StockRow<'chemical'>,
        catalog,
      );
      columns[spec.catalog.foreignKey] = chemical.id;
      if (chemical.substanceChanged) alsoChanged = await stock.chemicalStockIds(trx, chemical.id);
    } else {
      // The entry is only its name.
      const name = values[spec.catalog.entry[0]] as string;
      columns[spec.catalog.foreignKey] = (await catalog.entry(trx, spec.catalog.table, name)).id;
    }
  }
  return { columns: columns as StockRowChanges<K>, alsoChanged };
}

/**
 * The stored columns of a new record with these write fields, its catalog entries found or created exactly as a
 * POST finds or creates them (§4.4), and the other records whose shown values changed with its chemical entry.
 */
export function newStockColumns<K extends StockKind>(
  trx: Db,
  kind: K,
  input: StockWrites[K],
  catalog: CatalogLookup,
): Promise<ResolvedColumns<K>> {
  return resolveColumns(trx, kind, input, undefined, catalog);
}

// ---- Reads ----

/**
 * Records per read of a list answered whole. better-sqlite3 runs a statement synchronously from start to end: the
 * 70,000 chemicals read in one statement held the event loop about 800 ms, a batch of 2,000 holds it about 25 ms.
 */
export const STOCK_LIST_BATCH_SIZE = 2000;

/** The records of a kind, searched and ordered as `listing` says; all of them, id ascending, without it. */
export async function listStockRecords<K extends StockKind>(
  context: StockContext,
  kind: K,
  listing: StockListing<K> = { terms: [], ordering: [] },
): Promise<StockRecords[K][]> {
  return everyRow(stockRecordBatches(context, kind, listing, STOCK_LIST_BATCH_SIZE));
}

/** One slice of such a list, and how many records the whole list holds. */
export async function pageStockRecords<K extends StockKind>(
  { db, dialect }: StockContext,
  kind: K,
  listing: StockListing<K>,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: StockRecords[K][] }> {
  const { count, access } = await countStockRecords(db, dialect, kind, listing);
  const ids =
    page.offset < count ? await findStockRecordIds(db, dialect, kind, listing, { page, access }) : [];
  return { count, results: await findStockRecordsInOrder(db, kind, ids) };
}

/** Records per database read of an export. */
export const STOCK_EXPORT_BATCH_SIZE = 500;

/**
 * The list `listing` describes, in batches of `batchSize` read one after another as the consumer asks for them,
 * with a turn for other requests before each batch after the first, so an export of 100,000 records never holds
 * more than one batch of records and no read holds the event loop for more than one batch. The batches are keyset
 * reads (db/slices' keysetBatches): in the default order the ids after the last one sent; searched or ordered, the
 * ids after the last record sent in the list's order (its id and ordered values). The batches are separate statements,
 * not one snapshot: a record deleted meanwhile is left out, and a write committed while the list is read may show
 * in the batches read after it (as it would in a list asked for a moment later).
 */
export async function* stockRecordBatches<K extends StockKind>(
  { db, dialect }: StockContext,
  kind: K,
  listing: StockListing<K>,
  batchSize = STOCK_EXPORT_BATCH_SIZE,
): AsyncGenerator<StockRecords[K][]> {
  if (!isFiltered(listing) && listing.ordering.length === 0) {
    const idBatches = keysetBatches<number>(
      (after, size) => findStockIdsAfter(db, kind, after ?? 0, size),
      batchSize,
    );
    for await (const ids of idBatches) yield await stock.findStockRecords(db, kind, ids);
    return;
  }
  const positions = keysetBatches<StockListPosition>(
    (after, size) => findStockPositionsAfter(db, dialect, kind, listing, after, size),
    batchSize,
  );
  // A record whose ordered value changed between two batches may come again: it is listed once.
  const listed = new Set<number>();
  for await (const batch of positions) {
    const ids = batch.map(({ id }) => id).filter((id) => !listed.has(id));
    for (const id of ids) listed.add(id);
    yield await findStockRecordsInOrder(db, kind, ids);
  }
}

export async function getStockRecord<K extends StockKind>(
  { db }: StockContext,
  kind: K,
  id: number,
): Promise<StockRecords[K]> {
  const record = await stock.findStockRecord(db, kind, id);
  if (!record) throw notFound();
  return record;
}

/** 404 unless the record exists: the lookup of `{id}` routes, before their body is validated. */
export async function requireStockRecord({ db }: StockContext, kind: StockKind, id: number): Promise<void> {
  if (!(await stock.stockRecordExists(db, kind, id))) throw notFound();
}

// ---- Writes: each one transaction, with its ledger entry, audit entry and search-change note ----

/**
 * Whether a record write goes into the audit log: a creation always; an edit when it changes more than the quantity
 * (the ledger records every quantity change, so an edit of the quantity alone writes only its ledger entry). The
 * entry then lists every field that changed, the quantity included.
 */
const auditsEdit = (changes: Changes): boolean => Object.keys(changes).some((field) => field !== 'quantity');

/** How the audit log and the ledger name a stock record, for who changed it last (audit/versions.ts). */
const versionTarget = (kind: StockKind, id: number) => ({ type: kind, id, ledgerType: OBJECT_TYPES[kind] });

async function writeStockRecord<K extends StockKind>(
  { db, dialect, now }: StockContext,
  actor: Actor,
  kind: K,
  id: number | undefined,
  input: Partial<StockWrites[K]>,
  ifMatch?: IfMatch,
): Promise<StockRecords[K]> {
  const objectType = OBJECT_TYPES[kind];
  return writeTransaction(db, async (trx) => {
    // Locked first, so concurrent writes to one record run one after another and each sees the last quantity.
    const current = id === undefined ? undefined : await stock.lockStockRow(trx, dialect, kind, id);
    if (id !== undefined && current === undefined) throw notFound();
    const before = current && (await stock.findStockRecord(trx, kind, current.id));
    if (current && before) {
      await checkVersion(trx, ifMatch, versionTarget(kind, current.id), current.version, before);
    }
    const { columns, alsoChanged } = await resolveColumns(trx, kind, input, current, DATABASE_CATALOG);
    const oldQuantity = current?.quantity ?? 0;
    const quantity = input.quantity === undefined ? oldQuantity : toBaseQuantity(kind, input.quantity);
    // The identity constraint's violation (also when a concurrent request won the race) is the §4.4 400.
    const recordId = await refusingDuplicates(duplicateRecord, async () => {
      if (current === undefined) {
        return stock.insertStockRow(trx, kind, { ...columns, quantity } as NewStockRow<K>);
      }
      // Only what differs is written: an edit that changes nothing keeps the record's version.
      const changed = changedValues(current, columns);
      // Every kind has a price (stockKinds' unitPrice), which the generic row type does not say.
      const newPrice = (changed as { unit_price_e4?: number | null }).unit_price_e4;
      if (newPrice !== undefined) await refuseUnchargeablePrice(trx, kind, current.id, newPrice);
      await stock.updateStockRow(trx, kind, current.id, changed);
      return current.id;
    });
    const ref = { object_type: objectType, object_id: recordId };
    // The row is locked whole above (or created with its quantity): the movement starts from what was read there.
    await moveStock(
      trx,
      {
        changes: [{ ...ref, change: quantity - oldQuantity }],
        before: new Map([[stockKey(ref), oldQuantity]]),
        ...(current === undefined && { inserted: new Set([stockKey(ref)]) }),
      },
      {
        ledger: { kind: 'ADJUSTMENT' },
        at: now().toISOString(),
        actor,
        alsoChanged: alsoChanged.map((object_id) => ({ object_type: objectType, object_id })),
      },
    );
    const record = await stock.findStockRecord(trx, kind, recordId);
    if (!record) throw new Error(`stock record ${recordId} vanished inside its own transaction`);
    const after = stockSnapshot(kind, record);
    const changes = fieldChanges(before ? stockSnapshot(kind, before) : null, after);
    if (before === undefined || auditsEdit(changes)) {
      await recordAudit(trx, {
        at: now(),
        actor,
        action: before === undefined ? 'stock.created' : 'stock.updated',
        target: stockTarget(kind, recordId, after),
        changes,
      });
      // A chemical's files show its name and identifying fields.
      if (before !== undefined && kind === 'chemical') await filesOfChemicalChanged(trx, recordId, actor);
    }
    return record;
  });
}

export async function createStockRecord<K extends StockKind>(
  context: StockContext,
  actor: Actor,
  kind: K,
  input: StockWrites[K],
): Promise<StockRecords[K]> {
  return writeStockRecord(context, actor, kind, undefined, input);
}

/**
 * PUT (the schema requires every field) and PATCH (any subset; the rest keep their values); 412 when If-Match names
 * another version (docs/api.md §28).
 */
export async function updateStockRecord<K extends StockKind>(
  context: StockContext,
  actor: Actor,
  kind: K,
  id: number,
  input: Partial<StockWrites[K]>,
  ifMatch?: IfMatch,
): Promise<StockRecords[K]> {
  return writeStockRecord(context, actor, kind, id, input, ifMatch);
}

/**
 * §4.7: 409 naming what still refers to the record; otherwise the record and its ADJUSTMENT entries go, and the
 * files linked to it lose the link (a new version each). 412 when If-Match names another version.
 */
export async function deleteStockRecord(
  { db, dialect, now }: StockContext,
  actor: Actor,
  kind: StockKind,
  id: number,
  ifMatch?: IfMatch,
): Promise<void> {
  const objectType = OBJECT_TYPES[kind];
  await writeTransaction(db, async (trx) => {
    const row = await stock.lockStockRow(trx, dialect, kind, id);
    if (!row) throw notFound();
    // What went, quantity included: its ADJUSTMENT entries go with it, so this entry is what remains of it.
    const record = await stock.findStockRecord(trx, kind, id);
    if (!record) throw notFound();
    await checkVersion(trx, ifMatch, versionTarget(kind, id), row.version, record);
    const references = await stockReferences(trx, objectType, id);
    if (references.length > 0) {
      throw conflict(`This stock record cannot be deleted: it is referenced by ${references.join(' and ')}.`);
    }
    await deleteAdjustments(trx, objectType, id);
    // Its file links go with it: each file linked to it changes, with a new version.
    if (kind === 'chemical') await raiseFileVersions(trx, await filesOfChemicalChanged(trx, id, actor));
    try {
      await stock.deleteStockRow(trx, kind, id);
    } catch (error) {
      // The last guard: a reference stockReferences does not know yet is a 409, never a 500.
      if (isForeignKeyViolation(error))
        throw conflict('This stock record cannot be deleted: other data still refers to it.');
      throw error;
    }
    await recordSearchChanges(trx, [{ object_type: objectType, object_id: id }]);
    const fields = stockSnapshot(kind, record);
    await recordAudit(trx, {
      at: now(),
      actor,
      action: 'stock.deleted',
      target: stockTarget(kind, id, fields),
      changes: fieldChanges(fields, null),
    });
  });
}

/** The files linked to a chemical record changed with it (their links list it by its fields). */
async function filesOfChemicalChanged(trx: Db, chemicalStockId: number, actor: Actor): Promise<number[]> {
  const ids = await findFileIdsOfChemical(trx, chemicalStockId);
  recordChange(trx, { topic: 'file', action: 'updated', ids, actor });
  return ids;
}
