import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { specOf, STOCK_KINDS, type StockKind } from '../../domain/stockKinds';
import { stockField } from '../../domain/stockKindHelpers';
import { STOCK_RECORD_SCHEMAS } from '../../domain/stockRecords';
import { hazardFilterCodes } from '../../domain/chemistry/hazardGroups';
import {
  isFiltered,
  searchTerms,
  type OrderingTerm,
  type StockListing,
  type StockOrderingField,
} from '../../domain/stockListing';
import { PageSchema, pageOf } from '../../http/paging';
import { ErrorDetail, ID, IdParams, rawId } from '../../http/schemas';
import { resource, targetLookup, type Handler } from '../../http/resource';
import { changeRow, deleteRow, readRow } from '../../http/rowRoutes';
import { serviceContext } from '../../http/serviceContext';
import { ifMatchOf } from '../../http/versions';
import { currentActor } from '../../plugins/auth';
import * as issues from '../../services/issues';
import * as ledger from '../../services/ledger';
import * as stock from '../../services/stock';
import type { StockWrites } from '../../services/stock';
import type { StockRecords } from '../../db/repositories/stock';
import { CSV_RESPONSE, csvStream, sendCsv, type CsvColumn } from '../../http/csv';
import { sendXlsx, XLSX_RESPONSE, xlsxStream } from '../../http/spreadsheet';
import { STOCK_EXPORT_COLUMNS } from './exportColumns';
import { FullListCache } from './fullList';
import { IssuedToSchema } from '../../contract/issues';
import { LedgerEntrySchema, StockLedgerQuery } from '../../contract/ledger';
import { STOCK_WRITE_BODIES, stockExportQuery, stockListQuery } from '../../contract/stock';

const tags = ['stock'];

