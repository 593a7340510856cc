import { type Static, type TProperties, Type } from '@fastify/type-provider-typebox';
import {
  LINE_NOTE_MAX_LENGTH,
  MAX_REQUEST_LINES,
  REQUEST_STATUSES,
  REQUEST_TEXT_MAX_LENGTH,
} from '../domain/requests';
import { OBJECT_TYPES } from '../domain/stockKindHelpers';
import { PageSchema } from './paging';
import { choice, choiceList, idRef, nullable, number, stockDate, text } from '../validation/fields';
import { FundRefSchema } from './funds';
import { objectTypeSchema, unitSchema } from './stockKinds';

// A lab's requests to the store (docs/api.md §26): what the routes answer and accept, and through Static the types of
// the services and the SPA. A field of a line is written here once (and in the migration that stores it).

const quantityNote = 'ml for chemicals (> 0, at most 3 decimals), whole pieces (≥ 1) otherwise';

export const RequestStatusSchema = Type.Enum(REQUEST_STATUSES);

const stamp = Type.Union([Type.String(), Type.Null()]);

// ---- A line's own words ----

/**
 * What a lab writes on a line and reads back as written, stored in `request_lines` under the same names. A field
 * added here, with its column in a migration, is accepted, stored, kept when a returned request is resubmitted and
 * answered, with no other file changed. Each has a `default`: what a line written without it holds (its column's
 * default too). What the server derives from a line (quantities in units, prices, costs) is not one of them.
 */
const LINE_OWN_FIELDS = {
  note: text({
    maxLength: LINE_NOTE_MAX_LENGTH,
    allowBlank: true,
    default: '',
    description:
      'What the lab adds for the store about this line: a grade, a brand, a pack size; empty: nothing',
  }),
} satisfies TProperties;

const LineOwnFieldsSchema = Type.Object(LINE_OWN_FIELDS);
export type LineOwnFields = Static<typeof LineOwnFieldsSchema>;

/** A line's own fields taken from `source` (a body's line, a stored row, an answer's line), absent ones at their default. */
export const lineOwnFields = (source: Partial<LineOwnFields>): LineOwnFields =>
  Object.fromEntries(
    Object.entries(LINE_OWN_FIELDS).map(([name, schema]) => [
      name,
      (source as Record<string, unknown>)[name] ?? (schema as { default?: unknown }).default,
    ]),
  ) as LineOwnFields;

export const RequestLineSchema = Type.Object({
  id: Type.Integer(),
  object_type: objectTypeSchema(),
  object_id: Type.Integer({ description: 'The stock record asked for' }),
  name: Type.String({ description: 'The catalog name' }),
  unit: unitSchema('`ml` or `pieces`'),
  quantity: Type.Number({ description: 'Asked for' }),
  approved_quantity: Type.Union([Type.Number(), Type.Null()], { description: 'null until approved' }),
  issued_quantity: Type.Number({ description: 'Issued so far; approved − issued is still open' }),
  unit_price: Type.Union([Type.Number(), Type.Null()], {
    description: "The record's current price; null: none",
  }),
  estimated_cost: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'Minor units of `currency`: the approved (until then the asked) quantity at unit_price; null without a price or when cost_beyond_limit',
  }),
  cost_beyond_limit: Type.Boolean({
    description:
      'The line at unit_price costs more than one line may be charged (10,000,000,000 major units): it cannot be approved or issued until its quantity or the price is lowered',
  }),
  needs_store_approval: Type.Boolean({ description: 'The record carries a CMR hazard statement' }),
  ...LINE_OWN_FIELDS,
});
export type RequestLine = Static<typeof RequestLineSchema>;

