import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
} from 'kysely';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db';
import type { Database } from '../../db/tables';
import { checkDatabase } from '../../services/health';
import { authHeader, createTestDatabase, testConfig } from '../../testing/testApp';

let database: DatabaseHandle;
let destroyed: boolean;
beforeEach(async () => {
  database = await createTestDatabase();
  destroyed = false;
});
afterEach(async () => {
  if (!destroyed) await database.destroy();
});

const startApp = async () => {
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  return app;
};

describe('GET /api/health/', () => {
  it('answers 200 when the database answers, to anyone, uncached', async () => {
    const app = await startApp();
    try {
      for (const headers of [{}, authHeader('stale-or-garbage')]) {
        for (const url of ['/api/health/', '/api/health']) {
          const response = await app.inject({ url, headers });
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-type']).toMatch(/^application\/json/);
          expect(response.headers['cache-control']).toBe('no-store');
          expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
        }
      }
      const head = await app.inject({ method: 'HEAD', url: '/api/health/' });
      expect(head.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 in the JSON error shape when the database is gone', async () => {
    const app = await startApp();
    try {
      await database.destroy();
      destroyed = true;
      const response = await app.inject({ url: '/api/health/' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ detail: 'The database is not available.' });
    } finally {
      await app.close();
    }
  });

  it('answers 405 with Allow to other methods, and is in the API docs', async () => {
    const app = await startApp();
    try {
      const response = await app.inject({ method: 'POST', url: '/api/health/', payload: {} });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
      const doc = (await app.inject({ url: '/api/docs/json' })).json();
      expect(Object.keys(doc.paths['/api/health/'])).toEqual(['get']);
      expect(Object.keys(doc.paths['/api/health/'].get.responses)).toEqual(
        expect.arrayContaining(['200', '503']),
      );
    } finally {
      await app.close();
    }
  });
});

describe('checkDatabase', () => {
  /** A database whose pool never hands out a connection, like an exhausted or unreachable one. */
  const unanswering = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () =>
        new (class extends DummyDriver {
          override acquireConnection(): Promise<DatabaseConnection> {
            return new Promise(() => {});
          }
        })(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });

  it('gives up on a database that does not answer in time', async () => {
    await expect(checkDatabase(unanswering, 50)).rejects.toThrow('the database did not answer within 50 ms');
  });

  it('resolves when the database answers', async () => {
    await expect(checkDatabase(database.db, 50)).resolves.toBeUndefined();
  });
});
