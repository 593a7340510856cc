import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  ledgerItemFields,
  LEDGER_KINDS,
  MAX_LEDGER_SEARCH_LENGTH,
  type LedgerKind,
} from '../../domain/ledger';
import { specOf, STOCK_KINDS, type StockField, type StockKind } from '../../domain/stockKinds';
import { headerWithUnit, KIND_OF_TYPE } from '../../domain/stockKindHelpers';
import { CSV_RESPONSE, csvStream, sendCsv, type CsvColumn } from '../../http/csv';
import { MAX_PAGE_LIMIT, PageSchema, pageOf, PagingQuery } from '../../http/paging';
import { resource } from '../../http/resource';
import * as ledger from '../../services/ledger';
import type { LedgerItem, LedgerListEntry } from '../../services/ledger';
import {
  choiceIgnoringCase,
  choiceList,
  dateOrDateTime,
  idFilter,
  integer,
  text,
} from '../../validation/fields';
import { ledgerEntryFields } from '../../contract/stock';
import { DESCRIBED_RECORD_FIELDS, unionOf, unitSchema } from '../../contract/stockKinds';

const tags = ['ledger'];

/** The page size without `limit`. */
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

const ListQuery = Type.Object({
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

const ExportQuery = Type.Object(filters);

const item = (kind: StockKind) =>
  Type.Object({
    ...DESCRIBED_RECORD_FIELDS[kind],
    quantity: Type.Number({ description: "The record's quantity now (ml or pieces)" }),
  });

const LedgerListEntrySchema = Type.Object({
  ...ledgerEntryFields,
  unit: unitSchema('The unit of change and balance'),
  item: unionOf<LedgerItem | null>([...STOCK_KINDS.map(item), Type.Null()], {
    description: 'The stock record as it is now; null once it no longer exists',
  }),
});

// ---- The export's columns, as the Ledger page shows them ----

const KIND_LABELS: Record<LedgerKind, string> = {
  SHIPMENT: 'Shipment',
  ISSUE: 'Issue',
  ADJUSTMENT: 'Adjustment',
  REVERSAL: 'Reversal',
  RETURN: 'Return',
  IMPORT: 'Import',
};

/** A field of the entry's item, empty when the item has no such field (or no longer exists). */
const itemField =
  (field: string) =>
  (entry: LedgerListEntry): string | number | null => {
    const value = (entry.item as Record<string, string | number> | null)?.[field];
    return value ?? null;
  };

/**
 * The item's columns: the names, every kind's identifying fields, then the manufacturers and suppliers
 * (ledgerItemFields); a field several kinds share once, with the unit in its header.
 */
function itemColumns(): CsvColumn<LedgerListEntry>[] {
  const fields = new Map<string, StockField>();
  for (const part of ['name', 'identifying', 'trade'] as const) {
    for (const kind of STOCK_KINDS) {
      for (const field of ledgerItemFields(kind)[part])
        if (!fields.has(field.name)) fields.set(field.name, field);
    }
  }
  return [...fields.values()].map((field) => ({
    header: headerWithUnit(field, 'ledger'),
    cell: itemField(field.name),
  }));
}

const EXPORT_COLUMNS: CsvColumn<LedgerListEntry>[] = [
  { header: 'Date and time (UTC)', cell: (entry) => entry.created_at },
  { header: 'Kind', cell: (entry) => KIND_LABELS[entry.kind] },
  { header: 'Item kind', cell: (entry) => specOf(KIND_OF_TYPE[entry.object_type]).label },
  { header: 'Record ID', cell: (entry) => entry.object_id },
  ...itemColumns(),
  { header: 'Change', cell: (entry) => entry.change },
  { header: 'Balance after', cell: (entry) => entry.balance },
  { header: 'Unit', cell: (entry) => entry.unit },
  { header: 'User', cell: (entry) => entry.user_email },
  { header: 'Shipment ID', cell: (entry) => entry.shipment_id },
  { header: 'Issue ID', cell: (entry) => entry.issue_id },
  { header: 'Import ID', cell: (entry) => entry.import_id },
  { header: 'Entry ID', cell: (entry) => entry.id },
];

/** The global stock ledger: every quantity change of every record, filtered, paged, exported (docs/api.md §5). */
export default async function ledgerRoutes(app: FastifyInstance) {
  const context = (): ledger.LedgerContext => ({ db: app.db, dialect: app.dialect });

  resource(app, '/api/management/ledger/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        // Entries are built field by field from the documented shape.
        stringify: true,
        schema: {
          tags,
          summary: 'Every stock-ledger entry, newest first, filtered, one page at a time',
          description:
            'Paged like Django REST framework\'s LimitOffsetPagination: `{"count", "next", "previous", "results"}`, ' +
            '`next`/`previous` being absolute URLs (keeping the filters) or null.',
          querystring: ListQuery,
          response: { 200: PageSchema(LedgerListEntrySchema, 'One page of the matching entries') },
        },
      },
      async (request) => {
        const { limit = DEFAULT_LEDGER_LIMIT, offset = 0, ...query } = request.query;
        const page = { limit, offset };
        return pageOf(request, page, await ledger.listLedger(context(), query, page));
      },
    ),
  );

  resource(app, '/api/management/ledger/export/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'The filtered entries as a CSV download, newest first',
          querystring: ExportQuery,
          response: { 200: CSV_RESPONSE },
        },
      },
      async (request, reply) => {
        const batches = ledger.ledgerBatches(context(), request.query);
        const day = app.now().toISOString().slice(0, 10);
        return sendCsv(reply, `labstore-ledger-${day}.csv`, csvStream(EXPORT_COLUMNS, batches));
      },
    ),
  );
}
