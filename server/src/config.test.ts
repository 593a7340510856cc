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
      corsOrigin: '*',
      adminEmail: null,
      adminPassword: null,
      trustProxy: false,
      searchChangesKeepHours: 24,
      housekeepingIntervalSeconds: 3600,
    });
  });

  it('generates a JWT secret once, stores it privately and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir }, null).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(64);
    const file = path.join(dataDir, 'jwt-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }, null).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'from-env' }, null).jwtSecret).toBe('from-env');
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
  });

  it('reads the housekeeping settings and refuses zero', () => {
    const config = loadConfig(
      { DATA_DIR: dataDir, SEARCH_CHANGES_KEEP_HOURS: '48', HOUSEKEEPING_INTERVAL_SECONDS: '600' },
      null,
    );
    expect(config).toMatchObject({ searchChangesKeepHours: 48, housekeepingIntervalSeconds: 600 });
    expect(() => loadConfig({ DATA_DIR: dataDir, HOUSEKEEPING_INTERVAL_SECONDS: '0' }, null)).toThrow(
      'HOUSEKEEPING_INTERVAL_SECONDS must be at least 1, got "0".',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SEARCH_CHANGES_KEEP_HOURS: '0' }, null)).toThrow(
      /SEARCH_CHANGES_KEEP_HOURS/,
    );
  });
});
