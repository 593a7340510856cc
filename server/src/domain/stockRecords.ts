import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { GHS_PICTOGRAMS, SIGNAL_WORDS, type GhsPictogramCode, type SignalWord } from './chemistry/ghs';
import { STORAGE_CLASSES, type MarkedStorageClass } from './chemistry/storageCompatibility';
import { specOf, STOCK_KINDS, type SpecTable, type StockField, type StockKind } from './stockKinds';
import { readField, stockField, type StockUnit, byKindAs } from './stockKindHelpers';

// The §4.1 read shapes of stock records (SERVER.md), built from the stock-kind table: the JSON schemas the routes
// answer with (and OpenAPI documents), and through Static the record types of the server and the SPA. The SPA
// imports only the types, so TypeBox stays out of its bundle.

/** A catalog entry, manufacturer or supplier as a record nests it. */
export const NamedEntrySchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedEntry = Static<typeof NamedEntrySchema>;

/** What a chemical reads of its hazards (docs/api.md, 'Hazard data'): none on a record that never had any. */
export interface HazardLabel {
  hazard_statements: string[];
  /** The label's signal word: `signal_word_overridden` says whether it is derived or set (on the substance). */
  signal_word: SignalWord | null;
  signal_word_overridden: boolean;
  pictograms: GhsPictogramCode[];
  storage_classes: MarkedStorageClass[];
}

const HazardLabelProperties = {
  hazard_statements: Type.Array(Type.String(), {
    description: "GHS H-codes in code order: the substance's, the same on every record of its chemical entry",
  }),
  signal_word: Type.Union([Type.Enum(SIGNAL_WORDS), Type.Null()], {
    description: "The label's signal word; null: none",
  }),
  signal_word_overridden: Type.Boolean({
    description: 'false: derived from the H-codes; true: set (on the substance, like the H-codes)',
  }),
  pictograms: Type.Array(Type.Enum(GHS_PICTOGRAMS), {
    description: 'Derived from the H-codes by the GHS precedence rules, GHS01 to GHS09; read-only',
  }),
  storage_classes: Type.Array(Type.Enum(STORAGE_CLASSES), {
    description: "What the H-codes cannot tell, for storage compatibility: the record's own",
  }),
};

/** A versioned row's `version` (docs/api.md §28). */
export const VersionSchema = Type.Integer({
  minimum: 1,
  description:
    'Goes up by one with every change of what this read shows; the ETag of the row, `"3"` (If-Match)',
});

// ---- The record types, from the table's literal types ----

type Spec<K extends StockKind> = SpecTable[K];
type FieldOf<K extends StockKind> = Spec<K>['fields'][number];

/** A field's value as read: a choice's code, a number, a date or text; null when unset, unless computed. */
type ValueOf<F> = F extends { input: { type: 'choice'; choices: readonly (infer Code)[] } }
  ? Code
  : F extends { input: { type: 'number' } }
    ? number
    : string;
type ReadValue<F> = F extends { computed: true }
  ? ValueOf<F>
  : F extends { nullable: true }
    ? ValueOf<F> | null
    : ValueOf<F>;
type Named<F> = F extends { name: infer Name extends string } ? Name : never;
type On<F, Home extends string> = F extends { home: { on: Home } } ? F : never;
type Values<Fields> = { [F in Fields as Named<F>]: ReadValue<F> };
type Simplify<T> = { [Key in keyof T]: T[Key] } & {};

/** A kind's §4.1 record: its catalog entry nested (a chemical's with the substance), the other fields flat. */
export type StockRecordOf<K extends StockKind> = Simplify<
  { id: number } & {
    [Key in Spec<K>['catalog']['key']]: Simplify<NamedEntry & Values<On<FieldOf<K>, 'substance'>>>;
  } & { manufacturer: NamedEntry; supplier: NamedEntry; quantity: number } & Values<
      On<FieldOf<K>, 'record'>
    > &
    (Spec<K>['hazards'] extends true ? HazardLabel : unknown) & {
      /** Counts the record's changes, its quantity's included: its ETag (docs/api.md §28). */
      version: number;
    }
>;

export type ChemicalRecord = StockRecordOf<'chemical'>;
export type InstrumentRecord = StockRecordOf<'instrument'>;
export type GlasswareRecord = StockRecordOf<'glassware'>;

