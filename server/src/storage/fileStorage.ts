import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Only the local disk is implemented; a deployment on several machines can add an
 * S3-compatible store behind the same four operations. Names are stored names (storedNames.ts): a store
 * refuses any other name, so nothing outside it can be reached through it.
 */
export interface FileStorage {
  /**
   * Stores the content under `storedNameFor(preferredName)`, or under that name with a random suffix when it is
   * taken; never overwrites. Returns the name used and the number of bytes written.
   */
  save(content: Readable | Buffer, preferredName: string): Promise<SavedFile>;
  /** The stored bytes and their size, or null when there is no such file. */
  open(name: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  remove(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
}

export interface SavedFile {
  name: string;
  size: number;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}
