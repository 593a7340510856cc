import { Type, type Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { STOCK_UNITS } from '../../domain/stockKindHelpers';
import { CSV_RESPONSE, csvStream, sendCsv } from '../../http/csv';
import { MAX_PAGE_LIMIT, PageSchema, pageOf, PagingQuery } from '../../http/paging';
import { resource } from '../../http/resource';
import { ID, LocationParams } from '../../http/schemas';
import { sendXlsx, XLSX_RESPONSE, xlsxStream } from '../../http/spreadsheet';
import { minorDigits } from '../../domain/money';
import * as reports from '../../services/chargeReports';
import { choice, dateOrDateTime, idFilter, integer, month } from '../../validation/fields';
import { objectTypeSchema } from '../../contract/stockKinds';

// The charge list and the monthly statements (docs/api.md §23.4, §24).

const tags = ['charges'];

/** The page size without `limit`, as the ledger list's. */
const DEFAULT_CHARGE_LIMIT = 50;

const nullableInteger = (description: string) => Type.Union([Type.Integer(), Type.Null()], { description });

const FundSchema = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() });

const statementLineFields = {
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  kind: Type.Enum(['ISSUE', 'RETURN'] as const, {
    description: 'ISSUE, or RETURN (negative quantity and amount)',
  }),
  issue_id: Type.Integer({ description: 'The issue charged, or the issue the return came back from' }),
  request_id: nullableInteger("The issue's request; null for a cart issue"),
  object_type: objectTypeSchema(),
  object_id: Type.Integer({ description: 'The stock-record id' }),
  name: Type.String({ description: "The record's catalog name" }),
  quantity: Type.Number({ description: 'In `unit`; negative for a return' }),
  unit: Type.Enum([...new Set(Object.values(STOCK_UNITS))]),
  unit_price: Type.Union([Type.Number(), Type.Null()], {
    description: 'Per ml or per piece in major units, as issued; null: the record had no price (amount 0)',
  }),
  amount: Type.Integer({
    description: 'Minor units of the currency (cents), signed, rounded half-up per line',
  }),
};

const StatementLineSchema = Type.Object(statementLineFields);

const ChargeSchema = Type.Object({
  ...statementLineFields,
  location: Type.Object({ id: Type.Integer(), name: Type.String() }),
  fund: Type.Union([FundSchema, Type.Null()], {
    description: 'Null for a cart issue, made without a request',
  }),
  currency: Type.String({ description: 'ISO 4217 code' }),
  user_email: Type.String({ description: 'Who issued or took back' }),
});

const ListQuery = Type.Object({
  lab: Type.Optional(idFilter('One lab (location id)')),
  fund: Type.Optional(idFilter("One fund's charges")),
  from: Type.Optional(dateOrDateTime('Charges at or after: a date (UTC day) or a date and time')),
  to: Type.Optional(dateOrDateTime('Charges at or before: a date (its whole UTC day) or a date and time')),
  limit: Type.Optional(
    integer({
      minimum: 1,
      maximum: MAX_PAGE_LIMIT,
      description: `Page size, 1–${MAX_PAGE_LIMIT} (default ${DEFAULT_CHARGE_LIMIT})`,
    }),
  ),
  offset: PagingQuery.offset,
});

const MonthQuery = { month: month('The month, YYYY-MM, in the lab’s time zone (LAB_TIME_ZONE)') };

const StatementSchema = Type.Object({
  month: Type.String(),
  currency: Type.String({ description: 'ISO 4217 code (CURRENCY)' }),
  minor_digits: Type.Integer({ description: 'Minor units per major unit, as a power of ten: EUR 2, JPY 0' }),
  labs: Type.Array(
    Type.Object({
      location: Type.Integer({ description: 'The lab (location id)' }),
      name: Type.String(),
      funds: Type.Array(
        Type.Object({
          fund: Type.Union([FundSchema, Type.Null()], { description: "Null: the lab's cart issues" }),
          lines: Type.Array(StatementLineSchema),
          total: Type.Integer({ description: 'The sum of the lines’ amounts' }),
        }),
      ),
      total: Type.Integer({ description: 'The sum of the funds’ totals' }),
    }),
  ),
  total: Type.Integer({ description: 'The sum of the labs’ totals' }),
});

const statementDescription =
  'Every charge of the month (from the first instant of its first day to that of the next month, in ' +
  'LAB_TIME_ZONE), by lab (name), then fund (cart issues first, then by code), then time. Totals are sums of the ' +
  'integer amounts. See docs/api.md §24.';

