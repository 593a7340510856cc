import { Type, type Static } from '@fastify/type-provider-typebox';
import { CONSUMER_TYPES } from '../db/tables';
import { number } from '../validation/fields';
import { objectTypeSchema } from './stockKinds';

// §8.3's issues (SERVER.md) with docs/api.md's returns: what the location, lab, issue-cart and fulfilment routes
// answer of an issue, what a return of an issue line accepts, and where a stock record was issued.

/** One issued stock record of an issue, on its own line (the one a return names). */
export const IssuedItemSchema = Type.Object({
  id: Type.Integer({ description: 'The stock-record id' }),
  line_id: Type.Integer({ description: 'The issue line, as a return names it' }),
  name: Type.String({ description: 'The catalog name' }),
  object_type: objectTypeSchema(),
  quantity: Type.Number({ description: 'The issued amount: ml for chemicals, pieces otherwise' }),
  returned_quantity: Type.Number({ description: 'How much of it came back to stock (0 when none)' }),
});
export type IssuedItem = Static<typeof IssuedItemSchema>;

/** §8.3: an issue to a location; `objects` in the issue's line order. */
export const IssueSchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String(),
  objects: Type.Array(IssuedItemSchema),
});
export type Issue = Static<typeof IssueSchema>;

export const IssueLineParams = Type.Object({
  issueId: Type.Integer({ minimum: 1 }),
  lineId: Type.Integer({ minimum: 1, description: 'The `line_id` of one of the issue’s `objects`' }),
});

/** A return of (part of) an issue line; the line's kind decides the quantity's rule (LINE_QUANTITY). */
export const LineReturnBody = Type.Object({
  quantity: number({
    exclusiveMinimum: 0,
    description: 'ml for chemicals (up to 3 decimals), whole pieces otherwise; at most what is still out',
  }),
});
export type LineReturn = Static<typeof LineReturnBody>;

/** One location a stock record was issued to (docs/api.md). */
export const IssuedToSchema = Type.Object({
  id: Type.Integer({ description: 'The location' }),
  name: Type.String(),
  consumer_type: Type.Enum(CONSUMER_TYPES),
  quantity: Type.Number({ description: 'Issued there in all: ml for chemicals, pieces otherwise' }),
  returned_quantity: Type.Number({ description: 'How much of it came back to stock' }),
  issue_count: Type.Integer({ description: 'Issues that carried the record there' }),
  last_issued_at: Type.String({ format: 'date-time', description: 'The latest of those issues' }),
});
export type IssuedTo = Static<typeof IssuedToSchema>;