export const LabRequestSchema = Type.Object({
  id: Type.Integer(),
  status: RequestStatusSchema,
  location: Type.Integer({ description: 'The lab (a location)' }),
  fund: FundRefSchema,
  requester: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()], { description: 'null once the account is deleted' }),
    email: Type.String(),
  }),
  needed_by: stamp,
  note: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why it was last rejected or returned' }),
  created_at: Type.String(),
  updated_at: Type.String(),
  submitted_at: Type.String(),
  approved_at: stamp,
  approved_by: stamp,
  store_approved_at: stamp,
  store_approved_by: stamp,
  lines: Type.Array(RequestLineSchema),
  estimated_total: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'The lines’ estimated costs added up (lines without a price left out); null: no line has one, or a line’s cost is beyond the limit',
  }),
  currency: Type.String({ description: 'ISO 4217 code' }),
});
export type LabRequest = Static<typeof LabRequestSchema>;

/** A page of requests, `{count, next, previous, results}`, in the order the description says. */
export const LabRequestPageSchema = (description: string) => PageSchema(LabRequestSchema, description);

/** What a list's service reads of a page: the route adds its links (http/paging's pageOf). */
export interface LabRequestList {
  count: number;
  results: LabRequest[];
}

// ---- Writing ----

export const RequestLineBody = Type.Object({
  object_type: choice(Object.values(OBJECT_TYPES)),
  object_id: idRef('A stock record of object_type'),
  quantity: number({ description: quantityNote }),
  ...Type.Partial(LineOwnFieldsSchema).properties,
});
export type NewRequestLine = Static<typeof RequestLineBody>;

export const RequestBody = Type.Object({
  fund: idRef("One of the lab's active funds"),
  needed_by: Type.Optional(nullable(stockDate('A date, not in the past (LAB_TIME_ZONE)'))),
  note: Type.Optional(text({ maxLength: REQUEST_TEXT_MAX_LENGTH, allowBlank: true })),
  lines: Type.Array(RequestLineBody, {
    minItems: 1,
    description: `1–${MAX_REQUEST_LINES} lines, one per stock record`,
  }),
});
export type NewRequest = Static<typeof RequestBody>;

export const RequestPatchBody = Type.Partial(RequestBody);
export type RequestChanges = Static<typeof RequestPatchBody>;

export const ApprovedLineSchema = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'A line of the request' }),
  quantity: number({ description: `0 < quantity ≤ asked; ${quantityNote}` }),
});
export type ApprovedLine = Static<typeof ApprovedLineSchema>;

export const ApproveBody = Type.Object({
  lines: Type.Optional(
    Type.Array(ApprovedLineSchema, {
      description: 'Lines approved with less than asked; the others are approved as asked',
    }),
  ),
});

export const ReasonBody = Type.Object({ reason: text({ maxLength: REQUEST_TEXT_MAX_LENGTH }) });

export const RequestStatusFilter = Type.Optional(
  choiceList(REQUEST_STATUSES, 'Comma-separated statuses; any case'),
);

// ---- The store's fulfilment ----

/** A record suggested for an open line, with what the store needs to find it on the shelf. */
export const SuggestedPickSchema = Type.Object({
  object_id: Type.Integer(),
  name: Type.String(),
  quantity: Type.Number(),
  expiry_date: stamp,
  opened_on: stamp,
  storage_place: stamp,
});
export type SuggestedPick = Static<typeof SuggestedPickSchema>;

export const LineSuggestionSchema = Type.Object({
  request_line: Type.Integer(),
  open_quantity: Type.Number({ description: 'Approved − issued' }),
  picks: Type.Array(SuggestedPickSchema),
  short: Type.Number({ description: 'What no record covers; 0 when covered' }),
});
export type LineSuggestion = Static<typeof LineSuggestionSchema>;

export const PickSuggestionSchema = Type.Object({ lines: Type.Array(LineSuggestionSchema) });
export type PickSuggestion = Static<typeof PickSuggestionSchema>;

export const FulfilPickSchema = Type.Object({
  request_line: Type.Integer({ minimum: 1, description: 'A line of the request' }),
  object_id: idRef('A record of the catalog entry the line asks for, not expired'),
  quantity: number({ description: quantityNote }),
});
export type FulfilPick = Static<typeof FulfilPickSchema>;

export const FulfilBody = Type.Object({
  lines: Type.Array(FulfilPickSchema, {
    minItems: 1,
    description: 'Picks; a line may be split over records, its picks ≤ what is open',
  }),
});
