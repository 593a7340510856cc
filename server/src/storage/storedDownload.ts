import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import fresh from 'fresh';
import parseRange from 'range-parser';
import { HttpError } from '../http/errors';
import type { Download } from './fileStorage';

/** What a download's validators are made of. */
export interface StoredFileFacts {
  size: number;
  modified: Date;
  /** A quoted entity tag, `"…"` (strong) or `W/"…"` (weak). */
  etag: string;
}

/** The bytes from `start` to `end` inclusive (`end` < `start` for none), read only when the stream is. */
export type OpenRange = (start: number, end: number) => Readable;

const BYTES_RANGE = /^ *bytes=/;

/**
 * The body of an answer without bytes (HEAD, 304): an empty stream, as @fastify/send's, since Fastify's HEAD
 * handling would replace the Content-Length of an answer sent without any body by 0.
 */
const nothing = () => Readable.from([]);

/** A header's value as one string, as Node joins a repeated one: a client may send anything. */
function header(download: Download, name: string): string | undefined {
  const value = download.request.headers[name];
  return value === undefined ? undefined : String(value);
}

/** The entity tags of a list header (`"a", W/"b"`), blanks dropped. */
function entityTags(list: string): string[] {
  return list
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** If-Match and If-Unmodified-Since (RFC 9110 §13.1.1, §13.1.4): a condition given and not met. */
function preconditionFails(download: Download, etag: string, lastModified: string): boolean {
  const ifMatch = header(download, 'if-match');
  if (ifMatch && ifMatch !== '*' && !entityTags(ifMatch).some((tag) => tag === etag || `W/${tag}` === etag)) {
    return true;
  }
  const ifUnmodifiedSince = Date.parse(header(download, 'if-unmodified-since') ?? '');
  return !Number.isNaN(ifUnmodifiedSince) && Date.parse(lastModified) > ifUnmodifiedSince;
}

/**
 * If-None-Match or If-Modified-Since met: the client's copy is current. `fresh` decides; a client that sends
 * If-None-Match is judged by it alone (RFC 9110 §13.1.3: If-Modified-Since is then ignored), as @fastify/send does.
 */
function notModified(download: Download, validators: Record<string, string>): boolean {
  const requestHeaders = download.request.headers;
  const asked =
    'if-none-match' in requestHeaders
      ? { 'if-none-match': requestHeaders['if-none-match'], 'cache-control': requestHeaders['cache-control'] }
      : requestHeaders;
  return fresh(asked, validators);
}

/** If-Range (RFC 9110 §13.1.5): a range applies only to the representation the client names. */
function rangeStillApplies(download: Download, etag: string, lastModified: string): boolean {
  const ifRange = header(download, 'if-range');
  if (ifRange === undefined) return true;
  if (ifRange.includes('"')) return ifRange.includes(etag);
  const since = Date.parse(ifRange);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

/**
 * Answers a download from a storage that is not a folder on this machine, as @fastify/static answers one from
 * disk (docs/api.md §4): the same headers, conditions, single ranges (several → the whole file, unsatisfiable → the
 * JSON 416 with a Content-Range naming the size), and HEAD without opening anything. Written here rather than
 * borrowed because @fastify/static (and the @fastify/send beneath it) only send files from a file system; parsing
 * the Range header and judging freshness are left to `range-parser` and `fresh`.
 */
export async function sendStoredFile(
  download: Download,
  name: string,
  facts: StoredFileFacts,
  open: OpenRange,
): Promise<FastifyReply> {
  const { request, reply } = download;
  const lastModified = facts.modified.toUTCString();
  const validators = { etag: facts.etag, 'last-modified': lastModified };
  const headers: Record<string, string | number> = {
    'accept-ranges': 'bytes',
    'cache-control': 'public, max-age=0',
    'last-modified': lastModified,
    etag: facts.etag,
  };

  const conditional = ['if-match', 'if-unmodified-since', 'if-none-match', 'if-modified-since'].some(
    (name) => request.headers[name],
  );
  if (conditional) {
    if (preconditionFails(download, facts.etag, lastModified))
      throw new HttpError(412, 'Precondition Failed');
    if (notModified(download, validators)) {
      reply.code(304).headers(headers);
      download.setFileHeaders(reply, name);
      return reply.send(nothing());
    }
  }

  let [start, end] = [0, facts.size - 1];
  let status = 200;
  const range = header(download, 'range');
  if (
    range !== undefined &&
    BYTES_RANGE.test(range) &&
    rangeStillApplies(download, facts.etag, lastModified)
  ) {
    const ranges = parseRange(facts.size, range, { combine: true });
    if (ranges === -1) {
      throw new HttpError(416, 'Range Not Satisfiable', {}, { 'content-range': `bytes */${facts.size}` });
    }
    // Several ranges (after combining) get the whole file, as from @fastify/send: no multipart/byteranges.
    if (ranges !== -2 && ranges.length === 1) {
      [{ start, end }] = ranges;
      status = 206;
      headers['content-range'] = `bytes ${start}-${end}/${facts.size}`;
    }
  }
  headers['content-length'] = end - start + 1;

  reply.code(status).headers(headers);
  download.setFileHeaders(reply, name);
  return reply.send(request.method === 'HEAD' ? nothing() : open(start, end));
}
