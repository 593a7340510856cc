import { Type, type TProperties } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { specOf, STOCK_KINDS, type StockKind } from '../../domain/stockKinds';
import { hasExpiry, stockField } from '../../domain/stockKindHelpers';
import { STOCK_RECORD_SCHEMAS } from '../../domain/stockRecords';
import { resource } from '../../http/resource';
import { ErrorDetail, ID, IdParams, NoContent, rawId } from '../../http/schemas';
import { currentActor, currentUser } from '../../plugins/auth';
import * as shipments from '../../services/shipments';
import { idRef, nullable, stockDate } from '../../validation/fields';
import { movedQuantity } from '../../validation/stockQuantity';
import { valueSchema } from '../../contract/stock';
import { DESCRIBED_RECORD_FIELDS, quantitySchema, unionOf } from '../../contract/stockKinds';

const tags = ['shipments'];

// ---- §7 history lines: the record's current descriptive values, plain manufacturer and supplier ----

const historyLine = (kind: StockKind) =>
  Type.Object({
    ...DESCRIBED_RECORD_FIELDS[kind],
    old_total: quantitySchema(kind),
    added_quantity: quantitySchema(kind),
  });

const STAGED_PRICE =
  'The unit price of what arrives, which the merge averages into the record’s by quantity (docs/api.md §23.2)';
const STAGED_PRICE_NULL = 'null: none given (the line counts at the record’s price)';

const nullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const shipmentSchema = (kind: StockKind) =>
  Type.Object({
    id: Type.Integer(),
    date_time: Type.String(),
    reverted_at: nullableText('When the shipment was undone; null while it stands'),
    reverted_by: nullableText('The e-mail of who undid it; null while it stands'),
    undo_until: nullableText(
      'Until when it can be undone (merge time + SHIPMENT_UNDO_DAYS, ISO datetime); null once reverted',
    ),
    [specOf(kind).shipmentLinesKey]: Type.Array(historyLine(kind)),
  });

const AnyShipment = unionOf<shipments.Shipment<StockKind>>(STOCK_KINDS.map(shipmentSchema));

const ShipmentsQuery = Type.Object({
  // Checked by the service, which answers anything but the three kinds (case-insensitive) with §7's message.
  type: Type.Optional(Type.Unknown({ description: 'chemical, instrument or glassware (case-insensitive)' })),
});

