import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type KyselyPlugin } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/testApp';
import {
  CHUNK_BYTES,
  CHUNKS_PER_READ,
  DatabaseFileStorage,
  pruneAbandonedUploads,
} from './databaseFileStorage';
import type { Download } from './fileStorage';

let database: TestDatabase;
let storage: DatabaseFileStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = new DatabaseFileStorage(database.db);
});
afterAll(() => database.destroy());

async function contentOf(name: string): Promise<Buffer> {
  const { size_bytes: size } = await database.db
    .selectFrom('file_blobs')
    .select('size_bytes')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  const pieces: Buffer[] = [];
  for await (const piece of storage.bytes(name, 0, Number(size) - 1)) pieces.push(piece);
  return Buffer.concat(pieces);
}

const rowCount = async (table: 'file_blobs' | 'file_blob_chunks') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A download as the media route asks for one, whose answer's body is kept instead of sent. */
async function downloadBody(name: string, store = storage): Promise<Readable> {
  let body: Readable | undefined;
  const reply = {
    code: () => reply,
    headers: () => reply,
    send: (payload: Readable) => {
      body = payload;
      return reply;
    },
  };
  const download = { request: { method: 'GET', headers: {} }, reply, setFileHeaders: () => undefined };
  expect(await store.download(name, download as unknown as Download)).toBe(reply);
  return body!;
}

/** A content stream that stops after `first` bytes until `resume` is called. */
function pausedAfter(first: Buffer, rest: Buffer) {
  let resume!: () => void;
  const resumed = new Promise<void>((resolve) => (resume = resolve));
  let reachedPause!: () => void;
  const paused = new Promise<void>((resolve) => (reachedPause = resolve));
  async function* content() {
    yield first;
    reachedPause();
    await resumed;
    yield rest;
  }
  return { content: Readable.from(content()), paused, resume };
}

