import { Type, type TProperties } from '@fastify/type-provider-typebox';
import { specOf, STOCK_KINDS, type SpecTable, type StockKind } from '../domain/stockKinds';
import { byKind, hasExpiry, stockField } from '../domain/stockKindHelpers';
import { STOCK_RECORD_SCHEMAS, type DescribedRecord, type StockRecords } from '../domain/stockRecords';
import { idRef, nullable, stockDate } from '../validation/fields';
import { movedQuantity } from '../validation/stockQuantity';
import { valueSchema } from './stock';
import { DESCRIBED_RECORD_FIELDS, quantitySchema, unionOf } from './stockKinds';

// §6's staging lines and §7's shipments (SERVER.md), with docs/api.md's expiry dates, prices and undo: what the
// shipment routes answer and accept. The shapes key their records and lines by kind, which TypeBox cannot infer
// from a schema built per kind, so their types are written here beside the schemas, as domain/stockRecords.ts does.

// ---- Types (§6 line, §7 shipment), in API units ----

/**
 * A staging line: the stock record sits under the kind's key (`{"id", "chemical": {…}, "quantity"}`); chemical and
 * glassware lines also carry the `expiry_date` of what arrives (null: none given).
 */
export type StagingLine<K extends StockKind> = {
  id: number;
  quantity: number;
  expiry_date?: string | null;
  /** The price of what arrives (docs/api.md §23.2), which the merge averages into the record's; null: none given. */
  unit_price: number | null;
} & Record<K, StockRecords[K]>;

export type ShipmentLine<K extends StockKind> = DescribedRecord<K> & {
  old_total: number;
  added_quantity: number;
};

export type Shipment<K extends StockKind> = {
  id: number;
  date_time: string;
  /** When and by whom the shipment was undone; null while it stands. */
  reverted_at: string | null;
  reverted_by: string | null;
  /** Until when it can still be undone: merge time + SHIPMENT_UNDO_DAYS; null once reverted. */
  undo_until: string | null;
} & Record<SpecTable[K]['shipmentLinesKey'], ShipmentLine<K>[]>;

// ---- §7 history lines: the record's current descriptive values, plain manufacturer and supplier ----

const historyLine = (kind: StockKind) =>
  Type.Object({
    ...DESCRIBED_RECORD_FIELDS[kind],
    old_total: quantitySchema(kind),
    added_quantity: quantitySchema(kind),
  });

const STAGED_PRICE =
  'The unit price of what arrives, which the merge averages into the record’s by quantity (docs/api.md §23.2)';
const STAGED_PRICE_NULL = 'null: none given (the line counts at the record’s price)';

const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const shipmentSchema = (kind: StockKind) =>
  Type.Object({
    id: Type.Integer(),
    date_time: Type.String(),
    reverted_at: nullableText('When the shipment was undone; null while it stands'),
    reverted_by: nullableText('The e-mail of who undid it; null while it stands'),
    undo_until: nullableText(
      'Until when it can be undone (merge time + SHIPMENT_UNDO_DAYS, ISO datetime); null once reverted',
    ),
    [specOf(kind).shipmentLinesKey]: Type.Array(historyLine(kind)),
  });

/** §7: a merged shipment of each kind, as the merge answers it. */
export const SHIPMENT_SCHEMAS = byKind(shipmentSchema);

/** A shipment of any kind, as the history and an undo answer it. */
export const AnyShipmentSchema = unionOf<Shipment<StockKind>>(STOCK_KINDS.map(shipmentSchema));

export const ShipmentsQuery = Type.Object({
  // Checked by the service, which answers anything but the three kinds (case-insensitive) with §7's message.
  type: Type.Optional(Type.Unknown({ description: 'chemical, instrument or glassware (case-insensitive)' })),
});

// ---- §6 staging lines ----

function stagingSchemas(kind: StockKind) {
  // Chemicals and glassware may say when what arrives expires (docs/api.md §11); the merge copies it onto the record.
  // The properties are typed as optional for every kind and present in the schemas of those two only.
  const ifExpiring = <P extends TProperties>(properties: P): P => (hasExpiry(kind) ? properties : ({} as P));
  // A staged price (docs/api.md §23) follows the record field's rules; null here keeps the record's price.
  const price = stockField(kind, 'unit_price');
  const Line = Type.Object({
    id: Type.Integer(),
    [kind]: STOCK_RECORD_SCHEMAS[kind],
    quantity: quantitySchema(kind),
    ...ifExpiring({
      expiry_date: Type.Optional(
        Type.Union([Type.String(), Type.Null()], { description: 'YYYY-MM-DD or null' }),
      ),
    }),
    unit_price: Type.Union([Type.Number(), Type.Null()], {
      description: `${STAGED_PRICE} (per ml or per piece, major units); ${STAGED_PRICE_NULL}`,
    }),
  });
  const fields = {
    [kind]: idRef(`The ${kind} stock-record id`),
    quantity: movedQuantity(kind),
    ...ifExpiring({
      expiry_date: Type.Optional(
        nullable(stockDate('When what arrives expires (YYYY-MM-DD); the merge sets it on the record')),
      ),
    }),
    unit_price: Type.Optional(
      nullable(
        Type.Unsafe<number>(
          valueSchema(
            price,
            `${STAGED_PRICE}, as the record's unit_price field takes it; ${STAGED_PRICE_NULL}`,
          ),
        ),
      ),
    ),
  };
  return {
    Line,
    ReplaceBody: Type.Object(fields),
    PatchBody: Type.Partial(Type.Object(fields)),
  };
}

/** Per kind: a staging line as answered, and the bodies of a POST or PUT (ReplaceBody) and a PATCH. */
export const STAGING_SCHEMAS = byKind(stagingSchemas);
