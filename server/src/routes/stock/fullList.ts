import { createHash } from 'node:crypto';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { yieldToOtherRequests } from '../../http/eventLoop';
import { sendJsonStream } from '../../http/jsonStream';
import { acceptedEncoding, varyByEncoding, type AnswerEncoding } from '../../plugins/compression';

// A kind's full list (SERVER.md §4.2's unpaged array: 70,000 chemicals are about 35 MB of JSON) written, hashed and
// compressed once per version of the stock records, instead of serialised and compressed on every request.

/**
 * Brotli quality and window for the kept copy, measured on the 70,000 chemicals (35.4 MB, 2 cores, on libuv's
 * thread pool): quality 4 and a 4 MB window, 1.93 MB in 234 ms; 5 and 16 MB, 1.70 MB in 297 ms; 6, 1.61 MB in
 * 444 ms; 7, 1.54 MB in 662 ms; 8, 1.50 MB in 971 ms. It is computed once per write that changes the list, so the
 * small gain past quality 5 costs too much CPU. Gzip, for clients without brotli, is zlib's default level:
 * 3.42 MB in 232 ms (level 9 still gives 3.32 MB, in 522 ms).
 */
const COMPRESSORS: Record<AnswerEncoding, (length: number) => Transform> = {
  br: (length) =>
    zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length,
      },
    }),
  gzip: () => zlib.createGzip({ level: 6 }),
};

/** The kept text's compressed copy, compressed chunk by chunk on libuv's thread pool and kept as its chunks. */
async function compressed(text: KeptText, encoding: AnswerEncoding): Promise<KeptText> {
  const chunks: Buffer[] = [];
  let length = 0;
  await pipeline(
    Readable.from(text.chunks, { objectMode: false }),
    COMPRESSORS[encoding](text.length),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) {
        chunks.push(chunk);
        length += chunk.length;
      }
    },
  );
  return { chunks, length };
}

/**
 * A kept text as the chunks it was written in. They are never joined into one buffer: copying 35 MB held the event
 * loop 340–490 ms on this project's machines (every page of the new buffer is touched for the first time), even
 * cut into slices of 2 MB each slice took up to 96 ms.
 */
interface KeptText {
  chunks: readonly Buffer[];
  length: number;
}

/** The kept text as an answer's body, with its length. */
function sendKept(reply: FastifyReply, text: KeptText, encoding?: AnswerEncoding): FastifyReply {
  varyByEncoding(reply).header('content-length', text.length);
  if (encoding) reply.header('content-encoding', encoding);
  return sendJsonStream(reply, Readable.from(text.chunks, { objectMode: false }));
}

/** One version of the list: its JSON text, its entity tag and its compressed copies, each made when first asked. */
interface WrittenList {
  version: number;
  json: KeptText;
  /** Weak: the compressed copies are the same representation, and each goes out with the same tag. */
  etag: string;
  /** The compressed copies made. */
  copies: Map<AnswerEncoding, KeptText>;
  /** The copies being made. */
  copying: Set<AnswerEncoding>;
}

/**
 * Records per chunk of the kept text: about 70 KB of chemicals, a few milliseconds of JSON.stringify. Chunks of
 * RECORDS_PER_CHUNK (1,000) were the longest hold of the event loop left once the records were read in batches.
 */
const RECORDS_PER_WRITTEN_CHUNK = 250;

/**
 * The text of `JSON.stringify(records)` over every batch's records, byte for byte, and its SHA-256, written a chunk
 * at a time with a turn for other requests between chunks (35 MB of text is about 300 ms of work). Each batch is
 * written as it is read and then let go: the 70,000 chemicals never live as objects all at once, which kept the
 * heap large enough for single garbage collections of 80–250 ms.
 */
