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
function setDownloadHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  reply.header('content-type', contentTypeOf(name)).header('x-content-type-options', 'nosniff');
  if (isActiveContent(name)) reply.header('content-disposition', `attachment; filename="${name}"`);
}

/**
 * §12.3: uploaded files, to anyone. The storage locates only stored names (no separators, dot segments or NUL) of
 * regular files, so nothing outside the upload folder can be reached; @fastify/static then sends the bytes with
 * ETag, Last-Modified, 304s and byte ranges, and answers HEAD without reading the file.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  // This scope's own `reply.sendFile`, registered before the SPA plugin's (app.ts): a reply decorator cannot be
  // added under an existing one. No routes (`serve: false`); the root is given per file by the storage.
  await app.register(fastifyStatic, { serve: false, contentType: false, setHeaders: setDownloadHeaders });

  resource(app, `${MEDIA_FILES_PATH}*`, (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags: ['files'],
          summary: 'Download an uploaded file',
          description:
            'Conditional requests (If-None-Match, If-Modified-Since) and single byte ranges are supported.',
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
        const stored = name === null ? null : await app.storage.locate(name);
        if (stored === null) throw notFound();
        return reply.sendFile(stored.name, stored.folder);
      },
    ),
  );
}