describe('DatabaseFileStorage', () => {
  it('saves a buffer or a stream under the sanitised name, in chunks', async () => {
    const saved = await storage.save(Buffer.from('hello'), 'C:\\docs\\hello world.txt');
    expect(saved).toEqual({ name: 'hello_world.txt', size: 5 });
    expect((await contentOf('hello_world.txt')).toString()).toBe('hello');

    const bytes = randomBytes(2 * CHUNK_BYTES + 100);
    const pieces = [
      bytes.subarray(0, 1000),
      bytes.subarray(1000, CHUNK_BYTES + 7),
      bytes.subarray(CHUNK_BYTES + 7),
    ];
    expect(await storage.save(Readable.from(pieces), 'data.bin')).toEqual({
      name: 'data.bin',
      size: bytes.length,
    });
    expect(await storage.exists('data.bin')).toBe(true);
    expect((await contentOf('data.bin')).equals(bytes)).toBe(true);
    const chunks = await database.db
      .selectFrom('file_blob_chunks')
      .select(['chunk', sql<number>`length(data)`.as('bytes')])
      .where('name', '=', 'data.bin')
      .orderBy('chunk')
      .execute();
    expect(chunks.map((chunk) => [chunk.chunk, Number(chunk.bytes)])).toEqual([
      [0, CHUNK_BYTES],
      [1, CHUNK_BYTES],
      [2, 100],
    ]);
  });

  it('never overwrites: a taken name gets a random suffix, also for simultaneous saves', async () => {
    const saves = await Promise.all(
      ['one', 'two', 'three', 'four', 'five'].map((content) =>
        storage.save(Buffer.from(content), 'sample.txt'),
      ),
    );
    const names = saves.map((saved) => saved.name);
    expect(new Set(names).size).toBe(5);
    expect(names).toContain('sample.txt');
    for (const name of names.filter((name) => name !== 'sample.txt')) {
      expect(name).toMatch(/^sample_[A-Za-z0-9]{7}\.txt$/);
    }
    const contents = await Promise.all(names.map(async (name) => (await contentOf(name)).toString()));
    expect(contents.sort()).toEqual(['five', 'four', 'one', 'three', 'two']);
  });

  it('writes each chunk as it arrives, holding at most one in memory', async () => {
    const storedBytes = async () =>
      Number(
        (
          await sql<{ n: number | null }>`select sum(length(data)) as n from file_blob_chunks
            where name = 'arriving.bin'`.execute(database.db)
        ).rows[0].n ?? 0,
      );
    const piece = randomBytes(100_000);
    let produced = 0;
    let checked = 0;
    async function* content() {
      for (let index = 0; index < 20; index += 1) {
        // Everything produced so far is in the database already, but for the part of a chunk the storage holds
        // and the piece the content stream has read ahead.
        expect(produced - (await storedBytes())).toBeLessThan(CHUNK_BYTES + piece.length);
        checked += 1;
        produced += piece.length;
        yield piece;
      }
    }
    expect(await storage.save(Readable.from(content()), 'arriving.bin')).toEqual({
      name: 'arriving.bin',
      size: 20 * piece.length,
    });
    expect(checked).toBe(20);
  });

  it('counts a file whose bytes are still arriving as no file, and its name as taken', async () => {
    const upload = pausedAfter(Buffer.alloc(CHUNK_BYTES + 1, 1), Buffer.alloc(10, 2));
    const saving = storage.save(upload.content, 'slow.bin');
    await upload.paused;
    expect(await storage.exists('slow.bin')).toBe(false);
    expect(await storage.download('slow.bin', {} as Download)).toBeNull();
    const other = await storage.save(Buffer.from('other'), 'slow.bin');
    expect(other.name).toMatch(/^slow_[A-Za-z0-9]{7}\.bin$/);
    upload.resume();
    expect(await saving).toEqual({ name: 'slow.bin', size: CHUNK_BYTES + 11 });
    expect(await storage.exists('slow.bin')).toBe(true);
  });

  it('removes what it wrote when the content stream fails', async () => {
    const [files, chunks] = [await rowCount('file_blobs'), await rowCount('file_blob_chunks')];
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent === 3) {
          this.destroy(new Error('client went away'));
          return;
        }
        sent += 1;
        this.push(Buffer.alloc(CHUNK_BYTES, sent));
      },
    });
    await expect(storage.save(failing, 'broken.bin')).rejects.toThrow('client went away');
    expect(await storage.exists('broken.bin')).toBe(false);
    expect([await rowCount('file_blobs'), await rowCount('file_blob_chunks')]).toEqual([files, chunks]);
  });

  it('removes a file with its chunks, a missing one without error, and in the transaction it is given', async () => {
    const { name } = await storage.save(Buffer.alloc(CHUNK_BYTES + 1), 'gone.bin');
    await expect(
      database.db.transaction().execute(async (trx) => {
        await storage.remove(name, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await storage.exists(name)).toBe(true);

    await database.db.transaction().execute((trx) => storage.remove(name, trx));
    expect(await storage.exists(name)).toBe(false);
    expect(
      await database.db.selectFrom('file_blob_chunks').where('name', '=', name).selectAll().execute(),
    ).toEqual([]);
    await expect(storage.remove(name)).resolves.toBeUndefined();
  });

  it('reaches nothing but stored names', async () => {
    for (const name of ['../secret.txt', '..', '.', '', 'a/b', 'hello world.txt', 'x\0']) {
      expect(await storage.exists(name)).toBe(false);
      expect(await storage.download(name, {} as Download)).toBeNull();
      await expect(storage.remove(name)).resolves.toBeUndefined();
    }
  });

  it('streams a big file to a slow reader reading about one batch of chunks ahead', async () => {
    let fetched = 0;
    // Counts the bytes of every chunk row the database hands over.
    const counter: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        for (const row of result.rows) if (Buffer.isBuffer(row.data)) fetched += row.data.length;
        return result;
      },
    };
    const counted = new DatabaseFileStorage(database.db.withPlugin(counter));
    const bytes = randomBytes(30 * CHUNK_BYTES + 99);
    await counted.save(bytes, 'big.bin');
    fetched = 0;

    let consumed = 0;
    let mostAhead = 0;
    const received: Buffer[] = [];
    for await (const piece of await downloadBody('big.bin', counted)) {
      received.push(piece as Buffer);
      consumed += (piece as Buffer).length;
      // A slow reader: the stream has every chance to read on while this one waits.
      for (let turn = 0; turn < 3; turn += 1) await new Promise(setImmediate);
      mostAhead = Math.max(mostAhead, fetched - consumed);
    }
    expect(Buffer.concat(received).equals(bytes)).toBe(true);
    expect(fetched).toBe(bytes.length);
    expect(mostAhead).toBeLessThanOrEqual(CHUNKS_PER_READ * CHUNK_BYTES);
  });
});

describe('pruneAbandonedUploads', () => {
  it('removes uploads cut off before the given time, never finished files or uploads under way', async () => {
    const now = new Date('2026-05-01T12:00:00.000Z');
    let clock = new Date('2026-04-29T12:00:00.000Z');
    const clocked = new DatabaseFileStorage(database.db, () => clock);
    const finished = await clocked.save(Buffer.from('kept'), 'finished-long-ago.txt');
    const abandoned = pausedAfter(Buffer.alloc(CHUNK_BYTES + 5, 3), Buffer.alloc(1));
    void clocked.save(abandoned.content, 'abandoned.bin').catch(() => undefined);
    await abandoned.paused;
    clock = new Date('2026-05-01T11:00:00.000Z');
    const underWay = pausedAfter(Buffer.alloc(10, 4), Buffer.alloc(1));
    const saving = clocked.save(underWay.content, 'under-way.bin');
    await underWay.paused;

    expect(await pruneAbandonedUploads(database.db, new Date(now.getTime() - 24 * 3_600_000))).toBe(1);
    const names = (await database.db.selectFrom('file_blobs').select('name').execute()).map(
      (row) => row.name,
    );
    expect(names).toEqual(expect.arrayContaining([finished.name, 'under-way.bin']));
    expect(names).not.toContain('abandoned.bin');
    expect(
      await database.db
        .selectFrom('file_blob_chunks')
        .where('name', '=', 'abandoned.bin')
        .selectAll()
        .execute(),
    ).toEqual([]);

    underWay.resume();
    expect(await saving).toEqual({ name: 'under-way.bin', size: 11 });
  });
});
