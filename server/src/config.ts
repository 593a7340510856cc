import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

export const projectRoot = path.resolve(__dirname, '..', '..');

/** scrypt cost parameter N for new password hashes (2^15: about 50 ms and 32 MiB per hash). */
export const DEFAULT_PASSWORD_HASH_COST = 2 ** 15;

export interface Config {
  port: number;
  databaseUrl: string;
  dataDir: string;
  uploadDir: string;
  staticDir: string;
  jwtSecret: string;
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  uploadMaxBytes: number;
  loginMaxFailures: number;
  loginLockSeconds: number;
  corsOrigin: string;
  adminEmail: string | null;
  adminPassword: string | null;
  trustProxy: boolean | number | string;
  passwordHashCost: number;
  /** How long search-change notes are kept before housekeeping prunes them. */
  searchChangesKeepHours: number;
  /** Time between two housekeeping runs (the first runs at start). */
  housekeepingIntervalSeconds: number;
}

type Env = Record<string, string | undefined>;

/**
 * Reads the §15 variables. Values from `envFile` (the project's .env) fill in whatever the real environment
 * leaves unset; the real environment always wins.
 */
export function loadConfig(
  env: Env = process.env,
  envFile: string | null = path.join(projectRoot, '.env'),
): Config {
  const merged: Env = { ...readEnvFile(envFile), ...env };
  const read = (name: string): string | undefined => {
    const value = merged[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer, got "${raw}".`);
    return Number(raw);
  };
  const positiveInt = (name: string, fallback: number): number => {
    const value = int(name, fallback);
    if (value === 0) throw new Error(`${name} must be at least 1, got "0".`);
    return value;
  };

  const dataDir = path.resolve(read('DATA_DIR') ?? path.join(projectRoot, 'data'));
  return {
    port: int('PORT', 8000),
    databaseUrl: resolveDatabaseUrl(read('DATABASE_URL'), dataDir),
    dataDir,
    uploadDir: path.resolve(read('UPLOAD_DIR') ?? path.join(dataDir, 'uploads')),
    staticDir: path.resolve(read('STATIC_DIR') ?? path.join(projectRoot, 'dist')),
    jwtSecret: read('JWT_SECRET') ?? loadOrCreateJwtSecret(dataDir),
    accessTokenLifetimeSeconds: int('ACCESS_TOKEN_LIFETIME_SECONDS', 86400),
    refreshTokenLifetimeSeconds: int('REFRESH_TOKEN_LIFETIME_SECONDS', 2592000),
    uploadMaxBytes: int('UPLOAD_MAX_BYTES', 26214400),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5),
    loginLockSeconds: int('LOGIN_LOCK_SECONDS', 900),
    corsOrigin: read('CORS_ORIGIN') ?? '*',
    adminEmail: read('ADMIN_EMAIL') ?? null,
    adminPassword: read('ADMIN_PASSWORD') ?? null,
    trustProxy: parseTrustProxy(read('TRUST_PROXY')),
    passwordHashCost: int('PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST),
    searchChangesKeepHours: positiveInt('SEARCH_CHANGES_KEEP_HOURS', 24),
    housekeepingIntervalSeconds: positiveInt('HOUSEKEEPING_INTERVAL_SECONDS', 3600),
  };
}

function readEnvFile(file: string | null): Env {
  if (file === null || !fs.existsSync(file)) return {};
  return parseEnv(fs.readFileSync(file, 'utf8'));
}

/** `postgres://…` stays a URL; `sqlite:<path>`, a bare path or nothing becomes a SQLite file path (or `:memory:`). */
function resolveDatabaseUrl(raw: string | undefined, dataDir: string): string {
  if (raw === undefined) return path.join(dataDir, 'db.sqlite3');
  if (/^postgres(ql)?:\/\//i.test(raw)) return raw;
  const file = raw.replace(/^sqlite:(\/\/)?/i, '');
  return file === ':memory:' ? file : path.resolve(file);
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || /^(false|no|off|0)$/i.test(raw)) return false;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** Keeps the generated secret with the data so tokens survive restarts. */
function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored !== '') return stored;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
