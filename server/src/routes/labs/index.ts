import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LAB_ROLES } from '../../db/tables';
import { STOCK_KINDS } from '../../domain/stockKinds';
import { OBJECT_TYPES } from '../../domain/stockKindHelpers';
import { STOCK_RECORD_SCHEMAS, type StockRecord } from '../../domain/stockRecords';
import { PageSchema, pageOf, PagingQuery } from '../../http/paging';
import { resource } from '../../http/resource';
import { ID, LocationParams } from '../../http/schemas';
import * as labs from '../../services/labs';
import * as issues from '../../services/issues';
import { IssueSchema } from '../../contract/issues';
import { unionOf } from '../../contract/stockKinds';

const tags = ['labs'];

const HoldingSchema = Type.Object({
  object_type: Type.Enum(Object.values(OBJECT_TYPES)),
  object_id: Type.Integer({ description: 'The stock-record id' }),
  issued_quantity: Type.Number({
    description: 'Everything issued to the lab: ml for chemicals, pieces otherwise',
  }),
  returned_quantity: Type.Number({ description: 'What of it came back to stock' }),
  quantity: Type.Number({ description: 'What the lab holds: issued minus returned, always > 0' }),
  object: unionOf<StockRecord>(STOCK_KINDS.map((kind) => STOCK_RECORD_SCHEMAS[kind])),
});

const MemberSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.Enum(LAB_ROLES, { description: "The user's role in this lab" }),
});

/** A lab's own pages (docs/api.md, 'Labs'): for the lab's members and managers, auditors and store managers. */
export default async function labRoutes(app: FastifyInstance) {
  const context = () => ({ db: app.db, dialect: app.dialect, now: app.now });

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
          response: {
            200: Type.Union(
              [
                Type.Array(HoldingSchema, { description: 'Without `limit`: every record the lab holds.' }),
                PageSchema(HoldingSchema, 'With `limit`: one page of them.'),
              ],
              { description: 'The holdings: an array, or a page with `limit`' },
            ),
          },
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
          response: { 200: Type.Array(MemberSchema) },
        },
      },
      async (request) => labs.labMembers(context(), request.params.locationId),
    ),
  );
}
