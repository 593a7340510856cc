import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTION_NAMES, AUDIT_TARGET_TYPES } from '../../domain/auditActions';
import { PageSchema, pageOf, PagingQuery, parsePage } from '../../http/paging';
import { resource } from '../../http/resource';
import { ID, IdParams } from '../../http/schemas';
import * as audit from '../../services/audit';
import { choiceIgnoringCase, dateOrDateTime, idFilter, text } from '../../validation/fields';

const tags = ['audit'];

const FieldValue = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String()),
  Type.Null(),
]);

const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  action: Type.String({ enum: AUDIT_ACTION_NAMES }),
  actor_id: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'The signed-in user who acted (kept after the account is deleted); null for a failed sign-in',
  }),
  actor_email: Type.String({
    description:
      "The actor's e-mail; for a failed sign-in the account's e-mail, or `unknown account · fingerprint 3f2a9c1e` " +
      'for an e-mail no account has (a keyed fingerprint of the text typed, never the text)',
  }),
  authenticated: Type.Boolean({ description: 'False for a failed sign-in' }),
  target_type: Type.String({ enum: [...AUDIT_TARGET_TYPES] }),
  target_id: Type.Union([Type.Integer(), Type.Null()]),
  target_label: Type.String({ description: 'What the target was called at the time' }),
  changes: Type.Union(
    [
      Type.Record(
        Type.String(),
        Type.Array(FieldValue, { minItems: 2, maxItems: 2, description: '[before, after]' }),
      ),
      Type.Null(),
    ],
    {
      description: '{field: [before, after]} of the fields that changed; null where nothing is listed',
    },
  ),
  ip: Type.String({ description: 'The client address (the forwarded one when TRUST_PROXY is set)' }),
});

const AuditQuery = Type.Object({
  action: Type.Optional(
    text({
      allowBlank: true,
      description: 'Comma-separated actions and groups, e.g. `user.,auth.locked_out` (a group ends in a dot)',
    }),
  ),
  actor: Type.Optional(text({ allowBlank: true, description: "The actor's e-mail, any case" })),
  target_type: Type.Optional(choiceIgnoringCase([...AUDIT_TARGET_TYPES], 'Any case')),
  target_id: Type.Optional(idFilter('With target_type: one target of that kind', { minimum: 1 })),
  from: Type.Optional(dateOrDateTime('From this day (UTC) or instant on')),
  to: Type.Optional(dateOrDateTime('Up to this day (UTC, the whole day) or instant')),
  search: Type.Optional(
    text({ allowBlank: true, description: 'Text in the target label or the actor e-mail, any case' }),
  ),
  ...PagingQuery,
});

const ActionSchema = Type.Object({
  action: Type.String(),
  label: Type.String(),
  group: Type.String({ description: 'The group an `action` filter may name instead, e.g. `user.`' }),
});

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
          response: { 200: Type.Array(ActionSchema) },
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
