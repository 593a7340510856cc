import { Type, type Static } from '@fastify/type-provider-typebox';
import { IMPORT_STATUSES } from '../db/tables';
import { STOCK_KINDS } from '../domain/stockKinds';
import { PagingQuery } from '../http/paging';
import { choiceIgnoringCase } from '../validation/fields';

export type { ImportStatus } from '../db/tables';

// docs/api.md §13: spreadsheet imports — a session's summary, its preview and the bodies of preview and commit, as
// the routes answer and accept them, and through Static the types of the service and the SPA.

export const ColumnMappingSchema = Type.Record(Type.String(), Type.Union([Type.Integer(), Type.Null()]), {
  description: 'Write field → the 0-based index of the column it is read from; null or absent: not imported',
});
/** A write field → the index of the column it is read from; a field left out (or null) is not imported. */
export type ColumnMapping = Static<typeof ColumnMappingSchema>;

export const ImportSchema = Type.Object({
  id: Type.Integer(),
  type: Type.Enum(STOCK_KINDS),
  file_name: Type.String(),
  created_at: Type.String({ description: 'When the file was uploaded' }),
  user_email: Type.String({ description: 'Who uploaded it' }),
  status: Type.Enum(IMPORT_STATUSES),
  headers: Type.Array(Type.String(), { description: "The file's header row" }),
  fields: Type.Array(Type.String(), { description: 'The fields a row may give (SERVER.md §4.3)' }),
  mapping: ColumnMappingSchema,
  row_count: Type.Integer({ description: 'Rows under the header row' }),
  committed_at: Type.Union([Type.String(), Type.Null()]),
  created_count: Type.Integer({ description: 'Records the commit created' }),
  added_count: Type.Integer({ description: 'Rows the commit added to existing records' }),
  skipped_count: Type.Integer({ description: 'Rows with errors left out (skip_errors)' }),
  reverted_at: Type.Union([Type.String(), Type.Null()]),
  reverted_by: Type.Union([Type.String(), Type.Null()]),
});
export type ImportSummary = Static<typeof ImportSchema>;

export const ROW_OUTCOMES = ['new', 'add', 'error'] as const;
/** A row adds a new record, adds to an existing one, or has errors. */
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export const PreviewRowSchema = Type.Object({
  row: Type.Integer({ description: 'The row number in the spreadsheet (the header row is 1)' }),
  outcome: Type.Enum(ROW_OUTCOMES),
  stock_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The record an `add` row adds to' }),
  duplicate_of: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The row number of the earlier row with the same identifying fields',
  }),
  values: Type.Record(Type.String(), Type.String(), {
    description: 'The mapped cells, by field, as read (quantities after unit conversion)',
  }),
  errors: Type.Record(Type.String(), Type.Array(Type.String()), {
    description: 'Field (or non_field_errors) → the validation messages',
  }),
});
export type PreviewRow = Static<typeof PreviewRowSchema>;

export const PreviewSchema = Type.Object({
  counts: Type.Object({ new: Type.Integer(), add: Type.Integer(), error: Type.Integer() }),
  rows: Type.Array(PreviewRowSchema),
});
export type ImportPreview = Static<typeof PreviewSchema>;

export const MappingBody = Type.Object({ mapping: Type.Optional(Type.Unknown()) });
export const CommitBody = Type.Object({
  mapping: Type.Optional(Type.Unknown()),
  skip_errors: Type.Optional(Type.Boolean({ description: 'Leave rows with errors out (default false)' })),
});

export const ImportListQuery = Type.Object({
  ...PagingQuery,
  type: Type.Optional(choiceIgnoringCase(STOCK_KINDS, 'Only imports of this kind')),
});
