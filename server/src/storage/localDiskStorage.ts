import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, SavedFile, StoredFileLocation } from './fileStorage';
import { isStoredName, storedNameFor, withRandomSuffix } from './storedNames';

/** Tries before giving up on finding a free name: 62^7 suffixes make a second collision already unlikely. */
const MAX_NAME_ATTEMPTS = 10;

const isErrorCode = (error: unknown, ...codes: string[]): boolean =>
  typeof error === 'object' && error !== null && codes.includes((error as NodeJS.ErrnoException).code ?? '');

/** Files directly inside one folder, named by their stored names. */
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

  async locate(name: string): Promise<StoredFileLocation | null> {
    const file = this.pathOf(name);
    if (file === null) return null;
    try {
      // lstat: a symbolic link placed in the folder is not a stored file, wherever it points.
      return (await fs.promises.lstat(file)).isFile() ? { folder: this.root, name } : null;
    } catch (error) {
      if (isErrorCode(error, 'ENOENT', 'ENOTDIR')) return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    const file = this.pathOf(name);
    if (file !== null) await fs.promises.rm(file, { force: true });
  }

  async exists(name: string): Promise<boolean> {
    return (await this.locate(name)) !== null;
  }
}
