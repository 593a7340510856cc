import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendJsonStream } from '../http/jsonStream';

/**
 * Only answers the API computes per request are compressed on the fly. Files go out as they are stored: the built
 * SPA is compressed once at build time (.br/.gz beside each asset, chosen by the spa plugin), and uploads under
 * /media are served with byte ranges and ETags, which on-the-fly compression would break.
 */
function isComputedAnswer(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Brotli (preferred) or gzip for every compressible API answer over 1 KiB whose client accepts one, with
 * `Vary: accept-encoding`; identity otherwise. Settings measured on the full chemical list (70,000 records, 19.8 MB):
 * brotli quality 4 gives 1.69 MB in about 150 ms, where quality 5 gives 1.50 MB but takes 260 ms and quality 2 is
 * 2.06 MB; gzip level 6 (zlib's default) gives 2.86 MB in about 270 ms and even level 9 stays above 2.5 MB
 * (2.78 MB, 870 ms), so browsers, which all accept brotli, get the small answer and gzip-only scripts a good one.
 */
const COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

/**
 * Routes whose answers can hold a whole table (resource's `stringify`) use brotli quality LARGE_ANSWER_QUALITY.
 * CPU time to compress the 19.8 MB chemical list, measured: quality 2: 2.06 MB in 79 ms, 3: 1.97 MB in 91 ms,
 * 4: 1.69 MB in 148 ms (1: 2.95 MB, over the 2.5 MB the list may take on the wire). The list is written in chunks
 * that are compressed while the next one is written; at quality 3 the compressor keeps up with the writer, so the
 * answer ends about when the last chunk is written, where quality 4 made it wait for the compressor.
 */
const LARGE_ANSWER_QUALITY = 3;

export type AnswerEncoding = (typeof COMPRESSION.encodings)[number];

/** The plugin's own choice (@fastify/accept-negotiator, quality values honoured): brotli, else gzip. */
const encodings = new Negotiator<AnswerEncoding>({ supportedValues: COMPRESSION.encodings });

/** The encoding the plugin would compress this request's answer with; undefined for none. */
export function acceptedEncoding(request: FastifyRequest): AnswerEncoding | undefined {
  const accepted = request.headers['accept-encoding'];
  return (typeof accepted === 'string' && encodings.negotiate(accepted)) || undefined;
}

/**
 * An answer the route keeps and sends again (a search's), compressed once as the plugin would compress it each
 * time: with its settings, in one synchronous call (a few KB: well under a millisecond), below the threshold not
 * at all.
 */
export function compressedOnce(
  json: Buffer,
  encoding: AnswerEncoding | undefined,
): { body: Buffer; encoding?: AnswerEncoding } {
  if (encoding === undefined || json.length < COMPRESSION.threshold) return { body: json };
  const body =
    encoding === 'br'
      ? brotliCompressSync(json, COMPRESSION.brotliOptions)
      : gzipSync(json, COMPRESSION.zlibOptions);
  return { body, encoding };
}

/** `Vary: Accept-Encoding`, added to what the answer varies by already (CORS's `Origin`). */
export function varyByEncoding(reply: FastifyReply): FastifyReply {
  const vary = reply.getHeader('vary');
  return reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Sends JSON text compressed before (compressedOnce, or a whole list's kept copy) with its Content-Encoding, which
 * the plugin then leaves as it is, and `Vary: Accept-Encoding` whatever the encoding.
 */
export function sendEncodedJson(
  reply: FastifyReply,
  answer: { body: Buffer; encoding?: AnswerEncoding },
): FastifyReply {
  varyByEncoding(reply);
  if (answer.encoding) reply.header('content-encoding', answer.encoding);
  return sendJsonStream(reply, answer.body);
}

export default fp(
  async function compressionPlugin(app: FastifyInstance) {
    // Runs before the compress plugin's own onRoute hook (registered below), which reads `compress`.
    app.addHook('onRoute', (route) => {
      if (!isComputedAnswer(route.url)) route.compress = false;
      else if (route.config?.largeAnswers) {
        route.compress = {
          ...COMPRESSION,
          brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: LARGE_ANSWER_QUALITY } },
        };
      }
    });
    await app.register(fastifyCompress, {
      ...COMPRESSION,
      // Request bodies stay as the contract describes them: plain JSON or multipart, never content-encoded.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
