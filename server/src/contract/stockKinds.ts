import {
  Type,
  type TSchemaOptions,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from '@fastify/type-provider-typebox';
import { specOf, type StockKind, type StockObjectType } from '../domain/stockKinds';
import { byKind, OBJECT_TYPES, STOCK_UNITS, stockField, type StockUnit } from '../domain/stockKindHelpers';
import { readSchema } from '../domain/stockRecords';

// What the routes answering records of every kind (shipments, the issue cart, search, the ledger, the dashboard)
// say of them, from the stock-kind table.

/**
 * A union (`anyOf`) of schemas built per kind, typed as `T`: TypeBox infers the type of a union of a tuple only, and
 * a list mapped from STOCK_KINDS is none.
 */
export const unionOf = <T>(schemas: TSchema[], options?: TSchemaOptions): TUnsafe<T> =>
  Type.Unsafe<T>(Type.Union(schemas, options));

/** How the ledger, carts, issues and the dashboard name a kind: `object_type`. */
export const objectTypeSchema = () => Type.Enum(Object.values(OBJECT_TYPES) as StockObjectType[]);

/** The units of quantities, as a `unit` field names them. */
export const unitSchema = (description?: string) =>
  Type.Enum([...new Set(Object.values(STOCK_UNITS))] as StockUnit[], { description });

/** A quantity of the kind as a record reads it: ml, or whole pieces. */
export const quantitySchema = (kind: StockKind): TSchema =>
  readSchema(stockField(kind, 'quantity'), specOf(kind).unit);

/**
 * What history shows of a record (DescribedRecord: shipment lines, the ledger list's `item`, dashboard cards): its
 * id, then its current values of the kind's `line` view, catalog and trade entries by name.
 */
function describedFields(kind: StockKind): TProperties {
  const { unit, views } = specOf(kind);
  return {
    stock_id: Type.Integer(),
    ...Object.fromEntries(views.line.map((name) => [name, readSchema(stockField(kind, name), unit)])),
  };
}

export const DESCRIBED_RECORD_FIELDS = byKind(describedFields);
