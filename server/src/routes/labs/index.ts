import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HoldingsSchema, LabMemberSchema } from '../../contract/labs';
import { pageOf, PagingQuery } from '../../http/paging';
import { resource } from '../../http/resource';
import { serviceContext } from '../../http/serviceContext';
import { ID, LocationParams } from '../../http/schemas';
import { IssueSchema } from '../../contract/issues';
import * as labs from '../../services/labs';
import * as issues from '../../services/issues';

const tags = ['labs'];

/** A lab's own pages (docs/api.md, 'Labs'): for the lab's members and managers, auditors and store managers. */
export default async function labRoutes(app: FastifyInstance) {
  const context = () => serviceContext(app);

  resource(app, `/api/labs/:locationId${ID}/holdings/`, (routes) =>
    routes.get(
      {
        access: 'lab',
        schema: {
          tags,
          summary:
            'What the lab holds: per stock record, what was issued to it and not returned; or, with `limit`, one page',
          params: LocationParams,
          querystring: Type.Object({ ...PagingQuery }),
          response: { 200: HoldingsSchema },
        },
      },
      async (request) => {
        const { limit, offset = 0 } = request.query;
        const { locationId } = request.params;
        if (limit === undefined) return labs.labHoldings(context(), locationId);
        return pageOf(
          request,
          { limit, offset },
          await labs.pageLabHoldings(context(), locationId, { limit, offset }),
        );
      },
    ),
  );

  resource(app, `/api/labs/:locationId${ID}/issues/`, (routes) =>
    routes.get(
      {
        access: 'lab',
        schema: {
          tags,
          summary: "The lab's issues, newest first (§8.3)",
          params: LocationParams,
          response: { 200: Type.Array(IssueSchema) },
        },
      },
      async (request) => issues.locationIssues(context(), request.params.locationId),
    ),
  );

  resource(app, `/api/labs/:locationId${ID}/members/`, (routes) =>
    routes.get(
      {
        access: 'labManager',
        schema: {
          tags,
          summary: "The lab's members and managers, by user id",
          params: LocationParams,
          response: { 200: Type.Array(LabMemberSchema) },
        },
      },
      async (request) => labs.labMembers(context(), request.params.locationId),
    ),
  );
}
