import type { StockObjectType } from '../db/tables';
import { fromThousandths, toThousandths } from './quantity';

/** The three kinds of stock record, as the API names them in paths and query parameters. */
export const STOCK_KINDS = ['chemical', 'instrument', 'glassware'] as const;
export type StockKind = (typeof STOCK_KINDS)[number];

/** The kinds whose records may carry an expiry date (instruments do not expire). */
export const EXPIRING_KINDS = ['chemical', 'glassware'] as const satisfies readonly StockKind[];
export type ExpiringKind = (typeof EXPIRING_KINDS)[number];

export const hasExpiry = (kind: StockKind): kind is ExpiringKind =>
  (EXPIRING_KINDS as readonly StockKind[]).includes(kind);

/** A chemical stock record's state codes (§4.3). */
export const CHEMICAL_STATES = ['SOLID', 'LIQUID', 'GAS'] as const;

/** How the ledger and the search log name a kind. */
export const OBJECT_TYPES: Record<StockKind, StockObjectType> = {
  chemical: 'CHEMICAL',
  instrument: 'INSTRUMENT',
  glassware: 'GLASSWARE',
};

/** The kind an object_type names (the inverse of OBJECT_TYPES). */
export const KIND_OF_TYPE: Record<StockObjectType, StockKind> = {
  CHEMICAL: 'chemical',
  INSTRUMENT: 'instrument',
  GLASSWARE: 'glassware',
};

/** API quantity (ml with up to 3 decimals, or whole pieces) → stored base units (thousandths of a ml, pieces). */
export function toBaseQuantity(kind: StockKind, quantity: number): number {
  return kind === 'chemical' ? toThousandths(quantity) : quantity;
}

/** Stored base units → the API's quantity (see toBaseQuantity). */
export function fromBaseQuantity(kind: StockKind, base: number): number {
  return kind === 'chemical' ? fromThousandths(base) : base;
}

/** The unit of a kind's quantities, as the API and its messages name it. */
export const STOCK_UNITS = {
  chemical: 'ml',
  instrument: 'pieces',
  glassware: 'pieces',
} as const satisfies Record<StockKind, string>;
export type StockUnit = (typeof STOCK_UNITS)[StockKind];

/** "10 ml", "12.5 ml", "3 pieces": a quantity in base units, written like a JSON number with its unit. */
export function quantityText(kind: StockKind, base: number): string {
  return `${fromBaseQuantity(kind, base)} ${STOCK_UNITS[kind]}`;
}
