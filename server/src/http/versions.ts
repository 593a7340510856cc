import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

export { VersionSchema } from '../domain/stockRecords';

// Entity tags and If-Match (docs/api.md §28, RFC 9110 §8.8.3 and §13.1.1). A versioned row's entity tag is its
// version in quotes, `"3"`; a write may name the versions it was based on in If-Match, and is refused with 412 when
// the row has another one.

/**
 * What an If-Match header asks: `*` (any current version: the row must only exist) or the opaque tags it lists,
 * without quotes (a weak tag `W/"3"` counts as `3`). Absent: no header, so nothing is compared (last write wins).
 */
export type IfMatch = '*' | readonly string[];

/** The strong entity tag of a version: `"3"`. */
export const entityTag = (version: number): string => `"${version}"`;

// One entity tag at the start of a text (RFC 9110 §8.8.3: [W/] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E /
// obs-text; a comma may be inside the quotes).
const ENTITY_TAG = /^(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/;
const LEADING_SPACE = /^[ \t]+/;

export const MALFORMED_IF_MATCH = 'If-Match must be "*" or a list of entity tags, such as "3".';

/**
 * The tags of an If-Match value; undefined when it is neither `*` nor a comma-separated list of entity tags (empty
 * elements and spaces around the commas allowed, RFC 9110 §5.6.1).
 */
export function parseIfMatch(value: string): IfMatch | undefined {
  const text = value.trim();
  if (text === '*') return '*';
  const tags: string[] = [];
  let rest = text;
  while (rest !== '') {
    if (rest.startsWith(',')) {
      rest = rest.slice(1).replace(LEADING_SPACE, '');
      continue;
    }
    const tag = ENTITY_TAG.exec(rest);
    if (!tag) return undefined;
    tags.push(tag[1]);
    rest = rest.slice(tag[0].length).replace(LEADING_SPACE, '');
    if (rest !== '' && !rest.startsWith(',')) return undefined;
  }
  return tags.length > 0 ? tags : undefined;
}

/** The request's If-Match, or undefined without one; 400 `{"detail": …}` when it is malformed. */
export function ifMatchOf(request: FastifyRequest): IfMatch | undefined {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const parsed = parseIfMatch(Array.isArray(header) ? header.join(', ') : header);
  if (parsed === undefined) throw badRequest(MALFORMED_IF_MATCH);
  return parsed;
}

/** Whether If-Match lets a write to a row of this version through. */
export function matches(ifMatch: IfMatch | undefined, version: number): boolean {
  return ifMatch === undefined || ifMatch === '*' || ifMatch.includes(String(version));
}

// ---- OpenAPI ----

/** The If-Match header a versioned write takes. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'The version the change is based on, as its ETag: `"3"` (also `W/"3"`, a list, or `*`). Another ' +
        'version than the current one → 412, nothing written. Without it the write applies as before ' +
        '(docs/api.md §28).',
    }),
  ),
});

/** The 412 answer of a stale If-Match: who changed the row last, when, and the row as a read answers it now. */
export const PreconditionFailedSchema = (current: TSchema) =>
  Type.Object(
    {
      detail: Type.String({ description: '`Changed by anna@lab.org at 2026-11-28T10:15:00.000Z.`' }),
      changed_by: Type.Union([Type.String(), Type.Null()], {
        description: 'The e-mail of whoever made the newest change the audit log or the stock ledger records',
      }),
      changed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      version: Type.Integer({ description: 'The current version' }),
      current,
    },
    { description: 'If-Match names another version than the current one; nothing was written' },
  );