/** What `search` looks in: the Store's columns it filters, `name, CAS RN, …, manufacturer and supplier`. */
function searchedColumns(kind: StockKind): string {
  const labels = specOf(kind)
    .views.store.map((name) => stockField(kind, name))
    .filter((field) => field.filtered)
    // Words lower-cased inside the sentence; abbreviations (CAS RN) kept.
    .map((field) => field.label.replace(/\b[A-Z][a-z]+/g, (word) => word.toLowerCase()));
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

const listDescription = (kind: StockKind) =>
  'Without `limit` the answer is the array of SERVER.md §4.2 (all records, id ascending, unless `ordering` or ' +
  '`search` is given). With `limit` it is a page in the LimitOffsetPagination shape of Django REST framework: ' +
  '`{"count", "next", "previous", "results"}`, `next` and `previous` being absolute URLs or null. ' +
  `\`search\` looks in the ${searchedColumns(kind)}. The whole list (neither \`limit\`, \`ordering\` nor ` +
  '`search`) carries a weak ETag, which If-None-Match answers with 304, and is kept until the next stock write. ' +
  'See docs/api.md.';

/** The records a list's or an export's query asks for. */
function listingOf<K extends StockKind>(query: {
  ordering?: OrderingTerm<StockOrderingField<K>>[];
  search?: string;
  hazard?: string[];
}): StockListing<K> {
  const { ordering = [], search = '', hazard = [] } = query;
  const hazardCodes = hazardFilterCodes(hazard);
  return { terms: searchTerms(search), ordering, ...(hazardCodes && { hazardCodes }) };
}

/** §4 stock records, §5 management lists and create, §10 stock ledger. */
export default async function stockRoutes(app: FastifyInstance) {
  const context = (): stock.StockContext => serviceContext(app);

  for (const kind of STOCK_KINDS) {
    // `/api/storeobjects/<records>/` (§4), `/api/management/<management>/` (§5).
    const { store: records, management } = specOf(kind).segments;
    const record = STOCK_RECORD_SCHEMAS[kind];
    const bodies = STOCK_WRITE_BODIES[kind];
    const recordExists = targetLookup((id) => stock.requireStockRecord(context(), kind, id));

    // A full list can hold 100,000 records, built field by field from the §4.1 shapes.
    const list = {
      access: 'public' as const,
      stringify: true,
      schema: {
        tags,
        summary: `All ${kind} stock records, id ascending; or, with \`limit\`, one page of them`,
        description: listDescription(kind),
        querystring: stockListQuery(kind),
        response: {
          200: Type.Union(
            [
              Type.Array(record, { description: 'Without `limit`: every matching record (SERVER.md §4.2).' }),
              PageSchema(record, 'With `limit`: one page of the matching records.'),
            ],
            { description: 'The records: an array, or a page with `limit`' },
          ),
          304: Type.Null({
            description: 'The whole list (no `limit`, `ordering` or `search`) is the one If-None-Match names',
          }),
        },
      },
    };
    const create = {
      access: 'storeWrite' as const,
      schema: {
        tags,
        summary: `Create a ${kind} stock record`,
        body: bodies.create,
        response: { 201: record },
      },
    };
    // The full list, neither searched nor ordered, is written once per version of the stock records.
    const fullList = new FullListCache(() =>
      stock.stockRecordBatches(context(), kind, { terms: [], ordering: [] }, stock.STOCK_LIST_BATCH_SIZE),
    );
    const listRecords: Handler<typeof list.schema> = async (request, reply) => {
      const { limit, offset = 0, ordering = [] } = request.query;
      const listing = listingOf(request.query);
      if (limit === undefined && !isFiltered(listing) && ordering.length === 0)
        return fullList.send(request, reply, await app.stockSearch.stockVersion());
      if (limit === undefined) return stock.listStockRecords(context(), kind, listing);
      return pageOf(
        request,
        { limit, offset },
        await stock.pageStockRecords(context(), kind, listing, { limit, offset }),
      );
    };
    const createRecord = async (request: FastifyRequest) =>
      stock.createStockRecord(
        context(),
        currentActor(request),
        kind,
        request.body as StockWrites[typeof kind],
      );

    resource(app, `/api/storeobjects/${records}/`, (routes) =>
      routes
        .get(list, listRecords)
        .post(create, async (request, reply) => reply.code(201).send(await createRecord(request))),
    );

    // Registered before `{id}/`; `export` is no id, so the two never compete.
    resource(app, `/api/storeobjects/${records}/export/`, (routes) =>
      routes.get(
        {
          access: 'public',
          schema: {
            tags,
            summary: `The ${kind} list as a CSV or .xlsx download, with the Store's columns`,
            description:
              'The records `ordering` and `search` select (as in the list), streamed in batches: the Store ' +
              "tab's columns in its order, units in the headers, numbers in full precision. See docs/api.md.",
            querystring: stockExportQuery(kind),
            response: {
              200: { ...CSV_RESPONSE, content: { ...CSV_RESPONSE.content, ...XLSX_RESPONSE.content } },
            },
          },
        },
        async (request, reply) => {
          const { format = 'csv' } = request.query;
          const batches = stock.stockRecordBatches(context(), kind, listingOf(request.query));
          const columns = STOCK_EXPORT_COLUMNS[kind] as CsvColumn<StockRecords[StockKind]>[];
          const name = `labstore-${management}-${app.now().toISOString().slice(0, 10)}`;
          if (format === 'xlsx')
            return sendXlsx(reply, `${name}.xlsx`, xlsxStream(columns, batches, management));
          return sendCsv(reply, `${name}.csv`, csvStream(columns, batches));
        },
      ),
    );

    // The SPA's "brand-new item" step: the same list and create (its `store` field is ignored as unknown).
    resource(app, `/api/management/${management}/`, (routes) =>
      routes
        .get(list, listRecords)
        .post(create, async (request, reply) => reply.code(201).send(await createRecord(request))),
    );

    const update = (body: TSchema, summary: string) =>
      changeRow({ access: 'storeWrite', tags, summary, row: record, body, lookup: recordExists });
    const updateRecord = async (request: FastifyRequest) =>
      stock.updateStockRecord(
        context(),
        currentActor(request),
        kind,
        rawId(request),
        request.body as Partial<StockWrites[typeof kind]>,
        ifMatchOf(request),
      );

    resource(app, `/api/storeobjects/${records}/:id${ID}/`, (routes) =>
      routes
        .get(
          readRow({ access: 'public', tags, summary: `One ${kind} stock record`, row: record }),
          async (request) => stock.getStockRecord(context(), kind, request.params.id),
        )
        .put(update(bodies.replace, `Replace a ${kind} stock record`), updateRecord)
        .patch(update(bodies.patch, `Change some fields of a ${kind} stock record`), updateRecord)
        .delete(
          deleteRow({
            access: 'storeWrite',
            tags,
            summary: `Delete a ${kind} stock record and its ADJUSTMENT ledger entries`,
            row: record,
            lookup: recordExists,
            refusals: { 409: ErrorDetail },
          }),
          async (request, reply) => {
            await stock.deleteStockRecord(
              context(),
              currentActor(request),
              kind,
              request.params.id,
              ifMatchOf(request),
            );
            return reply.code(204).send(null);
          },
        ),
    );

    // The record page's "issued to" list (docs/api.md); staff only, like the issue cart that wrote it.
    resource(app, `/api/management/${management}/:id${ID}/issued-to/`, (routes) =>
      routes.get(
        {
          access: 'storeRead',
          schema: {
            tags,
            summary: `The locations a ${kind} stock record was issued to, most recently issued first`,
            description:
              'One entry per location: the issued and returned amounts summed over its issue lines (ml or ' +
              'pieces), how many issues, and the latest. Unknown record → 404. See docs/api.md.',
            params: IdParams,
            response: { 200: Type.Array(IssuedToSchema) },
          },
        },
        async (request) => issues.locationsIssuedTo(context(), kind, request.params.id),
      ),
    );
  }

  resource(app, '/api/management/stock-ledger/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: "A stock record's quantity changes, newest first",
          querystring: StockLedgerQuery,
          response: { 200: Type.Array(LedgerEntrySchema) },
        },
      },
      async (request) => ledger.stockLedger(context(), request.query.type, request.query.object_id),
    ),
  );
}
