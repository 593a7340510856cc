import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/executor';

/**
 * Where uploaded bytes live (FILE_STORAGE): a folder on this machine (LocalDiskStorage) or the database, which
 * every server process reaches (DatabaseFileStorage). Each storage answers downloads itself, since how to send
 * conditional and range answers depends on where the bytes are; the media route (routes/media) only finds the
 * name and says which headers the bytes go with. Names are stored names (storedNames.ts): a storage refuses any
 * other name, so nothing outside it can be reached through it.
 */
export interface FileStorage {
  /**
   * Stores the content under `storedNameFor(preferredName)`, or under that name with a random suffix when it is
   * taken; never overwrites. The content is consumed as it arrives, never held whole. Returns the name used and
   * the number of bytes written.
   */
  save(content: Readable | Buffer, preferredName: string): Promise<SavedFile>;
  /**
   * Answers GET or HEAD of the stored file (§12.3 and docs/api.md §4): 200 with the bytes, or 206 with one byte
   * range, 304 to a client that has them, 412 and 416 as conditions and ranges ask; ETag, Last-Modified and
   * `download.setFileHeaders` on 200, 206 and 304. HEAD reads no bytes. Null when there is no such file: a name
   * that is not a stored name never is one.
   */
  download(name: string, download: Download): Promise<FastifyReply | null>;
  /**
   * Removes the file; a missing file is not an error. `within`: the transaction that removes the file's record,
   * so a storage in the database removes the bytes in it (and on SQLite, whose one writer that transaction holds,
   * it must).
   */
  remove(name: string, within?: Executor): Promise<void>;
  exists(name: string): Promise<boolean>;
}

export interface SavedFile {
  name: string;
  size: number;
}

/** A download request and what the media route adds to the answer. */
export interface Download {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The headers that go with the file's bytes (its Content-Type, say), set on 200, 206 and 304 answers. */
  setFileHeaders: (reply: FastifyReply, name: string) => void;
}