export default async function chargeRoutes(app: FastifyInstance) {
  const context = (): reports.ChargeReportsContext => ({
    db: app.db,
    currency: app.config.currency,
    timeZone: app.config.labTimeZone,
  });

  // Public like the lab calendar: a price on the record page and a request's estimate read in it before any charge.
  resource(app, '/api/currency/', (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags,
          summary: "The store's currency",
          description:
            'The ISO 4217 code of every unit price and charge (CURRENCY) and its minor digits. See docs/api.md §23.5.',
          response: {
            200: Type.Object({
              code: Type.String({ description: 'ISO 4217 code' }),
              minor_digits: Type.Integer({
                description: 'Minor units per major unit, as a power of ten: EUR 2',
              }),
            }),
          },
        },
      },
      async () => ({ code: app.config.currency, minor_digits: minorDigits(app.config.currency) }),
    ),
  );

  resource(app, '/api/management/charges/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'Every charge, newest first, filtered, one page at a time',
          description:
            'Paged like the ledger list (docs/api.md §7.1): `{"count", "next", "previous", "results"}`. See ' +
            'docs/api.md §23.4.',
          querystring: ListQuery,
          response: { 200: PageSchema(ChargeSchema, 'One page of the matching charges') },
        },
      },
      async (request) => {
        const { limit = DEFAULT_CHARGE_LIMIT, offset = 0, ...query } = request.query;
        const page = { limit, offset };
        return pageOf(request, page, await reports.listCharges(context(), query, page));
      },
    ),
  );

  resource(app, '/api/management/statements/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: "The month's statement of every lab charged",
          description: statementDescription,
          querystring: Type.Object(MonthQuery),
          response: { 200: StatementSchema },
        },
      },
      async (request) => reports.statement(context(), request.query.month),
    ),
  );

  const ExportQuery = Type.Object({
    ...MonthQuery,
    format: Type.Optional(choice(['csv', 'xlsx'], 'csv (default) or xlsx')),
  });
  const exportResponse = {
    200: { ...CSV_RESPONSE, content: { ...CSV_RESPONSE.content, ...XLSX_RESPONSE.content } },
  };
  const exportDescription =
    'One row per charge (lab, fund, date in LAB_TIME_ZONE, kind, issue, request, item, quantity, unit, unit ' +
    'price, amount in major units as a number), each fund’s total after its lines, each lab’s after its funds, ' +
    'the month’s last. See docs/api.md §24.3.';

  /** A statement as a download: every lab's, or one lab's (its file named after the lab's id). */
  async function sendStatement(
    reply: FastifyReply,
    { month: chosen, format = 'csv' }: Static<typeof ExportQuery>,
    locationId?: number,
  ) {
    const statement = await reports.statement(context(), chosen, locationId);
    const columns = reports.statementColumns(statement, app.config.labTimeZone);
    const rows = reports.statementRows(statement);
    // Written from the statement already read: a month's charges are few enough to hold.
    async function* batches() {
      yield rows;
    }
    const name = `labstore-statement-${locationId === undefined ? '' : `lab-${locationId}-`}${chosen}`;
    if (format === 'xlsx') return sendXlsx(reply, `${name}.xlsx`, xlsxStream(columns, batches(), chosen));
    return sendCsv(reply, `${name}.csv`, csvStream(columns, batches()));
  }

  resource(app, '/api/management/statements/export/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: "The month's statement as a CSV or .xlsx download",
          description: exportDescription,
          querystring: ExportQuery,
          response: exportResponse,
        },
      },
      async (request, reply) => sendStatement(reply, request.query),
    ),
  );

  resource(app, `/api/labs/:locationId${ID}/statements/`, (routes) =>
    routes.get(
      {
        access: 'labManager',
        schema: {
          tags: [...tags, 'labs'],
          summary: "The lab's statement of the month",
          description: statementDescription,
          params: LocationParams,
          querystring: Type.Object(MonthQuery),
          response: { 200: StatementSchema },
        },
      },
      async (request) => reports.statement(context(), request.query.month, request.params.locationId),
    ),
  );

  resource(app, `/api/labs/:locationId${ID}/statements/export/`, (routes) =>
    routes.get(
      {
        access: 'labManager',
        schema: {
          tags: [...tags, 'labs'],
          summary: "The lab's statement of the month as a CSV or .xlsx download",
          description: `${exportDescription} The lab's rows only (docs/api.md §24.4).`,
          params: LocationParams,
          querystring: ExportQuery,
          response: exportResponse,
        },
      },
      async (request, reply) => sendStatement(reply, request.query, request.params.locationId),
    ),
  );
}