export interface StockRecords {
  chemical: ChemicalRecord;
  instrument: InstrumentRecord;
  glassware: GlasswareRecord;
}

export type StockRecord<K extends StockKind = StockKind> = StockRecords[K];

type LineField<K extends StockKind> = Extract<FieldOf<K>, { name: Spec<K>['views']['line'][number] }>;

/**
 * What history shows of a record (a shipment line, a ledger entry's item, a dashboard card): its id, then its
 * current values of the kind's `line` view, the catalog entry, manufacturer and supplier as plain names. Of several
 * kinds, one of theirs.
 */
export type DescribedRecord<K extends StockKind = StockKind> = K extends StockKind
  ? Simplify<
      { stock_id: number } & {
        [F in LineField<K> as Named<F>]: F extends { home: { on: 'catalog' | 'trade' } }
          ? string
          : ReadValue<F>;
      }
    >
  : never;

// ---- Their schemas ----

/** A field's read schema: its type, null when unset (unless computed), its unit or date format and meaning as the description. */
export function readSchema(field: StockField, unit: StockUnit): TSchema {
  const { input } = field;
  const { home } = field;
  const format =
    home.on === 'quantity' || (home.on === 'record' && home.scale === 'base')
      ? unit
      : input.type === 'date'
        ? 'YYYY-MM-DD'
        : field.unit;
  const description = [format, field.readDescription].filter(Boolean).join('; ');
  const value =
    input.type === 'choice'
      ? Type.Enum([...input.choices])
      : input.type === 'number'
        ? input.decimals === 0
          ? Type.Integer()
          : Type.Number()
        : Type.String();
  const options = description ? { description } : {};
  return field.nullable && !field.computed
    ? Type.Union([value, Type.Null()], options)
    : { ...value, ...options };
}

/**
 * The order a record's fields are read and written in: its id and catalog entry, the fields of SPEC.md in the
 * table's order, the quantity, then the fields a record may leave unset (docs/api.md §11 and later), and a
 * chemical's hazard label. Record assembly (db/repositories/stock.ts) follows it too.
 */
export function readOrder(kind: StockKind): StockField[] {
  const fields = specOf(kind).fields.filter(
    (field) => field.home.on !== 'catalog' && field.home.on !== 'substance' && field.home.on !== 'hazards',
  );
  const quantity = fields.filter((field) => field.home.on === 'quantity');
  const others = fields.filter((field) => field.home.on !== 'quantity');
  const firstUnset = others.findIndex((field) => field.nullable);
  const at = firstUnset === -1 ? others.length : firstUnset;
  return [...others.slice(0, at), ...quantity, ...others.slice(at)];
}

function recordSchema<K extends StockKind>(kind: K) {
  const spec = specOf(kind);
  const entry = spec.catalog.entry.map((name) => [name, readSchema(stockField(kind, name), spec.unit)]);
  const properties: TProperties = {
    id: Type.Integer(),
    [spec.catalog.key]: Type.Object({ id: Type.Integer(), ...Object.fromEntries(entry) }),
  };
  for (const field of readOrder(kind)) {
    properties[field.name] = field.home.on === 'trade' ? NamedEntrySchema : readSchema(field, spec.unit);
  }
  if (spec.hazards) Object.assign(properties, HazardLabelProperties);
  properties.version = VersionSchema;
  return Type.Unsafe<StockRecordOf<K>>(Type.Object(properties));
}

/** The §4.1 read shapes, by kind. */
export const STOCK_RECORD_SCHEMAS = byKindAs<{ [K in StockKind]: ReturnType<typeof recordSchema<K>> }>(
  (kind) => recordSchema(kind),
);

/** What a history line, a ledger entry's item and a dashboard card show of a stock record (DescribedRecord). */
export const describeStockRecord = Object.fromEntries(
  STOCK_KINDS.map((kind) => {
    const fields = specOf(kind).views.line.map((name) => stockField(kind, name));
    const describe = (record: StockRecord) => ({
      stock_id: record.id,
      ...Object.fromEntries(fields.map((field) => [field.name, readField(kind, field, record)])),
    });
    return [kind, describe];
  }),
) as { [K in StockKind]: (record: StockRecords[K]) => DescribedRecord<K> };
