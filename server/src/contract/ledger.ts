import { Type, type Static } from '@fastify/type-provider-typebox';
import { LEDGER_KINDS, MAX_LEDGER_SEARCH_LENGTH } from '../domain/ledger';
import { STOCK_KINDS, type StockKind } from '../domain/stockKinds';
import type { DescribedRecord } from '../domain/stockRecords';
import { MAX_PAGE_LIMIT, PagingQuery } from '../http/paging';
import {
  choiceIgnoringCase,
  choiceList,
  dateOrDateTime,
  idFilter,
  integer,
  text,
} from '../validation/fields';
import { DESCRIBED_RECORD_FIELDS, objectTypeSchema, unionOf, unitSchema } from './stockKinds';

// §10's stock ledger (SERVER.md): one record's entries, and docs/api.md §5's global list of every entry, filtered,
// paged and exported.

/** §10 entry fields; the global ledger list adds to them. */
export const ledgerEntryFields = {
  id: Type.Integer(),
  created_at: Type.String(),
  kind: Type.Enum(LEDGER_KINDS),
  object_type: objectTypeSchema(),
  object_id: Type.Integer({ description: 'The stock-record id' }),
  change: Type.Number({ description: 'Signed; ml for chemicals, pieces otherwise' }),
  balance: Type.Number({ description: "The record's quantity right after the change" }),
  shipment_id: Type.Union([Type.Integer(), Type.Null()]),
  issue_id: Type.Union([Type.Integer(), Type.Null()]),
  import_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The import of an IMPORT entry, or of the REVERSAL that undid it (docs/api.md §12)',
  }),
  user_email: Type.String(),
};

/** §10: one change of a stock quantity, in the record's unit. */
export const LedgerEntrySchema = Type.Object(ledgerEntryFields);
export type LedgerEntry = Static<typeof LedgerEntrySchema>;

/** §10's query: one record's ledger. */
export const StockLedgerQuery = Type.Object({
  type: choiceIgnoringCase([...STOCK_KINDS]),
  object_id: idFilter('stock-record id'),
});

/** The stock record an entry belongs to, as it is now: its name, identifying fields and quantity. */
export type LedgerItem = { [K in StockKind]: DescribedRecord<K> & { quantity: number } }[StockKind];

const item = (kind: StockKind) =>
  Type.Object({
    ...DESCRIBED_RECORD_FIELDS[kind],
    quantity: Type.Number({ description: "The record's quantity now (ml or pieces)" }),
  });

/** An entry of the global ledger list: §10's fields, the unit of `change` and `balance`, and its record. */
export const LedgerListEntrySchema = Type.Object({
  ...ledgerEntryFields,
  unit: unitSchema('The unit of change and balance'),
  item: unionOf<LedgerItem | null>([...STOCK_KINDS.map(item), Type.Null()], {
    description: 'The stock record as it is now; null once it no longer exists',
  }),
});
export type LedgerListEntry = Static<typeof LedgerListEntrySchema>;

/** The list's page size without `limit`. */
export const DEFAULT_LEDGER_LIMIT = 50;

/** The filters of the list and of its export (docs/api.md §5). */
const filters = {
  type: Type.Optional(choiceIgnoringCase(STOCK_KINDS, 'Item kind: chemical, instrument or glassware')),
  object_id: Type.Optional(idFilter('One stock record (with `type`): its history')),
  kind: Type.Optional(
    choiceList(LEDGER_KINDS, `Kinds of change, comma-separated, any case: ${LEDGER_KINDS.join(', ')}`),
  ),
  user: Type.Optional(
    text({ allowBlank: true, maxLength: 254, description: "The author's e-mail (exact, any case)" }),
  ),
  from: Type.Optional(dateOrDateTime('Entries at or after: a date (UTC day) or a date and time')),
  to: Type.Optional(dateOrDateTime('Entries at or before: a date (its whole UTC day) or a date and time')),
  search: Type.Optional(
    text({
      allowBlank: true,
      maxLength: MAX_LEDGER_SEARCH_LENGTH,
      description: "Words that must all occur in the entry's item (name and identifying fields), any case",
    }),
  ),
};

export const LedgerListQuery = Type.Object({
  ...filters,
  limit: Type.Optional(
    integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `Page size, 1–${MAX_PAGE_LIMIT} (default ${DEFAULT_LEDGER_LIMIT})`,
    }),
  ),
  offset: PagingQuery.offset,
});

/** The export's query: the list's filters. */
export const LedgerExportQuery = Type.Object(filters);
/** The list's filters as validated. */
export type LedgerQuery = Static<typeof LedgerExportQuery>;
