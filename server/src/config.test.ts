import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-config-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('uses the §15 defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir }, null);
    expect(config).toMatchObject({
      port: 8000,
      databaseUrl: path.join(dataDir, 'db.sqlite3'),
      uploadDir: path.join(dataDir, 'uploads'),
      accessTokenLifetimeSeconds: 86400,
      refreshTokenLifetimeSeconds: 2592000,
      uploadMaxBytes: 26214400,
      loginMaxFailures: 5,
      loginLockSeconds: 900,
      loginRateLimitPerMinute: 30,
      corsOrigin: '*',
      adminEmail: null,
      adminPassword: null,
      trustProxy: false,
      passwordHashCost: 2 ** 17,
      searchChangesKeepHours: 24,
      housekeepingIntervalSeconds: 3600,
      shipmentUndoDays: 7,
      labTimeZone: 'UTC',
      currency: 'EUR',
      fileStorage: 'local',
      webConcurrency: 1,
      changeEventsKeepHours: 168,
      eventsHeartbeatSeconds: 25,
      eventsMaxStreams: 1000,
      eventsMaxStreamsPerAddress: 20,
      eventsMaxStreamsPerAccount: 10,
      eventsDrainTimeoutSeconds: 30,
      logLevel: 'info',
    });
  });

  it('reads LOG_LEVEL (any case), info by default, and refuses an unknown level', () => {
    expect(loadConfig({ DATA_DIR: dataDir }, null).logLevel).toBe('info');
    expect(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'DEBUG' }, null).logLevel).toBe('debug');
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'verbose' }, null)).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "verbose".',
    );
  });

  it('refuses a change feed setting below 1', () => {
    const base = { DATA_DIR: dataDir };
    expect(loadConfig({ ...base, EVENTS_HEARTBEAT_SECONDS: '5' }, null).eventsHeartbeatSeconds).toBe(5);
    expect(() => loadConfig({ ...base, EVENTS_HEARTBEAT_SECONDS: '0' }, null)).toThrow(
      'EVENTS_HEARTBEAT_SECONDS must be at least 1, got 0.',
    );
    expect(() => loadConfig({ ...base, EVENTS_MAX_STREAMS: '0' }, null)).toThrow(
      'EVENTS_MAX_STREAMS must be at least 1, got 0.',
    );
    for (const name of [
      'EVENTS_MAX_STREAMS_PER_ADDRESS',
      'EVENTS_MAX_STREAMS_PER_ACCOUNT',
      'EVENTS_DRAIN_TIMEOUT_SECONDS',
    ]) {
      expect(() => loadConfig({ ...base, [name]: '0' }, null)).toThrow(`${name} must be at least 1, got 0.`);
    }
    expect(
      loadConfig({ ...base, EVENTS_MAX_STREAMS_PER_ADDRESS: '50' }, null).eventsMaxStreamsPerAddress,
    ).toBe(50);
    expect(() => loadConfig({ ...base, CHANGE_EVENTS_KEEP_HOURS: 'a week' }, null)).toThrow(
      'CHANGE_EVENTS_KEEP_HOURS must be a non-negative integer, got "a week".',
    );
  });

  it('generates a JWT secret once, stores it privately and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir }, null).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(64);
    const file = path.join(dataDir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }, null).jwtSecret).toBe(first);
    const fromEnv = 'from-the-environment-and-32-bytes-long';
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: fromEnv }, null).jwtSecret).toBe(fromEnv);
  });

  it('refuses to start with a JWT secret shorter than 32 bytes, from the environment or the secret file', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(31) }, null)).toThrow(
      'JWT_SECRET must be at least 32 bytes long (it has 31).',
    );
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }, null).jwtSecret).toHaveLength(32);
    fs.writeFileSync(path.join(dataDir, 'jwt-secret'), 'short\n');
    expect(() => loadConfig({ DATA_DIR: dataDir }, null)).toThrow(
      /jwt-secret must be at least 32 bytes long/,
    );
  });

  it('refuses a PASSWORD_HASH_COST that is not a power of two', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: '65536' }, null).passwordHashCost).toBe(65536);
    expect(() => loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: '100000' }, null)).toThrow(
      /PASSWORD_HASH_COST must be a power of two/,
    );
  });

  it('reads the env file, with real environment variables winning', () => {
    const envFile = path.join(dataDir, '.env');
    fs.writeFileSync(envFile, 'PORT=9100\nADMIN_EMAIL=admin@lab.org\nCORS_ORIGIN=http://a.example\n');
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '9200' }, envFile);
    expect(config.port).toBe(9200);
    expect(config.adminEmail).toBe('admin@lab.org');
    expect(config.corsOrigin).toBe('http://a.example');
  });

  it('resolves database URLs and relative paths', () => {
    const base = { DATA_DIR: dataDir };
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://u:p@db/x' }, null).databaseUrl).toBe(
      'postgres://u:p@db/x',
    );
    expect(loadConfig({ ...base, DATABASE_URL: 'sqlite:store.db' }, null).databaseUrl).toBe(
      path.resolve('store.db'),
    );
    expect(loadConfig({ ...base, DATABASE_URL: 'sqlite::memory:' }, null).databaseUrl).toBe(':memory:');
    expect(loadConfig({ ...base, UPLOAD_DIR: 'up' }, null).uploadDir).toBe(path.resolve('up'));
  });

  it('parses TRUST_PROXY and refuses malformed numbers', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }, null).trustProxy).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }, null).trustProxy).toBe(2);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' }, null)).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, LOGIN_RATE_LIMIT_PER_MINUTE: '0' }, null)).toThrow(
      'LOGIN_RATE_LIMIT_PER_MINUTE must be at least 1, got 0.',
    );
  });

  it('reads the housekeeping settings and refuses zero', () => {
    const config = loadConfig(
      { DATA_DIR: dataDir, SEARCH_CHANGES_KEEP_HOURS: '48', HOUSEKEEPING_INTERVAL_SECONDS: '600' },
      null,
    );
    expect(config).toMatchObject({ searchChangesKeepHours: 48, housekeepingIntervalSeconds: 600 });
    expect(() => loadConfig({ DATA_DIR: dataDir, HOUSEKEEPING_INTERVAL_SECONDS: '0' }, null)).toThrow(
      'HOUSEKEEPING_INTERVAL_SECONDS must be at least 1, got 0.',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SEARCH_CHANGES_KEEP_HOURS: '0' }, null)).toThrow(
      /SEARCH_CHANGES_KEEP_HOURS/,
    );
  });

  it('reads the lab time zone and refuses a name the runtime does not know', () => {
    expect(loadConfig({ DATA_DIR: dataDir, LAB_TIME_ZONE: 'Pacific/Auckland' }, null).labTimeZone).toBe(
      'Pacific/Auckland',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, LAB_TIME_ZONE: 'Mars/Olympus_Mons' }, null)).toThrow(
      'LAB_TIME_ZONE must be an IANA time zone such as Europe/Berlin or UTC, got "Mars/Olympus_Mons".',
    );
  });

  it('charges in euros unless CURRENCY names another ISO 4217 code', () => {
    expect(loadConfig({ DATA_DIR: dataDir }, null).currency).toBe('EUR');
    expect(loadConfig({ DATA_DIR: dataDir, CURRENCY: 'CHF' }, null).currency).toBe('CHF');
    expect(() => loadConfig({ DATA_DIR: dataDir, CURRENCY: 'euro' }, null)).toThrow(
      'CURRENCY must be an ISO 4217 currency code such as EUR, got "euro".',
    );
  });

  it('reads the shipment undo window in days and refuses zero', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SHIPMENT_UNDO_DAYS: '30' }, null).shipmentUndoDays).toBe(30);
    expect(() => loadConfig({ DATA_DIR: dataDir, SHIPMENT_UNDO_DAYS: '0' }, null)).toThrow(
      'SHIPMENT_UNDO_DAYS must be at least 1, got 0.',
    );
  });

  it('keeps files in the database by default on PostgreSQL, on the local disk on SQLite, as FILE_STORAGE says', () => {
    const base = { DATA_DIR: dataDir };
    const postgres = { ...base, DATABASE_URL: 'postgres://u:p@db/x' };
    expect(loadConfig(postgres, null).fileStorage).toBe('database');
    expect(loadConfig(base, null).fileStorage).toBe('local');
    expect(loadConfig({ ...postgres, FILE_STORAGE: 'local' }, null).fileStorage).toBe('local');
    expect(loadConfig({ ...base, FILE_STORAGE: 'database' }, null).fileStorage).toBe('database');
    expect(() => loadConfig({ ...base, FILE_STORAGE: 's3' }, null)).toThrow(
      'FILE_STORAGE must be "database" or "local", got "s3".',
    );
  });

  it('reads WEB_CONCURRENCY from 1 to 64', () => {
    expect(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '4' }, null).webConcurrency).toBe(4);
    expect(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '64' }, null).webConcurrency).toBe(64);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '0' }, null)).toThrow(
      'WEB_CONCURRENCY must be at least 1, got 0.',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '65' }, null)).toThrow(
      'WEB_CONCURRENCY must be at most 64, got 65.',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: 'four' }, null)).toThrow(
      'WEB_CONCURRENCY must be a non-negative integer, got "four".',
    );
  });
});
