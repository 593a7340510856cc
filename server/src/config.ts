import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { isTimeZone } from './domain/calendarDate';
import { isCurrency } from './domain/money';
import { isPostgresUrl } from './db';

export const projectRoot = path.resolve(__dirname, '..', '..');

/** scrypt cost parameter N for new password hashes: OWASP's minimum, 2^17 (128 MiB per hash, with r = 8, p = 1). */
export const DEFAULT_PASSWORD_HASH_COST = 2 ** 17;

/** HS256 needs a key at least as long as its 256-bit hash (RFC 7518 §3.2). */
export const JWT_SECRET_MIN_BYTES = 32;

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
  /** Sign-in attempts per client address and minute, whatever the e-mail (on top of the per-pair lock). */
  loginRateLimitPerMinute: number;
  corsOrigin: string;
  adminEmail: string | null;
  adminPassword: string | null;
  trustProxy: boolean | number | string;
  passwordHashCost: number;
  /** How long search-change notes are kept before housekeeping prunes them. */
  searchChangesKeepHours: number;
  /** Time between two housekeeping runs (the first runs at start). */
  housekeepingIntervalSeconds: number;
  /** How many days after its merge a shipment can still be undone. */
  shipmentUndoDays: number;
  /** The IANA time zone whose date is "today" for expiry dates (the dashboard). */
  labTimeZone: string;
  /** ISO 4217 code charges are kept in (issue 24). */
  currency: string;
  /** Where uploaded files' bytes live: in the database, which every server process reaches, or in UPLOAD_DIR. */
  fileStorage: FileStorageKind;
  /** Server processes `npm run serve` starts (main.ts): 1 serves in this process, more fork workers. */
  webConcurrency: number;
  /** How long change events are kept before housekeeping prunes them (a stream resuming from older ones reloads). */
  changeEventsKeepHours: number;
  /** Time between two heartbeat comments on an idle event stream, so proxies keep it open. */
  eventsHeartbeatSeconds: number;
  /** Event streams one server process keeps open at most; more are answered 503. */
  eventsMaxStreams: number;
  /**
   * Anonymous event streams one server process keeps open per client address (`request.ip`, which honours
   * TRUST_PROXY); more are answered 429. Signed-in streams count per account instead.
   */
  eventsMaxStreamsPerAddress: number;
  /** Signed-in event streams one server process keeps open per account, wherever they come from; more: 429. */
  eventsMaxStreamsPerAccount: number;
  /** How long a client may leave what was written to its event stream untaken before the stream is dropped. */
  eventsDrainTimeoutSeconds: number;
  /** The least severe log lines written (pino's levels); a line per request only at `debug` and `trace`. */
  logLevel: LogLevel;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type FileStorageKind = 'database' | 'local';

