import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AuditActionSchema, AuditEntrySchema, AuditQuery } from '../../contract/audit';
import { PageSchema, pageOf, parsePage } from '../../http/paging';
import { resource } from '../../http/resource';
import { ID, IdParams } from '../../http/schemas';
import * as audit from '../../services/audit';

const tags = ['audit'];

/** The audit log (docs/api.md): signed-in reads only; no route changes or deletes an entry. */
export default async function auditRoutes(app: FastifyInstance) {
  resource(app, '/api/management/audit/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'Audit entries, newest first, filtered and paged',
          querystring: AuditQuery,
          response: { 200: PageSchema(AuditEntrySchema, 'A page of entries, newest first') },
        },
      },
      async (request) => {
        const page = parsePage(request.query);
        const { count, entries } = await audit.listAuditEntries(app.db, request.query, page);
        return pageOf(request, page, { count, results: entries });
      },
    ),
  );

  resource(app, '/api/management/audit/actions/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'The actions the audit log records, with their labels',
          response: { 200: Type.Array(AuditActionSchema) },
        },
      },
      async () => audit.auditActions(),
    ),
  );

  resource(app, `/api/management/audit/:id${ID}/`, (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: { tags, summary: 'One audit entry', params: IdParams, response: { 200: AuditEntrySchema } },
      },
      async (request) => audit.getAuditEntry(app.db, request.params.id),
    ),
  );
}
