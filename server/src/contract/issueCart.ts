import { Type, type Static } from '@fastify/type-provider-typebox';
import { STOCK_KINDS } from '../domain/stockKinds';
import { OBJECT_TYPES } from '../domain/stockKindHelpers';
import { STOCK_RECORD_SCHEMAS, type StockRecord } from '../domain/stockRecords';
import { choice, idRef, nullable, number } from '../validation/fields';
import { objectTypeSchema, unionOf } from './stockKinds';

// SERVER.md §9's issue cart with docs/api.md §23.6's merge body: what the cart routes answer and accept (the merge
// answers the issue, contract/issues.ts).

/** §9: a line of the caller's cart; `object` is the §4.1 stock record, with its current quantity. */
export const CartLineSchema = Type.Object({
  id: Type.Integer(),
  object_id: Type.Integer(),
  object_type: objectTypeSchema(),
  quantity: Type.Number({ description: 'ml for chemicals, pieces otherwise' }),
  object: unionOf<StockRecord>(STOCK_KINDS.map((kind) => STOCK_RECORD_SCHEMAS[kind])),
});
export type CartLine = Static<typeof CartLineSchema>;

export const CartLineBody = Type.Object({
  object_id: idRef('A stock record of object_type'),
  object_type: choice(Object.values(OBJECT_TYPES)),
  quantity: number({
    description: 'ml (> 0, at most 3 decimals) or whole pieces (≥ 1); with the caller’s other lines ≤ stock',
  }),
});
export type CartLineFields = Static<typeof CartLineBody>;
export const CartLinePatchBody = Type.Partial(CartLineBody);

/** SERVER.md §9 sends no body; what this server's clients may add (docs/api.md §23.6). */
export const MergeBody = Type.Object({
  fund: Type.Optional(
    nullable(
      idRef("One of the location's active funds: the issue's charges go to it. Null or absent: no fund"),
    ),
  ),
  cmr_confirmed: Type.Optional(
    Type.Boolean({
      description:
        'A store manager confirms the cart’s CMR lines as a CMR issue (audited). Needed when the cart holds one, ' +
        'unless the body is SERVER.md’s empty one, which issues them audited as unconfirmed',
    }),
  ),
});
export type CartMerge = Static<typeof MergeBody>;