async function written(
  batches: AsyncIterable<readonly unknown[]>,
): Promise<{ json: KeptText; hash: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let length = 0;
  const add = (text: string) => {
    const chunk = Buffer.from(text);
    hash.update(chunk);
    chunks.push(chunk);
    length += chunk.length;
  };
  let separator = '';
  add('[');
  for await (const batch of batches) {
    for (let start = 0; start < batch.length; start += RECORDS_PER_WRITTEN_CHUNK) {
      // The records' own text, without the brackets of the slice's array.
      add(separator + JSON.stringify(batch.slice(start, start + RECORDS_PER_WRITTEN_CHUNK)).slice(1, -1));
      separator = ',';
      await yieldToOtherRequests();
    }
  }
  add(']');
  return { json: { chunks, length }, hash: hash.digest('base64url').slice(0, 27) };
}

/**
 * A kind's full list, kept for the newest version of the stock records asked for: one version at a time (its text,
 * and its brotli and gzip copies once asked), the older one released when a newer one is written. Requests for a
 * version being written wait for that one write. The version comes from the caller (SearchService.stockVersion,
 * which changes with every committed write of any process), so an answer is never older than the last write
 * committed before its request. The entity tag is the text's hash, so every process gives the same list the same
 * tag.
 */
export class FullListCache {
  private current: WrittenList | undefined;
  private pending: { version: number; list: Promise<WrittenList> } | undefined;

  /** `read` gives the records in batches, in the list's order. */
  constructor(private readonly read: () => AsyncIterable<readonly unknown[]>) {}

  /**
   * Answers the list of `version`: 304 when the request's If-None-Match names it, else its text, as brotli or gzip
   * when the client accepts one (its kept copy once made), with its ETag.
   */
  async send(request: FastifyRequest, reply: FastifyReply, version: number): Promise<FastifyReply> {
    const list = await this.list(version);
    reply.header('etag', list.etag);
    const { headers } = request;
    if (
      fresh(
        { 'if-none-match': headers['if-none-match'], 'cache-control': headers['cache-control'] },
        { etag: list.etag },
      )
    )
      return varyByEncoding(reply).code(304).send();
    const encoding = acceptedEncoding(request);
    if (encoding === undefined) return sendKept(reply, list.json);
    const copy = list.copies.get(encoding);
    if (copy !== undefined) return sendKept(reply, copy, encoding);
    // While the copy is being made the text goes out as before this cache: compressed by the compression plugin as
    // it is sent, with its fast setting for large answers (about 2.3 MB for the chemicals).
    this.copy(list, encoding);
    return sendJsonStream(reply, Readable.from(list.json.chunks, { objectMode: false }));
  }

  /** The list of `version`, or of a newer one (written since the request asked for the version). */
  private list(version: number): Promise<WrittenList> {
    if (this.current && this.current.version >= version) return Promise.resolve(this.current);
    if (this.pending && this.pending.version >= version) return this.pending.list;
    const list = this.write(version);
    this.pending = { version, list };
    const done = () => {
      if (this.pending?.list === list) this.pending = undefined;
    };
    list.then(done, done);
    return list;
  }

  private async write(version: number): Promise<WrittenList> {
    const { json, hash } = await written(this.read());
    const list: WrittenList = { version, json, etag: `W/"${hash}"`, copies: new Map(), copying: new Set() };
    // A slower write of an older version never replaces a newer one.
    if (this.current === undefined || this.current.version < version) {
      this.current = list;
      // Browsers all accept brotli: its copy is begun at once, off the event loop, for the requests to come.
      this.copy(list, 'br');
    }
    return list;
  }

  /**
   * Begins the list's copy in `encoding`, compressed on libuv's thread pool, unless it is made or being made (a
   * failure is forgotten: the next request begins it again).
   */
  private copy(list: WrittenList, encoding: AnswerEncoding): void {
    if (list.copies.has(encoding) || list.copying.has(encoding)) return;
    list.copying.add(encoding);
    compressed(list.json, encoding)
      .then(
        (copy) => list.copies.set(encoding, copy),
        () => undefined,
      )
      .finally(() => list.copying.delete(encoding));
  }
}
