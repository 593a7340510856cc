import {
  CompiledQuery,
  RawNode,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { PreparingDatabase } from './sqliteStatements';

/**
 * SQLite as a server uses it: a writer connection and a read-only connection of the same file in WAL mode, where
 * readers never wait for the writer. Kysely's SQLite dialect runs everything on one connection behind a mutex, so
 * while a transaction holds it (a 20,000-row import commit takes seconds) every other request waits, reads and the
 * health check included. Kysely routes no query to another connection by itself, hence this small driver around
 * two of its own SqliteDrivers.
 *
 * Every transaction, every write and every streamed query runs on the writer, one at a time as before: the
 * stock-never-negative guarantee rests on that (db/locking.ts). A query made outside a transaction that only
 * reads (a select, or raw SQL that SQLite says returns rows and writes nothing) runs on the reader instead, which
 * sees everything committed before it began and nothing of a transaction still open. One reader is enough:
 * better-sqlite3 runs a statement to its end synchronously, so two reads are never under way at once (streams,
 * which iterate across awaits, stay on the writer).
 */
export class SqliteReadWriteDialect extends SqliteDialect {
  readonly #reader: PreparingDatabase;

  constructor(writer: PreparingDatabase, reader: PreparingDatabase) {
    super({ database: writer });
    this.#reader = reader;
  }

  override createDriver(): Driver {
    return new ReadRoutingDriver(
      super.createDriver(),
      new SqliteDriver({ database: this.#reader }),
      this.#reader,
    );
  }
}

class ReadRoutingDriver implements Driver {
  /**
   * The reader's one connection, held from `init` to `destroy` rather than taken and given back per query: a query
   * runs on it synchronously from start to end, so no two can overlap, and the driver's mutex around each one
   * (another two turns of the event loop) cost a trivial read a tenth of its time.
   */
  #readerConnection: DatabaseConnection | undefined;

  constructor(
    private readonly writer: Driver,
    private readonly reader: Driver,
    private readonly readerStatements: PreparingDatabase,
  ) {}

  async init(): Promise<void> {
    await this.writer.init();
    await this.reader.init();
    this.#readerConnection = await this.reader.acquireConnection();
  }

  // Takes no connection yet: the writer is taken at the first write or BEGIN (RoutedConnection.writerConnection).
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.writer, this.#readerConnection!, this.readerStatements);
  }

  /**
   * BEGIN IMMEDIATE rather than Kysely's plain BEGIN: the transaction takes the write lock at its start, waiting
   * (busy_timeout) while another process (a second server worker, the account CLI) writes. A deferred transaction
   * would read first and fail with SQLITE_BUSY at its first write whenever another process had written meanwhile,
   * since its snapshot could no longer become a write; within this process the writer runs one at a time anyway.
   */
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (await routed(connection).writerConnection()).executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.writer.commitTransaction(await routed(connection).writerConnection());
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.writer.rollbackTransaction(await routed(connection).writerConnection());
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.writer.savepoint!(await routed(connection).writerConnection(), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.writer.rollbackToSavepoint!(await routed(connection).writerConnection(), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.writer.releaseSavepoint!(await routed(connection).writerConnection(), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await routed(connection).release();
  }

  async destroy(): Promise<void> {
    if (this.#readerConnection) await this.reader.releaseConnection(this.#readerConnection);
    await this.reader.destroy();
    await this.writer.destroy();
  }
}

const routed = (connection: DatabaseConnection) => connection as RoutedConnection;

/** What Kysely holds as "the connection" for one query, one transaction or one `db.connection()` scope. */
class RoutedConnection implements DatabaseConnection {
  #writer: DatabaseConnection | undefined;

  constructor(
    private readonly writer: Driver,
    private readonly reader: DatabaseConnection,
    private readonly readerStatements: PreparingDatabase,
  ) {}

  /** The writer, waiting for its turn the first time, then kept until `release`. */
  async writerConnection(): Promise<DatabaseConnection> {
    this.#writer ??= await this.writer.acquireConnection();
    return this.#writer;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Once this holds the writer (in a transaction, or after a write), it reads there too: its own writes.
    if (this.#writer === undefined && this.#onlyReads(query)) return this.reader.executeQuery<R>(query);
    return (await this.writerConnection()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.writerConnection()).streamQuery<R>(query, chunkSize);
  }

  async release(): Promise<void> {
    const writer = this.#writer;
    this.#writer = undefined;
    if (writer !== undefined) await this.writer.releaseConnection(writer);
  }

  #onlyReads({ query, sql }: CompiledQuery): boolean {
    if (SelectQueryNode.is(query)) return true;
    if (!RawNode.is(query)) return false;
    // Raw SQL (a count, the health check's `select 1`, a pragma) is judged by SQLite itself. The statement is kept
    // in the reader's cache for the run that follows.
    try {
      const statement = this.readerStatements.prepare(sql);
      return statement.reader && statement.readonly;
    } catch {
      // Not even valid on the reader: the writer runs it and reports what is wrong.
      return false;
    }
  }
}
