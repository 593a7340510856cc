import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import { Type } from '@fastify/type-provider-typebox';
import {
  CommitBody,
  ImportListQuery,
  ImportSchema,
  MappingBody,
  PreviewSchema,
} from '../../contract/imports';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STOCK_KINDS } from '../../domain/stockKinds';
import { byKind } from '../../domain/stockKindHelpers';
import { CSV_RESPONSE, csvStream, sendCsv, type CsvColumn } from '../../http/csv';
import { describeSize, fileTooLarge, HttpError } from '../../http/errors';
import { jsonObjectStream, sendJsonStream } from '../../http/jsonStream';
import { PageSchema, pageOf } from '../../http/paging';
import { resource, targetLookup } from '../../http/resource';
import { serviceContext } from '../../http/serviceContext';
import { ExportFormatQuery, ID, IdParams } from '../../http/schemas';
import { MAX_COLUMNS, sendXlsx, XLSX_RESPONSE, xlsxStream } from '../../http/spreadsheet';
import { currentActor } from '../../plugins/auth';
import * as imports from '../../services/imports';
import { messages, ValidationError } from '../../validation/errors';

import { STOCK_WRITE_BODIES } from '../../contract/stock';
import { forbiddenCharacterIn, type RequestSchema } from '../../validation/validate';

const tags = ['imports'];

/** The largest spreadsheet an import takes: 10 MiB is about 50,000 rows of chemicals, more than MAX_IMPORT_ROWS. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Each kind's rows are checked by its stock POST body (§4.3), with the same messages. */
const ROW_SCHEMAS = byKind((kind): RequestSchema => STOCK_WRITE_BODIES[kind].create);

/** The uploaded file of a multipart request, read into memory (it is parsed as a whole); 413 past the limit. */
async function uploadedFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) {
    const contentType = request.headers['content-type'];
    if (contentType === undefined) throw ValidationError.field('file', 'No file was submitted.');
    throw new HttpError(415, `Unsupported media type "${contentType}" in request.`);
  }
  const { RequestFileTooLargeError } = request.server.multipartErrors;
  try {
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, parts: 10 } });
    if (part === undefined || part.fieldname !== 'file') {
      throw ValidationError.field('file', 'No file was submitted.');
    }
    // The name is kept with the import and shown in the audit log.
    const forbidden = forbiddenCharacterIn(part.filename);
    if (forbidden !== undefined) {
      part.file.resume();
      await finished(part.file);
      throw ValidationError.field('file', messages.fileNameControlCharacter(forbidden));
    }
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof RequestFileTooLargeError) {
      throw fileTooLarge(IMPORT_MAX_BYTES);
    }
    throw error;
  }
}

