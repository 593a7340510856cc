import { Type, type TProperties, type TSchema } from '@fastify/type-provider-typebox';
import { GHS_PICTOGRAMS, HAZARD_CODES, SIGNAL_WORDS } from '../../domain/chemistry/ghs';
import { STORAGE_CLASSES } from '../../domain/chemistry/storageCompatibility';
import { LEDGER_KINDS } from '../../domain/ledger';
import { MAX_QUANTITY } from '../../domain/quantity';
import { CHEMICAL_STATES, type StockKind } from '../../domain/stockKinds';
import {
  blankIsAbsent,
  casNumber,
  choice,
  choiceIgnoringCase,
  codeList,
  decimal,
  fallbackTo,
  integer,
  molecularFormula,
  named,
  nullable,
  number,
  stockDate,
  text,
} from '../../validation/fields';
import { objectTypeSchema } from '../stockKindSchemas';

// ---- §4.1 read shapes (also nested in staging lines, carts and search results) ----

const NamedEntrySchema = Type.Object({ id: Type.Integer(), name: Type.String() });

const nullableDate = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/** What needs attention (docs/api.md §11): null when unset. */
const expiryDate = () => nullableDate('YYYY-MM-DD; null: no expiry date');
const openedOn = () => nullableDate('YYYY-MM-DD, when the container was opened; null: not recorded');
const minimumQuantity = (unit: string) =>
  Type.Union([unit === 'ml' ? Type.Number() : Type.Integer(), Type.Null()], {
    description: `${unit}; below it the record is low on stock; null: no minimum`,
  });

/** Hazard data (docs/api.md, 'Hazard data'): none on a record that never had any. */
const hazardReadFields = {
  hazard_statements: Type.Array(Type.String(), { description: 'GHS H-codes in code order' }),
  signal_word: Type.Union([Type.Enum(SIGNAL_WORDS), Type.Null()], {
    description: "The label's signal word; null: none",
  }),
  signal_word_overridden: Type.Boolean({
    description: 'false: derived from the H-codes; true: set on the record',
  }),
  pictograms: Type.Array(Type.Enum(GHS_PICTOGRAMS), {
    description: 'Derived from the H-codes by the GHS precedence rules, GHS01 to GHS09; read-only',
  }),
  storage_classes: Type.Array(Type.Enum(STORAGE_CLASSES), {
    description: 'What the H-codes cannot tell, for storage compatibility',
  }),
};

export const ChemicalRecordSchema = Type.Object({
  id: Type.Integer(),
  chemical: Type.Object({
    id: Type.Integer(),
    CAS_RN: Type.String(),
    name: Type.String(),
    molecular_formula: Type.String(),
    molecular_weight: Type.Number(),
  }),
  purity: Type.Number(),
  manufacturer: NamedEntrySchema,
  supplier: NamedEntrySchema,
  state: Type.Enum(CHEMICAL_STATES),
  quantity: Type.Number({ description: 'ml' }),
  expiry_date: expiryDate(),
  opened_on: openedOn(),
  minimum_quantity: minimumQuantity('ml'),
  ...hazardReadFields,
});

export const InstrumentRecordSchema = Type.Object({
  id: Type.Integer(),
  instrument: NamedEntrySchema,
  manufacturer: NamedEntrySchema,
  supplier: NamedEntrySchema,
  quantity: Type.Integer({ description: 'pieces' }),
  minimum_quantity: minimumQuantity('pieces'),
});

export const GlasswareRecordSchema = Type.Object({
  id: Type.Integer(),
  glassware: NamedEntrySchema,
  manufacturer: NamedEntrySchema,
  supplier: NamedEntrySchema,
  size: Type.Integer(),
  material_type: Type.String(),
  quantity: Type.Integer({ description: 'pieces' }),
  expiry_date: expiryDate(),
  minimum_quantity: minimumQuantity('pieces'),
});

/** §10 entry fields; the global ledger list (routes/ledger) adds to them. */
export const ledgerEntryFields = {
  id: Type.Integer(),
  created_at: Type.String(),
  kind: Type.Enum(LEDGER_KINDS),
  object_type: objectTypeSchema(),
  object_id: Type.Integer({ description: 'The stock-record id' }),
  change: Type.Number({ description: 'Signed; ml for chemicals, pieces otherwise' }),
  balance: Type.Number({ description: "The record's quantity right after the change" }),
  shipment_id: Type.Union([Type.Integer(), Type.Null()]),
  issue_id: Type.Union([Type.Integer(), Type.Null()]),
  import_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The import of an IMPORT entry, or of the REVERSAL that undid it (docs/api.md §12)',
  }),
  user_email: Type.String(),
};

export const LedgerEntrySchema = Type.Object(ledgerEntryFields);

