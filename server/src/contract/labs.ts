import { Type, type Static } from '@fastify/type-provider-typebox';
import { LAB_ROLES } from '../db/tables';
import { STOCK_KINDS } from '../domain/stockKinds';
import { STOCK_RECORD_SCHEMAS, type StockRecord } from '../domain/stockRecords';
import { PageSchema } from './paging';
import { objectTypeSchema, unionOf } from './stockKinds';

// A lab's own pages (docs/api.md §22): what it holds and who belongs to it, as the routes answer them and, through
// Static, as services/labs.ts and the SPA type them.

/**
 * What a lab holds of one stock record: everything issued to it minus what came back, in ml or pieces, with the
 * record in its §4.1 shape (a chemical's with its hazards).
 */
export const HoldingSchema = Type.Object({
  object_type: objectTypeSchema(),
  object_id: Type.Integer({ description: 'The stock-record id' }),
  issued_quantity: Type.Number({
    description: 'Everything issued to the lab: ml for chemicals, pieces otherwise',
  }),
  returned_quantity: Type.Number({ description: 'What of it came back to stock' }),
  quantity: Type.Number({ description: 'What the lab holds: issued minus returned, always > 0' }),
  object: unionOf<StockRecord>(STOCK_KINDS.map((kind) => STOCK_RECORD_SCHEMAS[kind])),
});
export type Holding = Static<typeof HoldingSchema>;

/** The whole holdings (an array), or with `limit` one page of them. */
export const HoldingsSchema = Type.Union(
  [
    Type.Array(HoldingSchema, { description: 'Without `limit`: every record the lab holds.' }),
    PageSchema(HoldingSchema, 'With `limit`: one page of them.'),
  ],
  { description: 'The holdings: an array, or a page with `limit`' },
);

/** A person of the lab's member list (its managers read it). */
export const LabMemberSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.Enum(LAB_ROLES, { description: "The user's role in this lab" }),
});
export type LabMember = Static<typeof LabMemberSchema>;
