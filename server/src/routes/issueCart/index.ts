import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CartLineBody, CartLinePatchBody, CartLineSchema, MergeBody } from '../../contract/issueCart';
import { IssueSchema } from '../../contract/issues';
import { resource, targetLookup, type Handler } from '../../http/resource';
import { serviceContext } from '../../http/serviceContext';
import { ErrorDetail, ID, IdParams, NoContent, LocationParams } from '../../http/schemas';
import { currentActor, currentUser } from '../../plugins/auth';
import * as issueCart from '../../services/issueCart';

const tags = ['issue cart'];

/** §9: each signed-in user's issue cart and its merge into an issue. */
export default async function issueCartRoutes(app: FastifyInstance) {
  const context = (): issueCart.IssueCartContext => ({
    ...serviceContext(app),
    currency: app.config.currency,
  });
  const ownLine = targetLookup((id, request) =>
    issueCart.requireCartLine(context(), currentUser(request), id),
  );

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

  // PUT's body is PATCH's with every field required: one handler writes either.
  const updateLine: Handler<ReturnType<typeof update>['schema']> = async (request) =>
    issueCart.updateCartLine(context(), currentActor(request), request.params.id, request.body);

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
      .put(update('Replace a line (a body id is ignored)', CartLineBody), updateLine)
      .patch(update('Change some fields of a line', CartLinePatchBody), updateLine)
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
