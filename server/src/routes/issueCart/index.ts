import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STOCK_KINDS } from '../../domain/stockKinds';
import { OBJECT_TYPES } from '../../domain/stockKindHelpers';
import { STOCK_RECORD_SCHEMAS, type StockRecord } from '../../domain/stockRecords';
import { resource } from '../../http/resource';
import { ErrorDetail, ID, IdParams, NoContent, rawId, LocationParams } from '../../http/schemas';
import { currentActor, currentUser } from '../../plugins/auth';
import * as issueCart from '../../services/issueCart';
import { choice, idRef, nullable, number } from '../../validation/fields';
import { IssueSchema } from '../../contract/issues';
import { unionOf } from '../../contract/stockKinds';

const tags = ['issue cart'];

const CartLineSchema = Type.Object({
  id: Type.Integer(),
  object_id: Type.Integer(),
  object_type: Type.String(),
  quantity: Type.Number({ description: 'ml for chemicals, pieces otherwise' }),
  object: unionOf<StockRecord>(STOCK_KINDS.map((kind) => STOCK_RECORD_SCHEMAS[kind])),
});

const CartLineBody = Type.Object({
  object_id: idRef('A stock record of object_type'),
  object_type: choice(Object.values(OBJECT_TYPES)),
  quantity: number({
    description: 'ml (> 0, at most 3 decimals) or whole pieces (≥ 1); with the caller’s other lines ≤ stock',
  }),
});
const CartLinePatchBody = Type.Partial(CartLineBody);

/** SERVER.md §9 sends no body; what this server's clients may add (docs/api.md §23.6). */
const MergeBody = Type.Object({
  fund: Type.Optional(
    nullable(
      idRef("One of the location's active funds: the issue's charges go to it. Null or absent: no fund"),
    ),
  ),
  cmr_confirmed: Type.Optional(
    Type.Boolean({
      description:
        'A store manager confirms the cart’s CMR lines as a CMR issue (audited). Needed when the cart holds one, ' +
        'unless the body is SERVER.md’s empty one, which issues them audited as unconfirmed',
    }),
  ),
});

/** §9: each signed-in user's issue cart and its merge into an issue. */
export default async function issueCartRoutes(app: FastifyInstance) {
  const context = (): issueCart.IssueCartContext => ({
    db: app.db,
    dialect: app.dialect,
    now: app.now,
    currency: app.config.currency,
  });
  const ownLine = async (request: FastifyRequest) => {
    await issueCart.requireCartLine(context(), currentUser(request), rawId(request));
  };

  resource(app, '/api/management/issue-cart/', (routes) =>
    routes
      .get(
        {
          access: 'storeWrite',
          schema: {
            tags,
            summary: "The caller's lines, id ascending",
            response: { 200: Type.Array(CartLineSchema) },
          },
        },
        async (request) => issueCart.listCart(context(), currentUser(request)),
      )
      .post(
        {
          access: 'storeWrite',
          schema: { tags, summary: 'Add a line', body: CartLineBody, response: { 201: CartLineSchema } },
        },
        async (request, reply) =>
          reply.code(201).send(await issueCart.addCartLine(context(), currentActor(request), request.body)),
      ),
  );

  const update = (summary: string, body: typeof CartLineBody | typeof CartLinePatchBody) => ({
    access: 'storeWrite' as const,
    preValidation: ownLine,
    schema: { tags, summary, params: IdParams, body, response: { 200: CartLineSchema } },
  });

  resource(app, `/api/management/issue-cart/:id${ID}/`, (routes) =>
    routes
      .get(
        {
          access: 'storeWrite',
          schema: {
            tags,
            summary: 'One of the caller’s lines',
            params: IdParams,
            response: { 200: CartLineSchema },
          },
        },
        async (request) => issueCart.getCartLine(context(), currentUser(request), request.params.id),
      )
      .put(update('Replace a line (a body id is ignored)', CartLineBody), async (request) =>
        issueCart.updateCartLine(context(), currentActor(request), request.params.id, request.body),
      )
      .patch(update('Change some fields of a line', CartLinePatchBody), async (request) =>
        issueCart.updateCartLine(context(), currentActor(request), request.params.id, request.body),
      )
      .delete(
        {
          access: 'storeWrite',
          schema: { tags, summary: 'Remove a line', params: IdParams, response: { 204: NoContent } },
        },
        async (request, reply) => {
          await issueCart.deleteCartLine(context(), currentActor(request), request.params.id);
          return reply.code(204).send(null);
        },
      ),
  );

  resource(app, `/api/management/issue-cart/:locationId${ID}/merge/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        preValidation: async (request) => {
          const { locationId } = request.params as { locationId: string };
          await issueCart.requireLocation(context(), Number(locationId));
        },
        schema: {
          tags,
          summary: "Issue the caller's cart to a location, atomically",
          params: LocationParams,
          body: MergeBody,
          response: { 201: IssueSchema, 409: ErrorDetail },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await issueCart.mergeCart(
              context(),
              currentActor(request),
              request.params.locationId,
              request.body,
            ),
          ),
    ),
  );
}
