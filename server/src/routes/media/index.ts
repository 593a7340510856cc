import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Type } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../http/errors';
import { resource } from '../../http/resource';
import { ErrorDetail } from '../../http/schemas';
import { MEDIA_FILES_PATH } from '../../storage/storedNames';
import { contentTypeOf, isActiveContent } from './mediaTypes';

/** The download's type depends on the file; documented as bytes. */
const StoredBytes = (description: string) =>
  Type.Unsafe<Readable>({
    description,
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  });

/** The name asked for, percent-decoded, from the raw URL (never a normalised one); null when it cannot be decoded. */
function requestedName(rawUrl: string): string | null {
  const rawPath = rawUrl.split('?')[0];
  if (!rawPath.startsWith(MEDIA_FILES_PATH)) return null;
  try {
    return decodeURIComponent(rawPath.slice(MEDIA_FILES_PATH.length));
  } catch {
    return null;
  }
}

/** §12.3 headers: the type from the extension, and active content (HTML, SVG, scripts) only ever as a download. */
function setFileHeaders(reply: FastifyReply, name: string): void {
  reply.header('content-type', contentTypeOf(name)).header('x-content-type-options', 'nosniff');
  if (isActiveContent(name)) reply.header('content-disposition', `attachment; filename="${name}"`);
}

/**
 * §12.3: uploaded files, to anyone. The storage (FILE_STORAGE) answers only stored names (no separators, dot
 * segments or NUL) of files it holds, so nothing outside it can be reached, and sends the bytes with ETag,
 * Last-Modified, 304s and byte ranges, answering HEAD without reading the file.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  // This scope's own `reply.sendFile`, for the local disk's downloads, registered before the SPA plugin's (app.ts):
  // a reply decorator cannot be added under an existing one. No routes (`serve: false`); the storage gives the
  // folder per file.
  await app.register(fastifyStatic, {
    serve: false,
    contentType: false,
    setHeaders: (reply, filePath) => setFileHeaders(reply, path.basename(filePath)),
  });

  resource(app, `${MEDIA_FILES_PATH}*`, (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags: ['files'],
          summary: 'Download an uploaded file',
          description:
            'Conditional requests (If-None-Match, If-Modified-Since) and single byte ranges are supported, ' +
            'alike whether the file is kept in the database or in UPLOAD_DIR (FILE_STORAGE).',
          response: {
            200: StoredBytes('The stored bytes, with a Content-Type from the extension'),
            206: StoredBytes('The requested byte range'),
            304: Type.Null({ description: 'Not modified since the ETag or date the client has' }),
            416: ErrorDetail,
          },
        },
      },
      async (request, reply) => {
        const name = requestedName(request.url);
        const answer =
          name === null ? null : await app.storage.download(name, { request, reply, setFileHeaders });
        if (answer === null) throw notFound();
        return answer;
      },
    ),
  );
}
