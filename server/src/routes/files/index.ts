import multipart from '@fastify/multipart';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { resource, targetLookup } from '../../http/resource';
import { changeRow, deleteRow, readRow } from '../../http/rowRoutes';
import { serviceContext } from '../../http/serviceContext';
import { ID, IdParams } from '../../http/schemas';
import { ifMatchOf } from '../../http/versions';
import { ChemicalFileSchema, FileSchema, LinksBody } from '../../contract/files';
import { currentActor } from '../../plugins/auth';
import * as files from '../../services/files';
import { MAX_FORM_PARTS, readUploadForm } from './uploadForm';

const tags = ['files'];

/** §12.1–12.2: the file library. Reads are public; upload, link changes and delete are signed-in. */
export default async function fileRoutes(app: FastifyInstance) {
  const context = (): files.FilesContext => ({ ...serviceContext(app), storage: app.storage });
  const fileExists = targetLookup((id) => files.existingFile(app.db, id));

  // Multipart is parsed in this scope only: every other route of the API takes JSON alone.
  await app.register(async function uploadScope(scope: FastifyInstance) {
    await scope.register(multipart);

    resource(scope, '/api/filemanager/files/', (routes) =>
      routes
        .get(
          {
            access: 'public',
            schema: { tags, summary: 'All files, newest first', response: { 200: Type.Array(FileSchema) } },
          },
          async () => files.listFiles(context()),
        )
        .post(
          {
            access: 'storeWrite',
            schema: {
              tags,
              summary: 'Upload a file (multipart: file, repeated categories, repeated chemicals)',
              description:
                `One file part of at most UPLOAD_MAX_BYTES (now ${app.config.uploadMaxBytes} bytes); a bigger file → 413, ` +
                `a second file part → 400. At most ${MAX_FORM_PARTS} parts in all → else 413. Stored as it ` +
                `arrives, in the database or in UPLOAD_DIR as FILE_STORAGE says (now ${app.config.fileStorage}).`,
              consumes: ['multipart/form-data'],
              response: { 201: FileSchema },
            },
          },
          async (request, reply) => {
            const form = await readUploadForm(request, app.storage, app.config.uploadMaxBytes);
            return reply.code(201).send(await files.createFile(context(), currentActor(request), form));
          },
        ),
    );
  });

  // A chemical's page lists its files with the safety data sheets first (docs/api.md).
  resource(app, `/api/storeobjects/chemicalobjs/:id${ID}/files/`, (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags,
          summary:
            'The files linked to a chemical stock record, and the safety data sheets linked to any record of its substance: safety data sheets first, each group newest first',
          description: 'Unknown record → 404. See docs/api.md.',
          params: IdParams,
          response: { 200: Type.Array(ChemicalFileSchema) },
        },
      },
      async (request) => files.chemicalFiles(context(), request.params.id),
    ),
  );

  resource(app, `/api/filemanager/files/:id${ID}/`, (routes) =>
    routes
      .get(readRow({ access: 'public', tags, summary: 'One file', row: FileSchema }), async (request) =>
        files.getFile(context(), request.params.id),
      )
      .patch(
        changeRow({
          access: 'storeWrite',
          tags,
          summary: "Replace the file's linked chemicals and/or categories",
          row: FileSchema,
          body: LinksBody,
          lookup: fileExists,
        }),
        async (request) =>
          files.updateLinks(
            context(),
            currentActor(request),
            request.params.id,
            request.body,
            ifMatchOf(request),
          ),
      )
      .delete(
        deleteRow({
          access: 'storeWrite',
          tags,
          summary: 'Delete the file: record, links and stored bytes',
          row: FileSchema,
          lookup: fileExists,
        }),
        async (request, reply) => {
          await files.deleteFile(context(), currentActor(request), request.params.id, ifMatchOf(request));
          return reply.code(204).send(null);
        },
      ),
  );
}
