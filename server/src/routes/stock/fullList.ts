import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { yieldToOtherRequests } from '../../http/eventLoop';
import { jsonArrayStream, sendJsonStream } from '../../http/jsonStream';
import {
  acceptedEncoding,
  sendEncodedJson,
  varyByEncoding,
  type AnswerEncoding,
} from '../../plugins/compression';

// A kind's full list (SERVER.md §4.2's unpaged array: 70,000 chemicals are about 35 MB of JSON) written, hashed and
// compressed once per version of the stock records, instead of serialised and compressed on every request.

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli quality and window for the kept copy, measured on the 70,000 chemicals (35.4 MB, 2 cores, on libuv's
 * thread pool): quality 4 and a 4 MB window, 1.93 MB in 234 ms; 5 and 16 MB, 1.70 MB in 297 ms; 6, 1.61 MB in
 * 444 ms; 7, 1.54 MB in 662 ms; 8, 1.50 MB in 971 ms. It is computed once per write that changes the list, so the
 * small gain past quality 5 costs too much CPU. Gzip, for clients without brotli, is zlib's default level:
 * 3.42 MB in 232 ms (level 9 still gives 3.32 MB, in 522 ms).
 */
const ENCODERS: Record<AnswerEncoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json: Buffer) =>
    brotliCompress(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
  gzip: (json: Buffer) => gzip(json, { level: 6 }),
};

/** One version of the list: its JSON text, its entity tag and its compressed copies, each made when first asked. */
interface WrittenList {
  version: number;
  json: Buffer;
  /** Weak: the compressed copies are the same representation, and each goes out with the same tag. */
  etag: string;
  /** The compressed copies made. */
  copies: Map<AnswerEncoding, Buffer>;
  /** The copies being made. */
  copying: Set<AnswerEncoding>;
}

/**
 * Records per chunk of the kept text: about 70 KB of chemicals, a few milliseconds of JSON.stringify. Chunks of
 * RECORDS_PER_CHUNK (1,000) were the longest hold of the event loop left once the records were read in batches.
 */
const RECORDS_PER_WRITTEN_CHUNK = 250;

/**
 * The text of `JSON.stringify(records)` (as jsonArrayStream writes it, byte for byte) and its SHA-256, written
 * a chunk at a time with a turn for other requests between chunks: 35 MB of text is about 300 ms of work.
 */
async function written(records: readonly unknown[]): Promise<{ json: Buffer; hash: string }> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  for await (const text of jsonArrayStream(records, RECORDS_PER_WRITTEN_CHUNK)) {
    const chunk = Buffer.from(text as string);
    hash.update(chunk);
    chunks.push(chunk);
    await yieldToOtherRequests();
  }
  return { json: Buffer.concat(chunks), hash: hash.digest('base64url').slice(0, 27) };
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

  constructor(private readonly read: () => Promise<readonly unknown[]>) {}

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
    if (encoding === undefined) return sendEncodedJson(reply, { body: list.json });
    const copy = list.copies.get(encoding);
    if (copy !== undefined) return sendEncodedJson(reply, { body: copy, encoding });
    // While the copy is being made the text goes out as before this cache: compressed by the compression plugin as
    // it is sent, with its fast setting for large answers (about 2.3 MB for the chemicals).
    this.copy(list, encoding);
    return sendJsonStream(reply, list.json);
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
    const { json, hash } = await written(await this.read());
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
    ENCODERS[encoding](list.json)
      .then(
        (copy) => list.copies.set(encoding, copy),
        () => undefined,
      )
      .finally(() => list.copying.delete(encoding));
  }
}