/** One location a stock record was issued to (docs/api.md). */
export const IssuedToSchema = Type.Object({
  id: Type.Integer({ description: 'The location' }),
  name: Type.String(),
  consumer_type: Type.String({ description: 'PHYSICAL, ORGANIC, INORGANIC or PERSONAL' }),
  quantity: Type.Number({ description: 'Issued there in all: ml for chemicals, pieces otherwise' }),
  returned_quantity: Type.Number({ description: 'How much of it came back to stock' }),
  issue_count: Type.Integer({ description: 'Issues that carried the record there' }),
  last_issued_at: Type.String({ format: 'date-time', description: 'The latest of those issues' }),
});

// ---- §4.3 write fields ----

/** A manufacturer or supplier: a name, or `{"name": …}` as read. */
const tradeName = () => named(text({ maxLength: 100 }));

/** Instrument and glassware names may also come as `{"instrument": "…"}` or `{"instrument": {"name": "…"}}`. */
const catalogName = (kind: Exclude<StockKind, 'chemical'>) =>
  fallbackTo([kind], named(text({ maxLength: 300 })));

/** The chemical's fields may also come nested as read: `{"chemical": {"name", "CAS_RN", …}}`. */
const chemicalField = <T extends TSchema>(field: string, schema: T) =>
  fallbackTo(['chemical', field], schema);

const pieces = () => integer({ minimum: 0, maximum: MAX_QUANTITY });
const millilitres = () => decimal({ maxDecimals: 3, minimum: 0, maximum: MAX_QUANTITY, description: 'ml' });

/** Optional on every write (absent: unchanged, or null on create); null clears the value. */
const alertFields = {
  expiry: { expiry_date: Type.Optional(nullable(stockDate('YYYY-MM-DD, from 1900-01-01; null clears it'))) },
  openedOn: { opened_on: Type.Optional(nullable(stockDate('YYYY-MM-DD, from 1900-01-01; null clears it'))) },
  minimum: <T extends TSchema>(quantity: T) => ({ minimum_quantity: Type.Optional(nullable(quantity)) }),
};

/** Optional on every write (absent: unchanged, or none on create); null clears the codes or classes. */
const hazardWriteFields = {
  hazard_statements: Type.Optional(
    nullable(
      codeList([...HAZARD_CODES], 'GHS H-codes (any case; duplicates dropped); null or [] clears them'),
    ),
  ),
  signal_word: Type.Optional(
    nullable(
      choiceIgnoringCase(
        [...SIGNAL_WORDS, 'DERIVED'],
        'DANGER or WARNING overrides the derived signal word, null sets none, DERIVED derives it again',
      ),
    ),
  ),
  storage_classes: Type.Optional(
    nullable(codeList([...STORAGE_CLASSES], 'ACID, BASE, AQUEOUS; null or [] clears them')),
  ),
};

/** POST: quantity optional (default 0). PUT: every field. PATCH: any subset. */
function writeBodies<P extends TProperties, Q extends TSchema>(fields: P, quantity: Q) {
  return {
    create: Type.Object({ ...fields, quantity: Type.Optional(quantity) }),
    replace: Type.Object({ ...fields, quantity }),
    patch: Type.Partial(Type.Object({ ...fields, quantity })),
  };
}

export const ChemicalBodies = writeBodies(
  {
    name: chemicalField('name', text({ maxLength: 300 })),
    CAS_RN: chemicalField('CAS_RN', casNumber()),
    molecular_formula: chemicalField('molecular_formula', molecularFormula({ maxLength: 100 })),
    molecular_weight: Type.Optional(
      chemicalField('molecular_weight', blankIsAbsent(nullable(number({ exclusiveMinimum: 0 })))),
    ),
    purity: decimal({ maxDecimals: 2, minimum: 0, maximum: 100 }),
    manufacturer: tradeName(),
    supplier: tradeName(),
    state: choice([...CHEMICAL_STATES]),
    ...alertFields.expiry,
    ...alertFields.openedOn,
    ...alertFields.minimum(millilitres()),
    ...hazardWriteFields,
  },
  millilitres(),
);

export const InstrumentBodies = writeBodies(
  {
    name: catalogName('instrument'),
    manufacturer: tradeName(),
    supplier: tradeName(),
    ...alertFields.minimum(pieces()),
  },
  pieces(),
);

export const GlasswareBodies = writeBodies(
  {
    name: catalogName('glassware'),
    manufacturer: tradeName(),
    supplier: tradeName(),
    // The column is a 32-bit integer on PostgreSQL.
    size: integer({ minimum: 0, maximum: 2_147_483_647 }),
    material_type: text({ maxLength: 50 }),
    ...alertFields.expiry,
    ...alertFields.minimum(pieces()),
  },
  pieces(),
);
