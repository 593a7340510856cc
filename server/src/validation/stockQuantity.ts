import { Type } from '@fastify/type-provider-typebox';
import { MAX_QUANTITY } from '../domain/quantity';
import { specOf, type StockKind } from '../domain/stockKinds';
import { byKind } from '../domain/stockKindHelpers';
import { decimal, integer } from './fields';

/**
 * A quantity moved into or out of stock (staged, put in the issue cart, returned): more than none, in the kind's
 * unit and precision: ml to its decimals (more than 0), or whole pieces (at least 1).
 */
export function movedQuantity(kind: StockKind) {
  const { decimals, unit: description } = specOf(kind);
  return decimals > 0
    ? decimal({ maxDecimals: decimals, exclusiveMinimum: 0, maximum: MAX_QUANTITY, description })
    : integer({ minimum: 1, maximum: MAX_QUANTITY, description });
}

/** The quantity of an issue-cart line and of a return from an issue line, by kind: movedQuantity. */
export const LINE_QUANTITY = byKind((kind) => Type.Object({ quantity: movedQuantity(kind) }));
