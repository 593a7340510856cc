import { fromHundredths, fromThousandths, toHundredths, toThousandths } from './quantity';
import {
  STOCK_KIND_SPECS,
  STOCK_KINDS,
  specOf,
  type LabelledView,
  type StockField,
  type StockKind,
  type StockKindSpec,
  type StockObjectType,
  type ViewItem,
} from './stockKinds';
import { fromUnitPriceE4, toUnitPriceE4 } from './unitPrice';

// What the rest of the code reads of the stock-kind table (domain/stockKinds.ts): a kind's fields by name and
// role, the kind ↔ object_type maps, units, quantities in API and base units, and a value's text. Pure, like the
// table, so the SPA imports it too (src/api/stockKinds.ts).

/** A kind's field by its API name; throws for a name the kind does not have (a typo in a view). */
export function stockField(kind: StockKind, name: string): StockField {
  const field = specOf(kind).fields.find((candidate) => candidate.name === name);
  if (field === undefined) throw new Error(`${kind} records have no field "${name}"`);
  return field;
}

/** The label a view gives a field: its own for that view, else the form's. */
export function fieldLabel(field: StockField, view?: LabelledView): string {
  return (view && field.labels?.[view]) ?? field.label;
}

/** A column header with the field's unit, as files and exports write it: 'Purity (%)', 'Amount (ml)'. */
export function headerWithUnit(field: StockField, view?: LabelledView): string {
  const label = fieldLabel(field, view);
  return field.unit ? `${label} (${field.unit})` : label;
}

/** The fields of a kind kept on its stock row (besides the quantity), in table order. */
export function recordFields(kind: StockKind): StockField[] {
  return specOf(kind).fields.filter((field) => field.home.on === 'record');
}

/** The kind's §4.3 write fields, in table order (the import template's columns); hazard data is written apart. */
export function writeFields(kind: StockKind): StockField[] {
  return [...specOf(kind).fields];
}

/** The fields that identify a record of the kind (§4.4), in table order. */
export function identityFields(kind: StockKind): StockField[] {
  return specOf(kind).fields.filter((field) => field.identity);
}

/** The kinds whose records may carry an expiry date (instruments do not expire). */
export const EXPIRING_KINDS = ['chemical', 'glassware'] as const satisfies readonly StockKind[];
export type ExpiringKind = (typeof EXPIRING_KINDS)[number];

export const hasExpiry = (kind: StockKind): kind is ExpiringKind => STOCK_KIND_SPECS[kind].expires;

/** How the ledger and the search log name a kind. */
export const OBJECT_TYPES = Object.fromEntries(
  STOCK_KINDS.map((kind) => [kind, STOCK_KIND_SPECS[kind].objectType]),
) as Record<StockKind, StockObjectType>;

/** The kind an object_type names (the inverse of OBJECT_TYPES). */
export const KIND_OF_TYPE = Object.fromEntries(
  STOCK_KINDS.map((kind) => [STOCK_KIND_SPECS[kind].objectType, kind]),
) as Record<StockObjectType, StockKind>;

/** A value for each kind: `byKind((kind) => specOf(kind).label)`. */
export function byKind<T>(valueOf: (kind: StockKind) => T): Record<StockKind, T> {
  return Object.fromEntries(STOCK_KINDS.map((kind) => [kind, valueOf(kind)])) as Record<StockKind, T>;
}

/**
 * byKind for a value whose type follows the kind (`{ [K in StockKind]: SpecTable[K]['stockTable'] }`): TypeScript
 * cannot check a mapped type against one function over every kind, so the caller names the type and this is the
 * one place that asserts it.
 */
export function byKindAs<M extends Record<StockKind, unknown>>(
  valueOf: (kind: StockKind) => M[StockKind],
): M {
  return byKind(valueOf) as M;
}

/** The unit of a kind's quantities, as the API and its messages name it. */
export const STOCK_UNITS = {
  chemical: 'ml',
  instrument: 'pieces',
  glassware: 'pieces',
} as const satisfies { [K in StockKind]: StockKindSpec<K>['unit'] };
export type StockUnit = (typeof STOCK_UNITS)[StockKind];

/** API quantity (ml with up to 3 decimals, or whole pieces) → stored base units (thousandths of a ml, pieces). */
export function toBaseQuantity(kind: StockKind, quantity: number): number {
  return STOCK_KIND_SPECS[kind].decimals > 0 ? toThousandths(quantity) : quantity;
}

