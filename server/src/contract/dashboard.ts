import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import { STOCK_KINDS } from '../domain/stockKinds';
import type { DescribedRecord } from '../domain/stockRecords';
import { choice } from '../validation/fields';
import { DESCRIBED_RECORD_FIELDS, objectTypeSchema, unionOf, unitSchema } from './stockKinds';

// docs/api.md §12: what needs attention, in one answer, and the reorder list (§12.1).

/** How many rows each stock card and each list of own lines shows. */
export const CARD_ROWS = 10;
/** How many of the newest shipments and issues the dashboard shows. */
export const RECENT_ROWS = 5;
/** The expiry windows the dashboard offers, in days. */
export const EXPIRY_WINDOWS = [30, 60, 90] as const;
export type ExpiryWindow = (typeof EXPIRY_WINDOWS)[number];

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

const card = <Row extends TSchema>(row: Row, description: string) =>
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

export const StockCardRowSchema = Type.Object({
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

export const ReorderSchema = Type.Object({
  today: Type.String({ description: 'The date it is in the lab (LAB_TIME_ZONE), YYYY-MM-DD' }),
  time_zone: Type.String({ description: 'LAB_TIME_ZONE' }),
  count: Type.Integer({ description: 'How many records are below their minimum' }),
  results: Type.Array(
    Type.Object({
      ...StockCardRowSchema.properties,
      last_supplier: nullable(
        Type.String(),
        'The supplier of the newest shipment (not undone) of this item from any supplier; null: never shipped',
      ),
      last_shipped_quantity: nullable(
        Type.Number(),
        'What that shipment added, ml or pieces; null: never shipped',
      ),
      last_shipped_at: nullable(Type.String(), 'When that shipment was merged; null: never shipped'),
    }),
    { description: 'Every record below its minimum, largest shortfall first (as the below_minimum card)' },
  ),
});

export const DashboardSchema = Type.Object({
  today: Type.String({ description: 'The date it is in the lab (LAB_TIME_ZONE), YYYY-MM-DD' }),
  time_zone: Type.String({ description: 'LAB_TIME_ZONE' }),
  within: Type.Enum(EXPIRY_WINDOWS, { description: 'The expiring card’s window in days' }),
  below_minimum: card(StockCardRowSchema, `Below their minimum, largest shortfall first (${CARD_ROWS} rows)`),
  expired: card(
    StockCardRowSchema,
    `In stock past their expiry date, longest expired first (${CARD_ROWS} rows)`,
  ),
  expiring: card(
    StockCardRowSchema,
    `In stock, expiring from today to today + within, soonest first (${CARD_ROWS} rows)`,
  ),
  dead_stock: card(
    StockCardRowSchema,
    `In stock with no ISSUE ledger entry in the last 12 months, largest quantity first (${CARD_ROWS} rows)`,
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
    `The newest shipments of every kind (${RECENT_ROWS} rows)`,
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
    `The newest issues to any location (${RECENT_ROWS} rows)`,
  ),
  staged_lines: card(
    Type.Object({
      ...ownLine('The staging line'),
      expiry_date: nullable(Type.String(), 'The expiry date staged with it; null: none'),
    }),
    `The caller’s staging lines not merged yet, chemicals, instruments, then glassware, id ascending (${CARD_ROWS} rows)`,
  ),
  cart_lines: card(
    Type.Object(ownLine('The cart line')),
    `The caller’s cart lines not issued yet, id ascending (${CARD_ROWS} rows)`,
  ),
});

export const DashboardQuery = Type.Object({
  within: Type.Optional(
    choice(EXPIRY_WINDOWS.map(String), 'Days ahead the expiring card looks: 30, 60 or 90 (default 30)'),
  ),
});

export type StockCardRow = Static<typeof StockCardRowSchema>;
export type Dashboard = Static<typeof DashboardSchema>;
export type ReorderList = Static<typeof ReorderSchema>;
export type ReorderRow = ReorderList['results'][number];
/** One card: how many there are in all, and the first of them. */
export interface Card<Row> {
  count: number;
  results: Row[];
}
