import { Type } from '@fastify/type-provider-typebox';
import { choice } from '../validation/fields';

/** `{"detail": …}`; token errors add `"code": "token_not_valid"`. */
export const ErrorDetail = Type.Object(
  { detail: Type.String(), code: Type.Optional(Type.String()) },
  { description: 'Error' },
);

/** Field validation errors (`{"field": ["message", …]}`) or `{"detail": …}` for other bad requests. */
export const BadRequest = Type.Object(
  {},
  { additionalProperties: true, description: 'Field errors {"field": ["message", …]} or {"detail": …}' },
);

export const NoContent = Type.Null({ description: 'No content' });

/** The spreadsheet formats a download is offered in. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `?format=` of a download: csv unless xlsx is asked for. */
export const ExportFormatQuery = Type.Object({
  format: Type.Optional(choice(EXPORT_FORMATS, 'csv (default) or xlsx')),
});

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** A location (a lab) named by the path: the parameter the lab access classes read (plugins/auth.ts). */
export const LocationParams = Type.Object({ locationId: Type.Integer({ minimum: 1 }) });

/** Path parameter pattern for `{id}`: a positive decimal integer, else the route does not match (404). */
export const ID = '(^[1-9][0-9]{0,15}$)';

/**
 * The largest id a row can have: ids are `serial` (32-bit) columns on PostgreSQL. A larger id names no row, like any
 * unknown one; sent to PostgreSQL it would fail the statement instead (SQLite's ids are 64-bit, hence no error there).
 */
export const MAX_ROW_ID = 2_147_483_647;

/** An id no row has (ids start at 1): what a filter's id past MAX_ROW_ID is read as (fields.ts `idFilter`). */
export const NO_ROW_ID = 0;

/** The `{id}` of a request before validation has converted it (routes match only positive integers). */
export function rawId(request: { params: unknown }): number {
  return Number((request.params as { id: string }).id);
}
