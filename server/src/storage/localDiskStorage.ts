import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Download, FileStorage, SavedFile } from './fileStorage';
import { isStoredName, storedNameFor, withRandomSuffix } from './storedNames';

/** Tries before giving up on finding a free name: 62^7 suffixes make a second collision already unlikely. */
const MAX_NAME_ATTEMPTS = 10;

const isErrorCode = (error: unknown, ...codes: string[]): boolean =>
  typeof error === 'object' && error !== null && codes.includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Files directly inside one folder, named by their stored names (FILE_STORAGE=local). Only the processes of one
 * machine (or machines sharing the folder) reach them.
 */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file's path, or null for anything but a stored name (which can only name a file directly in root). */
  private pathOf(name: string): string | null {
    if (!isStoredName(name)) return null;
    const file = path.join(this.root, name);
    return path.dirname(file) === this.root ? file : null;
  }

  async save(content: Readable | Buffer, preferredName: string): Promise<SavedFile> {
    await fs.promises.mkdir(this.root, { recursive: true });
    const { name, handle } = await this.createExclusively(storedNameFor(preferredName));
    const file = this.pathOf(name)!;
    try {
      const output = handle.createWriteStream();
      await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, output);
      return { name, size: output.bytesWritten };
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.promises.rm(file, { force: true });
      throw error;
    }
  }

  /** Opens a new file with O_EXCL, so two uploads of the same name never share (or overwrite) a file. */
  private async createExclusively(
    storedName: string,
  ): Promise<{ name: string; handle: fs.promises.FileHandle }> {
    let name = storedName;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return { name, handle: await fs.promises.open(this.pathOf(name)!, 'wx') };
      } catch (error) {
        if (!isErrorCode(error, 'EEXIST') || attempt === MAX_NAME_ATTEMPTS) throw error;
        name = withRandomSuffix(storedName);
      }
    }
  }

  /** True for a regular file of a stored name: a directory, a symbolic link or any other name never is one. */
  private async isStoredFile(name: string): Promise<boolean> {
    const file = this.pathOf(name);
    if (file === null) return false;
    try {
      // lstat: a symbolic link placed in the folder is not a stored file, wherever it points.
      return (await fs.promises.lstat(file)).isFile();
    } catch (error) {
      if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) return false;
      throw error;
    }
  }

  /**
   * Sent by @fastify/static's `reply.sendFile` (ETag and Last-Modified from the file's size and time, 304s, byte
   * ranges, HEAD without opening the file), which the media route registers with `setFileHeaders` as its
   * setHeaders.
   */
  async download(name: string, { reply }: Download) {
    return (await this.isStoredFile(name)) ? reply.sendFile(name, this.root) : null;
  }

  async remove(name: string): Promise<void> {
    const file = this.pathOf(name);
    if (file !== null) await fs.promises.rm(file, { force: true });
  }

  async exists(name: string): Promise<boolean> {
    return this.isStoredFile(name);
  }
}
