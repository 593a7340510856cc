import { Readable } from 'node:stream';
import type { Db } from '../db';
import type { Executor } from '../db/executor';
import type { Download, FileStorage, SavedFile } from './fileStorage';
import { sendStoredFile, type StoredFileFacts } from './storedDownload';
import { isStoredName, storedNameFor, withRandomSuffix } from './storedNames';

/**
 * A file's bytes are kept in chunks of this size (the last one shorter): an upload holds at most one chunk in
 * memory before writing it, and a byte range reads only the chunks it covers.
 */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks read in one query while a download streams: 1 MiB a round trip, at most that much held per download. */
export const CHUNKS_PER_READ = 4;
/** `size_bytes` of a file whose bytes are still arriving: no download, `exists` or second save sees it as a file. */
const PENDING = -1;
/** Tries before giving up on finding a free name: 62^7 suffixes make a second collision already unlikely. */
const MAX_NAME_ATTEMPTS = 10;

/**
 * Files in the database (`file_blobs`, `file_blob_chunks`), so that every server process, on this machine or
 * another, reaches every upload (FILE_STORAGE=database). The file's row claims its name first (the primary key
 * refuses a second claim, so two uploads never share a name), its chunks follow as the upload arrives, each in
 * its own short write, so a slow upload never holds the database; the row counts as a file once its size is
 * written at the end. A failed upload removes what it wrote; one cut off by a crash is pruned by housekeeping.
 */
export class DatabaseFileStorage implements FileStorage {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async save(content: Readable | Buffer, preferredName: string): Promise<SavedFile> {
    const name = await this.claimName(storedNameFor(preferredName));
    try {
      const size = await this.writeChunks(name, Buffer.isBuffer(content) ? [content] : content);
      await this.db
        .updateTable('file_blobs')
        .set({ size_bytes: size, created_at: this.now().toISOString() })
        .where('name', '=', name)
        .execute();
      return { name, size };
    } catch (error) {
      // The upload's own failure is the one to report; a row left behind is pruned as abandoned.
      await this.remove(name).catch(() => undefined);
      throw error;
    }
  }

  private async claimName(storedName: string): Promise<string> {
    let name = storedName;
    for (let attempt = 1; ; attempt += 1) {
      const claimed = await this.db
        .insertInto('file_blobs')
        .values({ name, size_bytes: PENDING, created_at: this.now().toISOString() })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .returning('name')
        .executeTakeFirst();
      if (claimed) return name;
      if (attempt === MAX_NAME_ATTEMPTS) {
        throw new Error(`No free stored name for ${storedName} after ${MAX_NAME_ATTEMPTS} attempts.`);
      }
      name = withRandomSuffix(storedName);
    }
  }

  /** Cuts the content into chunks as it arrives and writes each once it is full; answers the bytes written. */
  private async writeChunks(name: string, content: AsyncIterable<unknown> | Iterable<Buffer>) {
    let size = 0;
    let index = 0;
    let held: Buffer[] = [];
    let heldBytes = 0;
    const write = async (data: Buffer) => {
      await this.db.insertInto('file_blob_chunks').values({ name, chunk: index, data }).execute();
      index += 1;
    };
    for await (const piece of content) {
      let rest = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as string);
      size += rest.length;
      while (heldBytes + rest.length >= CHUNK_BYTES) {
        const take = CHUNK_BYTES - heldBytes;
        held.push(rest.subarray(0, take));
        // A copy: a chunk written must not keep the (possibly much larger) piece it was cut from alive.
        await write(Buffer.concat(held, CHUNK_BYTES));
        rest = rest.subarray(take);
        held = [];
        heldBytes = 0;
      }
      if (rest.length > 0) {
        held.push(rest);
        heldBytes += rest.length;
      }
    }
    if (heldBytes > 0) await write(Buffer.concat(held, heldBytes));
    return size;
  }

  async download(name: string, download: Download) {
    const facts = await this.facts(name);
    if (facts === null) return null;
    return sendStoredFile(download, name, facts, (start, end) =>
      Readable.from(this.bytes(name, start, end), { objectMode: false }),
    );
  }

  /**
   * Size, time and a strong ETag: the bytes under a name never change (a name is only ever reused after a
   * removal, by a file with another creation time), so equal tags mean equal bytes, in every process.
   */
  private async facts(name: string): Promise<StoredFileFacts | null> {
    if (!isStoredName(name)) return null;
    const row = await this.db
      .selectFrom('file_blobs')
      .select(['size_bytes', 'created_at'])
      .where('name', '=', name)
      .where('size_bytes', '>=', 0)
      .executeTakeFirst();
    if (!row) return null;
    const size = Number(row.size_bytes);
    const modified = new Date(row.created_at);
    return { size, modified, etag: `"${size.toString(16)}-${modified.getTime().toString(16)}"` };
  }

  /**
   * The bytes from `start` to `end` inclusive, read CHUNKS_PER_READ chunks at a time when the reader wants more
   * (the generator waits at each yield), so a download holds about one batch however large the file. Streamed by
   * hand, one short query per batch: @fastify/send streams only from a file system, and one streamed query for the
   * whole file (Kysely's `stream()`) would hold its connection for as long as the client takes to read, on SQLite
   * the one writer every write waits for.
   */
  async *bytes(name: string, start: number, end: number): AsyncGenerator<Buffer> {
    if (end < start) return;
    const last = Math.floor(end / CHUNK_BYTES);
    for (let from = Math.floor(start / CHUNK_BYTES); from <= last; from += CHUNKS_PER_READ) {
      const to = Math.min(last, from + CHUNKS_PER_READ - 1);
      const rows = await this.db
        .selectFrom('file_blob_chunks')
        .select(['chunk', 'data'])
        .where('name', '=', name)
        .where('chunk', '>=', from)
        .where('chunk', '<=', to)
        .orderBy('chunk')
        .execute();
      // Removed while it was being read: the answer is cut off rather than completed with other bytes.
      if (rows.length !== to - from + 1)
        throw new Error(`The stored file ${name} was removed while it was read.`);
      for (const { chunk, data } of rows) {
        const offset = chunk * CHUNK_BYTES;
        yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
      }
    }
  }

  async remove(name: string, within: Executor = this.db): Promise<void> {
    if (!isStoredName(name)) return;
    // Its chunks go with it (on delete cascade).
    await within.deleteFrom('file_blobs').where('name', '=', name).execute();
  }

  async exists(name: string): Promise<boolean> {
    return (await this.facts(name)) !== null;
  }
}

/**
 * Removes files whose upload began before `olderThan` and never finished (its process stopped mid-upload) and
 * answers how many. A finished upload's row holds its size; only such cut-off rows are still pending.
 */
export async function pruneAbandonedUploads(db: Executor, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom('file_blobs')
    .where('size_bytes', '=', PENDING)
    .where('created_at', '<', olderThan.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