function stagingRoutes(app: FastifyInstance, kind: StockKind) {
  const context = (): shipments.ShipmentsContext => ({
    db: app.db,
    dialect: app.dialect,
    now: app.now,
    undoDays: app.config.shipmentUndoDays,
  });
  const base = `/api/management/${kind}-temp-shipment`;
  const kindTags = [...tags, `${kind} shipment staging`];

  // Chemicals and glassware may say when what arrives expires (docs/api.md §11); the merge copies it onto the record.
  // The properties are typed as optional for every kind and present in the schemas of those two only.
  const ifExpiring = <P extends TProperties>(properties: P): P => (hasExpiry(kind) ? properties : ({} as P));
  // A staged price (docs/api.md §23) follows the record field's rules; null here keeps the record's price.
  const price = stockField(kind, 'unit_price');
  const Line = Type.Object({
    id: Type.Integer(),
    [kind]: STOCK_RECORD_SCHEMAS[kind],
    quantity: quantitySchema(kind),
    ...ifExpiring({
      expiry_date: Type.Optional(
        Type.Union([Type.String(), Type.Null()], { description: 'YYYY-MM-DD or null' }),
      ),
    }),
    unit_price: Type.Union([Type.Number(), Type.Null()], {
      description: `${STAGED_PRICE} (per ml or per piece, major units); ${STAGED_PRICE_NULL}`,
    }),
  });
  const fields = {
    [kind]: idRef(`The ${kind} stock-record id`),
    quantity: movedQuantity(kind),
    ...ifExpiring({
      expiry_date: Type.Optional(
        nullable(stockDate('When what arrives expires (YYYY-MM-DD); the merge sets it on the record')),
      ),
    }),
    unit_price: Type.Optional(
      nullable(
        Type.Unsafe<number>(
          valueSchema(
            price,
            `${STAGED_PRICE}, as the record's unit_price field takes it; ${STAGED_PRICE_NULL}`,
          ),
        ),
      ),
    ),
  };
  const ReplaceBody = Type.Object(fields);
  const PatchBody = Type.Partial(Type.Object(fields));
  const lineInput = (
    body: { quantity?: number; expiry_date?: string | null; unit_price?: number | null } & Record<
      string,
      unknown
    >,
  ) => ({
    stockId: body[kind] as number,
    quantity: body.quantity,
    expiryDate: body.expiry_date,
    unitPrice: body.unit_price,
  });

  const ownLine = async (request: FastifyRequest) => {
    await shipments.requireOwnStagingLine(context(), currentUser(request), kind, rawId(request));
  };

  resource(app, `${base}/`, (routes) =>
    routes
      .get(
        {
          access: 'storeWrite',
          schema: {
            tags: kindTags,
            summary: "The caller's staging lines, id ascending",
            response: { 200: Type.Array(Line) },
          },
        },
        async (request) => shipments.listStagingLines(context(), currentUser(request), kind),
      )
      .post(
        {
          access: 'storeWrite',
          schema: {
            tags: kindTags,
            summary: 'Stage a quantity of a stock record',
            body: ReplaceBody,
            response: { 201: Line },
          },
        },
        async (request, reply) =>
          reply.code(201).send(
            await shipments.createStagingLine(context(), currentActor(request), kind, {
              ...lineInput(request.body),
              quantity: request.body.quantity,
            }),
          ),
      ),
  );

  const update = (summary: string, body: typeof ReplaceBody | typeof PatchBody) => ({
    access: 'storeWrite' as const,
    preValidation: ownLine,
    schema: { tags: kindTags, summary, params: IdParams, body, response: { 200: Line } },
  });

  resource(app, `${base}/:id${ID}/`, (routes) =>
    routes
      .get(
        {
          access: 'storeWrite',
          schema: {
            tags: kindTags,
            summary: 'One of the caller’s staging lines',
            params: IdParams,
            response: { 200: Line },
          },
        },
        async (request) => shipments.getStagingLine(context(), currentUser(request), kind, request.params.id),
      )
      .put(update('Replace a staging line', ReplaceBody), async (request) =>
        shipments.updateStagingLine(
          context(),
          currentActor(request),
          kind,
          request.params.id,
          lineInput(request.body),
        ),
      )
      .patch(
        update('Change a staging line (quantity, stock record, expiry date, unit price)', PatchBody),
        async (request) =>
          shipments.updateStagingLine(
            context(),
            currentActor(request),
            kind,
            request.params.id,
            lineInput(request.body),
          ),
      )
      .delete(
        {
          access: 'storeWrite',
          preValidation: ownLine,
          schema: {
            tags: kindTags,
            summary: 'Remove a staging line',
            params: IdParams,
            response: { 204: NoContent },
          },
        },
        async (request, reply) => {
          await shipments.deleteStagingLine(context(), currentActor(request), kind, request.params.id);
          return reply.code(204).send(null);
        },
      ),
  );

  // Registered beside `{id}`, whose pattern only matches digits, so the two never clash.
  resource(app, `${base}/merge/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        schema: {
          tags: kindTags,
          summary: "Merge the caller's staging list into stock as one shipment (one transaction)",
          response: { 201: shipmentSchema(kind) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await shipments.mergeStaging(context(), currentActor(request), kind)),
    ),
  );
}

/** §6 staging per user and kind, with the merge; §7 shipment history. Every route is signed-in. */
export default async function shipmentRoutes(app: FastifyInstance) {
  for (const kind of STOCK_KINDS) stagingRoutes(app, kind);

  const context = (): shipments.ShipmentsContext => ({
    db: app.db,
    dialect: app.dialect,
    now: app.now,
    undoDays: app.config.shipmentUndoDays,
  });
  resource(app, '/api/management/shipments/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'Shipments of one kind from all users, newest first, with their lines in merge order',
          querystring: ShipmentsQuery,
          response: { 200: Type.Array(AnyShipment) },
        },
      },
      async (request) => shipments.listShipments(context(), shipments.shipmentKind(request.query.type)),
    ),
  );
  resource(app, `/api/management/shipments/:id${ID}/revert/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        schema: {
          tags,
          summary:
            "Undo a shipment merge: REVERSAL ledger entries take back each line's quantity (one transaction)",
          description:
            `Allowed within SHIPMENT_UNDO_DAYS (${app.config.shipmentUndoDays}) days of the merge. 409 when it was ` +
            'already reverted, is too old, or a record no longer holds what the shipment added (docs/api.md).',
          params: IdParams,
          response: { 200: AnyShipment, 409: ErrorDetail },
        },
      },
      async (request) => shipments.revertShipment(context(), currentActor(request), request.params.id),
    ),
  );
}
