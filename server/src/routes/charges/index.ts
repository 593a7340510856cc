import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ChargeListQuery,
  ChargePageSchema,
  CurrencySchema,
  DEFAULT_CHARGE_LIMIT,
  MonthQuery,
  type StatementExportChoice,
  StatementExportQuery,
  StatementSchema,
} from '../../contract/charges';
import { minorDigits } from '../../domain/money';
import { CSV_RESPONSE, csvStream, sendCsv } from '../../http/csv';
import { pageOf } from '../../http/paging';
import { resource } from '../../http/resource';
import { ID, LocationParams } from '../../http/schemas';
import { sendXlsx, XLSX_RESPONSE, xlsxStream } from '../../http/spreadsheet';
import * as reports from '../../services/chargeReports';

// The charge list and the monthly statements (docs/api.md §23.4, §24).

const tags = ['charges'];

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
          response: { 200: CurrencySchema },
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
          querystring: ChargeListQuery,
          response: { 200: ChargePageSchema },
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
          querystring: MonthQuery,
          response: { 200: StatementSchema },
        },
      },
      async (request) => reports.statement(context(), request.query.month),
    ),
  );

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
    { month: chosen, format = 'csv' }: StatementExportChoice,
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
          querystring: StatementExportQuery,
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
          querystring: MonthQuery,
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
          querystring: StatementExportQuery,
          response: exportResponse,
        },
      },
      async (request, reply) => sendStatement(reply, request.query, request.params.locationId),
    ),
  );
}
