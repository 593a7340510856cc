import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { STOCK_KINDS } from '../../domain/stockKinds';
import type { DescribedRecord } from '../../domain/stockRecords';
import { resource } from '../../http/resource';
import { currentUser } from '../../plugins/auth';
import * as dashboard from '../../services/dashboard';
import { choice } from '../../validation/fields';
import { DESCRIBED_RECORD_FIELDS, objectTypeSchema, unionOf, unitSchema } from '../../contract/stockKinds';

const tags = ['dashboard'];

const OBJECT_TYPE = objectTypeSchema();
const UNIT = unitSchema();
const nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

// Closed objects: the serialiser writes a union's value by the first member that validates, and an open chemical
// description would take a glassware item and drop its size.
const Item = unionOf<DescribedRecord>(
  STOCK_KINDS.map((kind) => Type.Object(DESCRIBED_RECORD_FIELDS[kind], { additionalProperties: false })),
  {
    description:
      'The stock record: its name and identifying fields, manufacturer and supplier as plain names',
  },
);

const card = (row: TSchema, description: string) =>
  Type.Object(
    {
      count: Type.Integer({ description: 'How many there are in all' }),
      results: Type.Array(row, { description: 'The first of them (see the card)' }),
    },
    { description },
  );

/** The fields of one of the caller's staging or cart lines. */
const ownLine = (line: string) => ({
  id: Type.Integer({ description: line }),
  object_type: OBJECT_TYPE,
  object_id: Type.Integer({ description: 'The stock-record id' }),
  item: Item,
  quantity: Type.Number(),
  unit: UNIT,
});

const StockCardRow = Type.Object({
  object_type: OBJECT_TYPE,
  object_id: Type.Integer({ description: 'The stock-record id' }),
  item: Item,
  quantity: Type.Number({ description: 'In stock now, ml or pieces' }),
  unit: UNIT,
  minimum_quantity: nullable(Type.Number(), 'The minimum; null: none'),
  shortfall: nullable(Type.Number(), 'minimum_quantity − quantity when below the minimum; else null'),
  expiry_date: nullable(Type.String(), 'YYYY-MM-DD; null: none (always null for instruments)'),
  days_left: nullable(Type.Integer(), 'Days from today to the expiry date: 0 today, negative once expired'),
});

const ReorderSchema = Type.Object({
  today: Type.String({ description: 'The date it is in the lab (LAB_TIME_ZONE), YYYY-MM-DD' }),
  time_zone: Type.String({ description: 'LAB_TIME_ZONE' }),
  count: Type.Integer({ description: 'How many records are below their minimum' }),
  results: Type.Array(
    // Typed as any schema, as card() rows are: the static type of the item union is not worth spelling out.
    Type.Object({
      ...StockCardRow.properties,
      last_supplier: nullable(
        Type.String(),
        'The supplier of the newest shipment (not undone) of this item from any supplier; null: never shipped',
      ),
      last_shipped_quantity: nullable(
        Type.Number(),
        'What that shipment added, ml or pieces; null: never shipped',
      ),
      last_shipped_at: nullable(Type.String(), 'When that shipment was merged; null: never shipped'),
    }) as TSchema,
    { description: 'Every record below its minimum, largest shortfall first (as the below_minimum card)' },
  ),
});

const DashboardSchema = Type.Object({
  today: Type.String({ description: 'The date it is in the lab (LAB_TIME_ZONE), YYYY-MM-DD' }),
  time_zone: Type.String({ description: 'LAB_TIME_ZONE' }),
  within: Type.Integer({ description: 'The expiring card’s window in days' }),
  below_minimum: card(
    StockCardRow,
    `Below their minimum, largest shortfall first (${dashboard.CARD_ROWS} rows)`,
  ),
  expired: card(
    StockCardRow,
    `In stock past their expiry date, longest expired first (${dashboard.CARD_ROWS} rows)`,
  ),
  expiring: card(
    StockCardRow,
    `In stock, expiring from today to today + within, soonest first (${dashboard.CARD_ROWS} rows)`,
  ),
  dead_stock: card(
    StockCardRow,
    `In stock with no ISSUE ledger entry in the last 12 months, largest quantity first (${dashboard.CARD_ROWS} rows)`,
  ),
  recent_shipments: card(
    Type.Object({
      id: Type.Integer(),
      type: Type.Enum([...STOCK_KINDS]),
      date_time: Type.String(),
      user_email: Type.String(),
      reverted_at: nullable(Type.String(), 'When it was undone; null while it stands'),
      lines: Type.Integer({ description: 'How many lines it has' }),
    }),
    `The newest shipments of every kind (${dashboard.RECENT_ROWS} rows)`,
  ),
  recent_issues: card(
    Type.Object({
      id: Type.Integer(),
      created_at: Type.String(),
      user_email: Type.String(),
      location: Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        room_number: Type.String(),
        building_name: Type.String(),
      }),
      lines: Type.Integer({ description: 'How many lines it has' }),
    }),
    `The newest issues to any location (${dashboard.RECENT_ROWS} rows)`,
  ),
  staged_lines: card(
    Type.Object({
      ...ownLine('The staging line'),
      expiry_date: nullable(Type.String(), 'The expiry date staged with it; null: none'),
    }),
    `The caller’s staging lines not merged yet, chemicals, instruments, then glassware, id ascending (${dashboard.CARD_ROWS} rows)`,
  ),
  cart_lines: card(
    Type.Object(ownLine('The cart line')),
    `The caller’s cart lines not issued yet, id ascending (${dashboard.CARD_ROWS} rows)`,
  ),
});

const DashboardQuery = Type.Object({
  within: Type.Optional(
    choice(
      dashboard.EXPIRY_WINDOWS.map(String),
      'Days ahead the expiring card looks: 30, 60 or 90 (default 30)',
    ),
  ),
});

/** What needs attention, in one answer (docs/api.md §12). */
export default async function dashboardRoutes(app: FastifyInstance) {
  resource(app, '/api/management/dashboard/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary:
            'Every card of the dashboard: low stock, expiry, dead stock, the newest shipments and issues, own lines',
          querystring: DashboardQuery,
          response: { 200: DashboardSchema },
        },
      },
      async (request) =>
        dashboard.dashboard(
          { db: app.db, now: app.now, timeZone: app.config.labTimeZone },
          currentUser(request).id,
          Number(request.query.within ?? dashboard.EXPIRY_WINDOWS[0]) as dashboard.ExpiryWindow,
        ),
    ),
  );
  resource(app, '/api/management/dashboard/reorder/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary:
            'The reorder list: every record below its minimum, with the last supplier, shipped quantity and date',
          response: { 200: ReorderSchema },
        },
      },
      async () => dashboard.reorderList({ db: app.db, now: app.now, timeZone: app.config.labTimeZone }),
    ),
  );
}
