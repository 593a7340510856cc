import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { yieldToOtherRequests } from './eventLoop';

/**
 * Records per chunk of a streamed JSON array: about 280 KB of text for chemicals, small enough that the first
 * bytes leave (and the compressor starts) after a few milliseconds, large enough that JSON.stringify's per-call
 * overhead stays negligible (measured: 70 chunks of 1,000 chemicals cost no more than one call over 70,000).
 */
export const RECORDS_PER_CHUNK = 1000;

/**
 * The text of `JSON.stringify(items)`, byte for byte, as a stream of chunks of `perChunk` items, each serialised
 * only when the consumer asks for more. A 70,000-record list is then never one 20 MB string: the compressor
 * (on libuv's thread pool) or the socket takes one chunk while the next one is being written, instead of waiting
 * for the whole text, and a slow client holds one chunk of text at a time.
 */
export function jsonArrayStream(items: readonly unknown[], perChunk = RECORDS_PER_CHUNK): Readable {
  let next = 0;
  return new Readable({
    read() {
      const end = Math.min(next + perChunk, items.length);
      // The items' own text, without the brackets of the slice's array.
      const text = end > next ? JSON.stringify(items.slice(next, end)).slice(1, -1) : '';
      this.push(`${next === 0 ? '[' : ','}${text}${end === items.length ? ']' : ''}`);
      next = end;
      if (end === items.length) this.push(null);
    },
  });
}

/**
 * `JSON.stringify({...head, [key]: items})` as a stream whose array is serialised `perChunk` items at a time with
 * a yield to the event loop before each chunk. For an answer computed in one go (an import's preview of 20,000
 * rows, several MB of text): the consumer, not the serialiser, then sets the pace, and other requests are
 * answered between chunks whoever reads the stream (jsonArrayStream relies on a socket that pulls slowly).
 */
export function jsonObjectStream(
  head: Record<string, unknown>,
  key: string,
  items: readonly unknown[],
  perChunk = RECORDS_PER_CHUNK,
): Readable {
  async function* text() {
    const opening = JSON.stringify(head).slice(0, -1);
    yield `${opening}${opening === '{' ? '' : ','}${JSON.stringify(key)}:[`;
    for (let start = 0; start < items.length; start += perChunk) {
      await yieldToOtherRequests();
      yield `${start === 0 ? '' : ','}${JSON.stringify(items.slice(start, start + perChunk)).slice(1, -1)}`;
    }
    yield ']}';
  }
  return Readable.from(text(), { objectMode: false });
}

/** Answers with a stream of JSON text (jsonArrayStream, jsonObjectStream), or with JSON text written before. */
export const sendJsonStream = (reply: FastifyReply, json: Readable | Buffer): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(json);
