import { Type } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { resource } from '../../http/resource';
import { MEDIA_FILES_PATH } from '../../storage/storedNames';
import { contentTypeOf, isActiveContent } from './mediaTypes';

/** The download's type depends on the file; documented as bytes. */
const StoredBytes = Type.Unsafe<Readable>({
  description: 'The stored bytes, with a Content-Type from the extension',
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

/**
 * §12.3: uploaded files, to anyone. The storage only opens stored names (no separators, dot segments or NUL),
 * and only regular files, so nothing outside the upload folder can be reached.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  resource(app, `${MEDIA_FILES_PATH}*`, (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags: ['files'],
          summary: 'Download an uploaded file',
          response: { 200: StoredBytes },
        },
      },
      async (request, reply) => {
        const name = requestedName(request.url);
        const stored = name === null ? null : await app.storage.open(name);
        if (name === null || stored === null) throw notFound();
        reply
          .header('content-type', contentTypeOf(name))
          .header('content-length', stored.size)
          .header('x-content-type-options', 'nosniff');
        if (isActiveContent(name)) reply.header('content-disposition', `attachment; filename="${name}"`);
        return reply.send(stored.stream);
      },
    ),
  );
}