/** WEB_CONCURRENCY's upper bound: far above what a department's server has cores for, low enough to catch typos. */
export const MAX_WEB_CONCURRENCY = 64;

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

  const dataDir = path.resolve(read('DATA_DIR') ?? path.join(projectRoot, 'data'));
  const databaseUrl = resolveDatabaseUrl(read('DATABASE_URL'), dataDir);
  return {
    port: int('PORT', 8000),
    databaseUrl,
    dataDir,
    uploadDir: path.resolve(read('UPLOAD_DIR') ?? path.join(dataDir, 'uploads')),
    staticDir: path.resolve(read('STATIC_DIR') ?? path.join(projectRoot, 'dist')),
    jwtSecret: checkJwtSecret(read('JWT_SECRET'), 'JWT_SECRET') ?? loadOrCreateJwtSecret(dataDir),
    accessTokenLifetimeSeconds: int('ACCESS_TOKEN_LIFETIME_SECONDS', 86400),
    refreshTokenLifetimeSeconds: int('REFRESH_TOKEN_LIFETIME_SECONDS', 2592000),
    uploadMaxBytes: int('UPLOAD_MAX_BYTES', 26214400),
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5),
    loginLockSeconds: int('LOGIN_LOCK_SECONDS', 900),
    loginRateLimitPerMinute: positive('LOGIN_RATE_LIMIT_PER_MINUTE', int('LOGIN_RATE_LIMIT_PER_MINUTE', 30)),
    corsOrigin: read('CORS_ORIGIN') ?? '*',
    adminEmail: read('ADMIN_EMAIL') ?? null,
    adminPassword: read('ADMIN_PASSWORD') ?? null,
    trustProxy: parseTrustProxy(read('TRUST_PROXY')),
    passwordHashCost: powerOfTwo('PASSWORD_HASH_COST', int('PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST)),
    searchChangesKeepHours: positive('SEARCH_CHANGES_KEEP_HOURS', int('SEARCH_CHANGES_KEEP_HOURS', 24)),
    housekeepingIntervalSeconds: positive(
      'HOUSEKEEPING_INTERVAL_SECONDS',
      int('HOUSEKEEPING_INTERVAL_SECONDS', 3600),
    ),
    shipmentUndoDays: positive('SHIPMENT_UNDO_DAYS', int('SHIPMENT_UNDO_DAYS', 7)),
    labTimeZone: timeZone('LAB_TIME_ZONE', read('LAB_TIME_ZONE') ?? 'UTC'),
    currency: currency('CURRENCY', read('CURRENCY') ?? 'EUR'),
    fileStorage: fileStorage(
      'FILE_STORAGE',
      read('FILE_STORAGE') ?? (isPostgresUrl(databaseUrl) ? 'database' : 'local'),
    ),
    webConcurrency: atMost(
      'WEB_CONCURRENCY',
      MAX_WEB_CONCURRENCY,
      positive('WEB_CONCURRENCY', int('WEB_CONCURRENCY', 1)),
    ),
    changeEventsKeepHours: positive('CHANGE_EVENTS_KEEP_HOURS', int('CHANGE_EVENTS_KEEP_HOURS', 168)),
    eventsHeartbeatSeconds: positive('EVENTS_HEARTBEAT_SECONDS', int('EVENTS_HEARTBEAT_SECONDS', 25)),
    eventsMaxStreams: positive('EVENTS_MAX_STREAMS', int('EVENTS_MAX_STREAMS', 1000)),
    eventsMaxStreamsPerAddress: positive(
      'EVENTS_MAX_STREAMS_PER_ADDRESS',
      int('EVENTS_MAX_STREAMS_PER_ADDRESS', 20),
    ),
    eventsMaxStreamsPerAccount: positive(
      'EVENTS_MAX_STREAMS_PER_ACCOUNT',
      int('EVENTS_MAX_STREAMS_PER_ACCOUNT', 10),
    ),
    eventsDrainTimeoutSeconds: positive(
      'EVENTS_DRAIN_TIMEOUT_SECONDS',
      int('EVENTS_DRAIN_TIMEOUT_SECONDS', 30),
    ),
    logLevel: logLevel('LOG_LEVEL', read('LOG_LEVEL')?.toLowerCase() ?? 'info'),
  };
}

function logLevel(name: string, value: string): LogLevel {
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new Error(`${name} must be one of ${LOG_LEVELS.join(', ')}; got "${value}".`);
  }
  return value as LogLevel;
}

function fileStorage(name: string, value: string): FileStorageKind {
  if (value !== 'database' && value !== 'local') {
    throw new Error(`${name} must be "database" or "local", got "${value}".`);
  }
  return value;
}

function atMost(name: string, limit: number, value: number): number {
  if (value > limit) throw new Error(`${name} must be at most ${limit}, got ${value}.`);
  return value;
}

function currency(name: string, value: string): string {
  if (!isCurrency(value))
    throw new Error(`${name} must be an ISO 4217 currency code such as EUR, got "${value}".`);
  return value;
}

function timeZone(name: string, value: string): string {
  if (!isTimeZone(value)) {
    throw new Error(`${name} must be an IANA time zone such as Europe/Berlin or UTC, got "${value}".`);
  }
  return value;
}

function positive(name: string, value: number): number {
  if (value < 1) throw new Error(`${name} must be at least 1, got ${value}.`);
  return value;
}

function powerOfTwo(name: string, value: number): number {
  if (value < 2 || (value & (value - 1)) !== 0) {
    throw new Error(
      `${name} must be a power of two (scrypt's N), such as ${DEFAULT_PASSWORD_HASH_COST}; got ${value}.`,
    );
  }
  return value;
}

function checkJwtSecret<T extends string | undefined>(secret: T, source: string): T {
  if (secret === undefined) return secret;
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (bytes < JWT_SECRET_MIN_BYTES) {
    throw new Error(
      `${source} must be at least ${JWT_SECRET_MIN_BYTES} bytes long (it has ${bytes}). ` +
        `Generate one with: node -e "console.log(require('crypto').randomBytes(48).toString('base64url'))"`,
    );
  }
  return secret;
}

function readEnvFile(file: string | null): Env {
  if (file === null || !fs.existsSync(file)) return {};
  return parseEnv(fs.readFileSync(file, 'utf8'));
}

/** `postgres://…` stays a URL; `sqlite:<path>`, a bare path or nothing becomes a SQLite file path (or `:memory:`). */
function resolveDatabaseUrl(raw: string | undefined, dataDir: string): string {
  if (raw === undefined) return path.join(dataDir, 'db.sqlite3');
  if (isPostgresUrl(raw)) return raw;
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
    if (stored !== '') return checkJwtSecret(stored, file);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
