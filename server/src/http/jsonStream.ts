import { Readable } from 'node:stream';

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