/** Stored base units → the API's quantity (see toBaseQuantity). */
export function fromBaseQuantity(kind: StockKind, base: number): number {
  return STOCK_KIND_SPECS[kind].decimals > 0 ? fromThousandths(base) : base;
}

/** "10 ml", "12.5 ml", "3 pieces": a quantity in base units, written like a JSON number with its unit. */
export function quantityText(kind: StockKind, base: number): string {
  return `${fromBaseQuantity(kind, base)} ${STOCK_UNITS[kind]}`;
}

/** A record field's value as stored on the row (hundredths, base units), from its API value; null stays null. */
export function toStored(kind: StockKind, field: StockField, value: unknown): unknown {
  if (value === null || field.home.on !== 'record') return value;
  if (field.home.scale === 'hundredths') return toHundredths(value as number);
  if (field.home.scale === 'ten-thousandths') return toUnitPriceE4(value as number);
  if (field.home.scale === 'base') return toBaseQuantity(kind, value as number);
  return value;
}

/** A record field's API value from the stored one (bigint columns may come back as text); null stays null. */
export function fromStored(kind: StockKind, field: StockField, stored: unknown): unknown {
  if (stored === null || stored === undefined || field.home.on !== 'record') return stored ?? null;
  if (field.home.scale === 'hundredths') return fromHundredths(Number(stored));
  if (field.home.scale === 'ten-thousandths') return fromUnitPriceE4(Number(stored));
  if (field.home.scale === 'base') return fromBaseQuantity(kind, Number(stored));
  return field.input.type === 'number' ? Number(stored) : stored;
}

/**
 * A field's value in a §4.1 record of the kind: catalog and substance fields from the nested entry, manufacturer
 * and supplier as their names, the rest flat.
 */
export function readField(kind: StockKind, field: StockField, record: object): unknown {
  const values = record as Record<string, unknown>;
  switch (field.home.on) {
    case 'catalog':
      return (values[STOCK_KIND_SPECS[kind].catalog.key] as { name: string }).name;
    case 'substance':
      return (values[STOCK_KIND_SPECS[kind].catalog.key] as Record<string, unknown>)[field.name];
    case 'trade':
      return (values[field.name] as { name: string }).name;
    default:
      return values[field.name] ?? null;
  }
}

/** A quantity with its unit, as the app writes it: '12.5 ml', '1 piece', '3 pieces'. */
export function quantityWithUnit(kind: StockKind, quantity: number): string {
  if (STOCK_KIND_SPECS[kind].unit === 'ml') return `${quantity} ml`;
  return `${quantity} ${quantity === 1 ? 'piece' : 'pieces'}`;
}

/**
 * A value as one line of text shows it (a suggestion, an audit label, a printed label): a state by its label, a
 * percentage with its sign, a quantity with its unit; null as ''.
 */
export function fieldText(kind: StockKind, field: StockField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.input.type === 'choice') return field.input.labels[String(value)] ?? String(value);
  if (field.home.on === 'quantity') return quantityWithUnit(kind, value as number);
  if (field.unit === '%') return `${String(value)}%`;
  return String(value);
}

const TEMPLATE_FIELD = /\{(\w+)\}/g;

/**
 * A field's value in a line of SPEC §3 (a shipment-history line, a ledger entry's item), which holds every field
 * flat under its API name, manufacturer and supplier as their names.
 */
export function readLineField(_kind: StockKind, field: StockField, line: object): unknown {
  return (line as Record<string, unknown>)[field.name] ?? null;
}

/**
 * An item of a view as text for a record (or, read with readLineField, a line): a field's text, or a template with
 * each `{field}` replaced by the field's text (`{purity} pure` → `99.5% pure`).
 */
export function viewItemText(kind: StockKind, item: ViewItem, record: object, read = readField): string {
  const text = (name: string) => {
    const field = stockField(kind, name);
    return fieldText(kind, field, read(kind, field, record));
  };
  return item.includes('{') ? item.replace(TEMPLATE_FIELD, (_match, name: string) => text(name)) : text(item);
}

/** How a record is named across kinds, as maps of records read by several kinds key them: `CHEMICAL:7`. */
export const stockKey = ({
  object_type,
  object_id,
}: {
  object_type: StockObjectType;
  object_id: number;
}): string => `${object_type}:${object_id}`;