/** Imports (docs/api.md §13): signed-in only. */
export default async function importRoutes(app: FastifyInstance) {
  const context = (): imports.ImportsContext => ({
    ...serviceContext(app),
    undoDays: app.config.shipmentUndoDays,
    rowSchemas: ROW_SCHEMAS,
  });
  const importExists = targetLookup((id) => imports.getImport(context(), id));

  for (const kind of STOCK_KINDS) {
    await app.register(async function uploadScope(scope: FastifyInstance) {
      await scope.register(multipart);
      resource(scope, `/api/management/${kind}-imports/`, (routes) =>
        routes.post(
          {
            access: 'storeWrite',
            schema: {
              tags,
              summary: `Upload a CSV or .xlsx file of ${kind} records: opens an import session`,
              description:
                `Multipart, one \`file\` part of at most ${describeSize(IMPORT_MAX_BYTES)} (→ 413), at most ` +
                `${imports.MAX_IMPORT_ROWS} rows of ${MAX_COLUMNS} columns (docs/api.md §13.1 lists every limit). ` +
                'Answers the header row and the mapping matched by header names. A user keeps ' +
                `${imports.MAX_PENDING_IMPORTS} sessions: another upload discards their oldest.`,
              consumes: ['multipart/form-data'],
              response: { 201: ImportSchema },
            },
          },
          async (request, reply) => {
            const file = await uploadedFile(request);
            return reply
              .code(201)
              .send(await imports.createImport(context(), currentActor(request), kind, file));
          },
        ),
      );
    });

    const templateColumns: CsvColumn<never>[] = imports
      .importFields(kind)
      .map((field) => ({ header: field, cell: () => null }));
    resource(app, `/api/management/${kind}-imports/template/`, (routes) =>
      routes.get(
        {
          access: 'storeRead',
          schema: {
            tags,
            summary: `The ${kind} import template: a header row of the §4.3 write fields, no rows`,
            querystring: ExportFormatQuery,
            response: {
              200: { ...CSV_RESPONSE, content: { ...CSV_RESPONSE.content, ...XLSX_RESPONSE.content } },
            },
          },
        },
        async (request, reply) => {
          const name = `labstore-${kind}-import-template`;
          const noRows = (async function* none() {})();
          if (request.query.format === 'xlsx') {
            return sendXlsx(reply, `${name}.xlsx`, xlsxStream(templateColumns, noRows, kind));
          }
          return sendCsv(reply, `${name}.csv`, csvStream(templateColumns, noRows));
        },
      ),
    );
  }

  resource(app, '/api/management/imports/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary: 'Every import (sessions included), newest first; or, with `limit`, one page of them',
          querystring: ImportListQuery,
          response: {
            200: Type.Union(
              [
                Type.Array(ImportSchema, { description: 'Without `limit`: every import.' }),
                PageSchema(ImportSchema, 'With `limit`: one page of the imports.'),
              ],
              { description: 'The imports: an array, or a page with `limit`' },
            ),
          },
        },
      },
      async (request) => {
        const { limit, offset = 0, type } = request.query;
        if (limit === undefined) return imports.listImports(context(), type);
        return pageOf(
          request,
          { limit, offset },
          await imports.pageImports(context(), type, { limit, offset }),
        );
      },
    ),
  );

  resource(app, `/api/management/imports/:id${ID}/`, (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: { tags, summary: 'One import', params: IdParams, response: { 200: ImportSchema } },
      },
      async (request) => imports.getImport(context(), request.params.id),
    ),
  );

  resource(app, `/api/management/imports/:id${ID}/preview/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        preValidation: importExists,
        // Up to 20,000 rows (several MB of JSON), built field by field from the documented shape, sent as a
        // stream serialised a chunk of rows at a time (jsonObjectStream) so other requests are answered meanwhile.
        stringify: true,
        schema: {
          tags,
          summary: "Every row's outcome under a mapping (new record, adds to one, or errors); writes nothing",
          params: IdParams,
          body: MappingBody,
          response: { 200: PreviewSchema },
        },
      },
      async (request, reply) => {
        const { rows, ...head } = await imports.previewImport(
          context(),
          request.params.id,
          request.body.mapping,
        );
        return sendJsonStream(reply, jsonObjectStream(head, 'rows', rows));
      },
    ),
  );

  resource(app, `/api/management/imports/:id${ID}/commit/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        preValidation: importExists,
        schema: {
          tags,
          summary: 'Import the rows in one transaction: all valid rows or nothing',
          params: IdParams,
          body: CommitBody,
          response: { 200: ImportSchema },
        },
      },
      async (request) =>
        imports.commitImport(context(), currentActor(request), request.params.id, {
          mapping: request.body.mapping,
          skipErrors: request.body.skip_errors ?? false,
        }),
    ),
  );

  resource(app, `/api/management/imports/:id${ID}/revert/`, (routes) =>
    routes.post(
      {
        access: 'storeWrite',
        preValidation: importExists,
        schema: {
          tags,
          summary:
            "Undo a committed import: REVERSAL entries take its quantities back (the shipments' undo rule)",
          params: IdParams,
          response: { 200: ImportSchema },
        },
      },
      async (request) => imports.revertImport(context(), currentActor(request), request.params.id),
    ),
  );
}
