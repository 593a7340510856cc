import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot, type FileStorageKind } from '../config';
import type { Db } from '../db';
import { createTestDatabase, TEST_PASSWORD_HASH_COST } from './testApp';

/**
 * Real server processes (`node --import tsx server/src/main.ts`, what `npm run serve` runs) serving one
 * department, for the tests of several processes: on PostgreSQL when TEST_DATABASE_URL is set (a schema of its
 * own, files in the database), otherwise on a SQLite file with the files in an upload folder both reach.
 *
 *     const department = await createDepartment({ LOGIN_RATE_LIMIT_PER_MINUTE: '4' });
 *     const [a, b] = await Promise.all([startServerProcess(department), startServerProcess(department)]);
 *     const token = await a.signIn();
 *     await fetch(`${b.url}/api/…`, { headers: { authorization: `Bearer ${token}` } });
 *     await a.kill(); // a crash, mid-stream say; `stop()` is the graceful SIGTERM
 *     afterAll(() => stopServerProcesses().then(() => department.destroy()));
 */

/** How long a process may take to answer after it is started (tsx compiles the server first). */
const START_TIMEOUT_MS = 90_000;
/** How long a process may take to end after SIGTERM before the harness kills it. */
const STOP_TIMEOUT_MS = 20_000;

export interface Department {
  /** The environment every process of the department is started with (its database, upload folder, secrets). */
  env: Record<string, string>;
  /** The department's database, to look into. */
  db: Db;
  /** Where its files are kept: `database` on PostgreSQL, `local` (a shared folder) on SQLite. */
  fileStorage: FileStorageKind;
  /** The first administrator, which the first process to start creates. */
  admin: { email: string; password: string };
  /** Drops the database and removes the folders; stop the processes first. */
  destroy: () => Promise<void>;
}

/** A fresh department: a migrated database and a folder, and `env` added to every process's environment. */
export async function createDepartment(env: Record<string, string> = {}): Promise<Department> {
  const database = await createTestDatabase({ sqliteFile: true });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-department-'));
  const admin = { email: 'admin@lab.org', password: 'department-admin-password' };
  const fileStorage: FileStorageKind = database.dialect === 'postgres' ? 'database' : 'local';
  return {
    env: {
      DATABASE_URL: database.serverUrl!,
      UPLOAD_DIR: path.join(folder, 'uploads'),
      // Every machine of a department has the same secret, or tokens signed by one are refused by the others.
      JWT_SECRET: 'department-secret-that-is-long-enough-for-hs256',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
      STATIC_DIR: path.join(folder, 'no-build'),
      ...env,
    },
    db: database.db,
    fileStorage,
    admin,
    destroy: async () => {
      await database.destroy();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far (its JSON log lines among it). */
  output: () => string;
  /**
   * The first match of `pattern` in the output from character `from` on (`output().length` before an action:
   * only what the action caused), now or once it is written; rejects when the process ends first or after
   * `timeoutMs`.
   */
  waitForOutput: (pattern: RegExp, from?: number, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** A sign-in through this process (the department's administrator unless told): the access token. */
  signIn: (email?: string, password?: string) => Promise<string>;
  /** SIGTERM (or `signal`), then the exit: a graceful stop, killed after STOP_TIMEOUT_MS. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
  /** SIGKILL, then the exit: the process dies as in a crash. */
  kill: () => Promise<Exit>;
  exited: Promise<Exit>;
}

const started = new Set<ChildProcess>();
// Should a test file end without stopping its processes (or Jest stop it), none outlives it.
process.once('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * Starts a server process of the department (`env` added to the department's; PORT is 0 unless given) and
 * resolves once it says it is running.
 */
export async function startServerProcess(
  department: Department,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ...department.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  let ended = false;
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true;
      started.delete(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
      for (const waiter of waiters) waiter();
      resolve({ code, signal });
    }),
  );

  const waitForOutput = (pattern: RegExp, from = 0, timeoutMs = START_TIMEOUT_MS) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`no ${pattern} within ${timeoutMs} ms`)), timeoutMs);
      const finish = (error: Error | null, match?: RegExpMatchArray) => {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(new Error(`${error.message}; the process wrote:\n${output}`));
        else resolve(match!);
      };
      const check = () => {
        const match = output.slice(from).match(pattern);
        if (match) finish(null, match);
        else if (ended) finish(new Error(`the process ended before writing ${pattern}`));
      };
      waiters.add(check);
      check();
    });

  const [, port] = await waitForOutput(/LabStore is running at http:\/\/localhost:(\d+)\//).catch(
    async (error: unknown) => {
      child.kill('SIGKILL');
      await exited;
      throw error;
    },
  );
  const url = `http://127.0.0.1:${port}`;

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!ended) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const exit = await exited;
    clearTimeout(timer);
    return exit;
  };

  return {
    url,
    port: Number(port),
    pid: child.pid!,
    output: () => output,
    waitForOutput,
    signIn: async (email = department.admin.email, password = department.admin.password) => {
      const response = await fetch(`${url}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (response.status !== 200)
        throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { access: string }).access;
    },
    stop,
    kill: () => stop('SIGKILL'),
    exited,
  };
}

/** Stops every process still running, gracefully (afterAll). */
export async function stopServerProcesses(): Promise<void> {
  await Promise.all(
    [...started].map(async (child) => {
      const exit = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    }),
  );
}

/**
 * The ids of a primary's worker processes, ascending: its children that run the server (tsx's esbuild service,
 * which it may start to compile, is a child too).
 */
export function workerProcesses(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(path.join('server', 'src', 'main.ts')))
      .map((line) => Number(line.trim().split(/\s+/)[0]))
      .sort((x, y) => x - y);
  } catch (error) {
    // ps exits with 1 when it lists nothing.
    if ((error as { status?: number }).status === 1) return [];
    throw error;
  }
}

/** True while a process of that id exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The JSON log lines of a process's output (pino's, the primary's), each parsed. */
export function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
