import { Type, type Static } from '@fastify/type-provider-typebox';
import { AUDIT_ACTION_NAMES, AUDIT_TARGET_TYPES } from '../domain/auditActions';
import { PagingQuery } from '../http/paging';
import { choiceIgnoringCase, dateOrDateTime, idFilter, text } from '../validation/fields';

export type { AuditAction, AuditTargetType } from '../domain/auditActions';

// docs/api.md §6: the audit log's entries and its filters, as the routes answer and accept them, and through Static
// the types of the service and the SPA.

const FieldValueSchema = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String()),
  Type.Null(),
]);

/** A value of a field as an entry's `changes` names it. */
export type FieldValue = Static<typeof FieldValueSchema>;

export const AuditChangesSchema = Type.Record(
  Type.String(),
  Type.Array(FieldValueSchema, { minItems: 2, maxItems: 2, description: '[before, after]' }),
);

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  action: Type.Enum(AUDIT_ACTION_NAMES),
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
  target_type: Type.Enum(AUDIT_TARGET_TYPES),
  target_id: Type.Union([Type.Integer(), Type.Null()]),
  target_label: Type.String({ description: 'What the target was called at the time' }),
  changes: Type.Union([AuditChangesSchema, Type.Null()], {
    description: '{field: [before, after]} of the fields that changed; null where nothing is listed',
  }),
  ip: Type.String({ description: 'The client address (the forwarded one when TRUST_PROXY is set)' }),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

export const AuditQuery = Type.Object({
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
/** The list filters as validated from the query; blank texts filter nothing. */
export type AuditFilters = Omit<Static<typeof AuditQuery>, 'limit' | 'offset'>;

export const AuditActionSchema = Type.Object({
  action: Type.Enum(AUDIT_ACTION_NAMES),
  label: Type.String(),
  group: Type.String({ description: 'The group an `action` filter may name instead, e.g. `user.`' }),
});
/** An action of the log's vocabulary, with its label and group. */
export type AuditActionInfo = Static<typeof AuditActionSchema>;
