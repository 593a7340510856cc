import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Only the local disk is implemented: downloads are sent from the file's place on disk
 * (`locate`), so that conditional and range requests are answered there; a remote (S3-compatible) store would
 * bring its own download path. Names are stored names (storedNames.ts): a store refuses any other name, so
 * nothing outside it can be reached through it.
 */
export interface FileStorage {
  /**
   * Stores the content under `storedNameFor(preferredName)`, or under that name with a random suffix when it is
   * taken; never overwrites. Returns the name used and the number of bytes written.
   */
  save(content: Readable | Buffer, preferredName: string): Promise<SavedFile>;
  /**
   * Where the stored file is on this machine, for downloads (served with ETag, Last-Modified and ranges), or null
   * when there is no such regular file: a directory, a symbolic link or a name that is not a stored name never is.
   */
  locate(name: string): Promise<StoredFileLocation | null>;
  /** Removes the file; a missing file is not an error. */
  remove(name: string): Promise<void>;
  exists(name: string): Promise<boolean>;
}

export interface SavedFile {
  name: string;
  size: number;
}

export interface StoredFileLocation {
  folder: string;
  name: string;
}
