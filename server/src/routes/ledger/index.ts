import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LEDGER_LIMIT,
  LedgerExportQuery,
  LedgerListEntrySchema,
  LedgerListQuery,
  type LedgerListEntry,
} from '../../contract/ledger';
import { ledgerItemFields, type LedgerKind } from '../../domain/ledger';
import { specOf, STOCK_KINDS, type StockField } from '../../domain/stockKinds';
import { headerWithUnit, KIND_OF_TYPE } from '../../domain/stockKindHelpers';
import { CSV_RESPONSE, csvStream, sendCsv, type CsvColumn } from '../../http/csv';
import { PageSchema, pageOf } from '../../http/paging';
import { resource } from '../../http/resource';
import { serviceContext } from '../../http/serviceContext';
import * as ledger from '../../services/ledger';

const tags = ['ledger'];

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
  const context = (): ledger.LedgerContext => serviceContext(app);

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
          querystring: LedgerListQuery,
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
          querystring: LedgerExportQuery,
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
