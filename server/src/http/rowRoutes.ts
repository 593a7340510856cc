import type { TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Access } from './resource';
import { IdParams, NoContent } from './schemas';

// The options of the routes on one versioned row that a path's `{id}` names (docs/api.md §28): read it, change it by
// PUT or PATCH, delete it. Every such resource (categories, files, locations, users, stock records) declared them the
// same way route by route; they are written once here. Each route still names its access class, summary and body
// where it is registered, and its handler stays beside it.

interface RowRoute<R extends TSchema> {
  /** Who may call the route (plugins/auth.ts' ACCESS_CLASSES). */
  access: Access;
  tags: string[];
  summary: string;
  /** The row's read shape: the GET's and the change's answer, and a 412's `current`. */
  row: R;
}

interface RowWrite<R extends TSchema, A> extends RowRoute<R> {
  /** Looks the row up before the body is validated (`targetLookup`): an unknown row answers 404 before any 400. */
  lookup: (request: FastifyRequest) => Promise<void>;
  /** Further answers of the route, such as the 409 of a row still in use. */
  refusals?: A;
}

/** A GET of the row: answers its read shape, with its version as the ETag. */
export function readRow<R extends TSchema>({ access, tags, summary, row }: RowRoute<R>) {
  return { access, versioned: row, schema: { tags, summary, params: IdParams, response: { 200: row } } };
}

/** A PUT or PATCH of the row with `body`: answers the changed row. */
export function changeRow<R extends TSchema, B extends TSchema, A extends object = object>({
  body,
  refusals,
  ...write
}: RowWrite<R, A> & { body: B }) {
  return writeOptions(write, { body, response: { 200: write.row, ...(refusals as A) } });
}

/** A DELETE of the row: answers 204 with no body. */
export function deleteRow<R extends TSchema, A extends object = object>({
  refusals,
  ...write
}: RowWrite<R, A>) {
  return writeOptions(write, { response: { 204: NoContent, ...(refusals as A) } });
}

/** What a change and a delete share: the row is looked up first, and an If-Match is checked against its version. */
function writeOptions<R extends TSchema, S extends object>(
  { access, tags, summary, row, lookup }: RowWrite<R, unknown>,
  schema: S,
) {
  return {
    access,
    preValidation: lookup,
    versioned: row,
    schema: { tags, summary, params: IdParams, ...schema },
  };
}
