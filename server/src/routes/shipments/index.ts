import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  AnyShipmentSchema,
  SHIPMENT_SCHEMAS,
  ShipmentsQuery,
  STAGING_SCHEMAS,
} from '../../contract/shipments';
import { STOCK_KINDS, type StockKind } from '../../domain/stockKinds';
import { resource, targetLookup, type Handler } from '../../http/resource';
import { serviceContext } from '../../http/serviceContext';
import { ErrorDetail, ID, IdParams, NoContent } from '../../http/schemas';
import { currentActor, currentUser } from '../../plugins/auth';
import * as shipments from '../../services/shipments';

const tags = ['shipments'];

function stagingRoutes(app: FastifyInstance, kind: StockKind) {
  const context = (): shipments.ShipmentsContext => ({
    ...serviceContext(app),
    undoDays: app.config.shipmentUndoDays,
  });
  const base = `/api/management/${kind}-temp-shipment`;
  const kindTags = [...tags, `${kind} shipment staging`];

  const { Line, ReplaceBody, PatchBody } = STAGING_SCHEMAS[kind];
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

  const ownLine = targetLookup((id, request) =>
    shipments.requireOwnStagingLine(context(), currentUser(request), kind, id),
  );

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

  // PUT's body is PATCH's with every field required: one handler writes either.
  const updateLine: Handler<ReturnType<typeof update>['schema']> = async (request) =>
    shipments.updateStagingLine(
      context(),
      currentActor(request),
      kind,
      request.params.id,
      lineInput(request.body),
    );

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
      .put(update('Replace a staging line', ReplaceBody), updateLine)
      .patch(
        update('Change a staging line (quantity, stock record, expiry date, unit price)', PatchBody),
        updateLine,
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
          response: { 201: SHIPMENT_SCHEMAS[kind] },
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
    ...serviceContext(app),
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
          response: { 200: Type.Array(AnyShipmentSchema) },
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
          response: { 200: AnyShipmentSchema, 409: ErrorDetail },
        },
      },
      async (request) => shipments.revertShipment(context(), currentActor(request), request.params.id),
    ),
  );
}
