import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorDetail, ID, LocationParams } from '../../http/schemas';
import { resource, targetLookup, type Handler } from '../../http/resource';
import { changeRow, deleteRow, readRow } from '../../http/rowRoutes';
import { serviceContext } from '../../http/serviceContext';
import { ifMatchOf } from '../../http/versions';
import { IssueLineParams, IssueSchema, LineReturnBody } from '../../contract/issues';
import {
  ConsumersTreeSchema,
  LocationBody,
  LocationPatchBody,
  LocationSchema,
} from '../../contract/locations';
import { currentActor } from '../../plugins/auth';
import * as issues from '../../services/issues';
import * as locations from '../../services/locations';

const tags = ['locations'];

/** §8: locations (signed-in), the consumers tree and each location's issues (public). */
export default async function locationRoutes(app: FastifyInstance) {
  const context = (): locations.LocationsContext => serviceContext(app);
  const locationExists = targetLookup((id) => locations.getLocation(context(), id));

  resource(app, '/api/management/store-consumers/', (routes) =>
    routes
      .get(
        {
          access: 'storeRead',
          schema: {
            tags,
            summary: 'All locations, id ascending',
            response: { 200: Type.Array(LocationSchema) },
          },
        },
        async () => locations.listLocations(context()),
      )
      .post(
        {
          access: 'storeWrite',
          schema: {
            tags,
            summary: 'Create a location',
            body: LocationBody,
            response: { 201: LocationSchema },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(await locations.createLocation(context(), currentActor(request), request.body)),
      ),
  );

  const update = (summary: string, body: typeof LocationBody | typeof LocationPatchBody) =>
    changeRow({ access: 'storeWrite', tags, summary, row: LocationSchema, body, lookup: locationExists });

  // PUT's body is PATCH's with every field required: one handler writes either.
  const updateLocation: Handler<ReturnType<typeof update>['schema']> = async (request) =>
    locations.updateLocation(
      context(),
      currentActor(request),
      request.params.id,
      request.body,
      ifMatchOf(request),
    );

  resource(app, `/api/management/store-consumers/:id${ID}/`, (routes) =>
    routes
      .get(
        readRow({ access: 'storeRead', tags, summary: 'One location', row: LocationSchema }),
        async (request) => locations.getLocation(context(), request.params.id),
      )
      .put(update('Replace a location (all four fields)', LocationBody), updateLocation)
      .patch(update('Change some fields of a location', LocationPatchBody), updateLocation)
      .delete(
        deleteRow({
          access: 'storeWrite',
          tags,
          summary: 'Delete a location without issues',
          row: LocationSchema,
          lookup: locationExists,
          refusals: { 409: ErrorDetail },
        }),
        async (request, reply) => {
          await locations.deleteLocation(
            context(),
            currentActor(request),
            request.params.id,
            ifMatchOf(request),
          );
          return reply.code(204).send(null);
        },
      ),
  );

  resource(app, '/api/management/consumers-tree/', (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags,
          summary: 'Locations grouped by type, id ascending',
          response: { 200: ConsumersTreeSchema },
        },
      },
      async () => locations.consumersTree(context()),
    ),
  );

  resource(app, `/api/management/issues/:locationId${ID}/`, (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags,
          summary: "A location's issues, newest first",
          params: LocationParams,
          response: { 200: Type.Array(IssueSchema) },
        },
      },
      async (request) => issues.locationIssues(context(), request.params.locationId),
    ),
  );
  resource(app, `/api/management/issues/:issueId${ID}/lines/:lineId${ID}/return/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        preValidation: async (request) => {
          const params = request.params as Record<'issueId' | 'lineId', string>;
          await issues.requireIssueLine(context(), Number(params.issueId), Number(params.lineId));
        },
        schema: {
          tags,
          summary: 'Return issued items to stock: a RETURN ledger entry tied to the issue',
          description:
            'At most the line’s issued quantity minus what came back already: more → 400 on `quantity` ' +
            '(docs/api.md). Answers the issue in the §8.3 shape.',
          params: IssueLineParams,
          body: LineReturnBody,
          response: { 200: IssueSchema, 409: ErrorDetail },
        },
      },
      async (request) =>
        issues.returnIssuedQuantity(
          { ...context(), currency: app.config.currency },
          currentActor(request),
          request.params.issueId,
          request.params.lineId,
          request.body,
        ),
    ),
  );
}
