import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import os from 'node:os';
import { runningMessage } from './serve';

/**
 * WEB_CONCURRENCY > 1: this process (the primary) forks that many workers, which each build the app and listen on
 * the same port (node:cluster hands the connections round-robin to them). The primary has migrated the database
 * and created the first administrator before, and serves nothing itself; it restarts a worker that dies and stops
 * them all on SIGTERM or SIGINT.
 */

/** Tells a worker its place, 0 to WEB_CONCURRENCY − 1: a restarted worker takes the place of the one it replaces. */
export const WORKER_SLOT_VARIABLE = 'LABSTORE_WORKER_SLOT';

/** The worker's place (cluster.ts' WORKER_SLOT_VARIABLE); 0 outside a cluster. */
export function workerSlot(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env[WORKER_SLOT_VARIABLE] ?? 0);
}

/**
 * Housekeeping runs once per department, not once per worker: in the worker of slot 0, and again in its
 * replacement when it dies.
 */
export const runsHousekeeping = (slot: number): boolean => slot === 0;

export const RESTART = {
  /** The wait before restarting a worker that died after running a while. */
  firstDelayMs: 1000,
  /** Each death soon after the last restart doubles the wait, up to this. */
  maxDelayMs: 60_000,
  /** A worker that lived this long was fine: its death starts again from the first delay. */
  stableAfterMs: 30_000,
};

/**
 * The wait before restarting a worker that died after `livedMs`: short for a worker that had run a while, doubled
 * for each quick death after it (a worker that cannot start, say because the database is down, is retried ever
 * more slowly rather than in a tight loop).
 */
export function restartDelay(previousDelayMs: number | null, livedMs: number): number {
  if (previousDelayMs === null || livedMs >= RESTART.stableAfterMs) return RESTART.firstDelayMs;
  return Math.min(previousDelayMs * 2, RESTART.maxDelayMs);
}

/** How long a worker may take to finish its requests after SIGTERM before it is killed. */
export const STOP_GRACE_MS = 10_000;

type Level = 'info' | 'warn' | 'error';
const LEVELS: Record<Level, number> = { info: 30, warn: 40, error: 50 };

/**
 * The primary's log: JSON lines in the shape of the workers' (Fastify's pino), so one reader takes both. The
 * primary builds no app, so it has no pino logger of its own.
 */
export function primaryLog(write: (line: string) => void = (line) => process.stdout.write(line)) {
  const hostname = os.hostname();
  const entry = (level: Level) => (fields: object, msg: string) =>
    write(
      `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, hostname, ...fields, msg })}\n`,
    );
  return { info: entry('info'), warn: entry('warn'), error: entry('error') };
}

export type PrimaryLog = ReturnType<typeof primaryLog>;

interface Slot {
  worker: Worker;
  startedAt: number;
  /** The wait before this slot's last restart; null until it needed one. */
  delayMs: number | null;
  exited: boolean;
}

/**
 * Fails as a single process would (EADDRINUSE, EACCES) when the port cannot be listened on. Workers cannot tell
 * this to the primary reliably: node:cluster's primary binds the shared port for them and, when that fails, may
 * leave a worker waiting for the port forever, or fail itself on an unhandled error.
 */
async function checkPort(port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, resolve);
  });
  await new Promise((resolve) => probe.close(resolve));
}

export interface PrimaryOptions {
  /** WEB_CONCURRENCY. */
  size: number;
  /** PORT: checked before any worker starts. */
  port: number;
  log?: PrimaryLog;
  /** node:cluster; tests pass a stand-in, and their own `signals` and `exit`. */
  cluster?: Pick<typeof cluster, 'fork' | 'on'>;
  /** Where SIGTERM and SIGINT arrive. */
  signals?: Pick<NodeJS.EventEmitter, 'once'>;
  /** Ends the primary once its workers have stopped. */
  exit?: (code: number) => void;
  now?: () => number;
}

/**
 * Forks the workers and looks after them until SIGTERM or SIGINT, which stop them (killed after STOP_GRACE_MS)
 * and then the primary, with 0. A worker that dies is replaced after restartDelay; one that dies before every
 * worker has listened once means the server cannot start (its configuration or database), so everything stops,
 * with 1. Rejects when the port cannot be listened on.
 */
export async function runPrimary({
  size,
  port,
  log = primaryLog(),
  cluster: workers = cluster,
  signals = process,
  exit = (code) => process.exit(code),
  now = Date.now,
}: PrimaryOptions): Promise<void> {
  await checkPort(port);
  const slots: Slot[] = [];
  const slotOf = new Map<number, number>();
  const listened = new Set<number>();
  const restarts = new Set<NodeJS.Timeout>();
  let up = false;
  let stopping = false;
  let exitCode = 0;

  const fork = (slot: number) => {
    const worker = workers.fork({ [WORKER_SLOT_VARIABLE]: String(slot) });
    slotOf.set(worker.id, slot);
    slots[slot] = { worker, startedAt: now(), delayMs: slots[slot]?.delayMs ?? null, exited: false };
  };
  const running = () => slots.filter((slot) => !slot.exited);

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of restarts) clearTimeout(timer);
    if (running().length === 0) return exit(exitCode);
    for (const { worker } of running()) {
      worker.process.kill('SIGTERM');
      setTimeout(() => {
        if (worker.isDead()) return;
        log.warn({ worker: worker.process.pid }, `worker still busy after ${STOP_GRACE_MS} ms; killing it`);
        worker.process.kill('SIGKILL');
      }, STOP_GRACE_MS).unref();
    }
  };

  workers.on('listening', (worker, address) => {
    if (up) return;
    listened.add(slotOf.get(worker.id)!);
    if (listened.size === size) {
      up = true;
      log.info({ workers: size }, `${runningMessage(address.port)} in ${size} worker processes`);
    }
  });

  workers.on('exit', (worker, code, signal) => {
    const slotIndex = slotOf.get(worker.id)!;
    const slot = slots[slotIndex];
    slot.exited = true;
    if (stopping) {
      if (running().length === 0) exit(exitCode);
      return;
    }
    const stopped = { worker: worker.process.pid, code, signal };
    if (!up) {
      log.error(stopped, 'a worker stopped before the server was up; stopping');
      stop(1);
      return;
    }
    const delayMs = restartDelay(slot.delayMs, now() - slot.startedAt);
    slot.delayMs = delayMs;
    log.error({ ...stopped, restartInMs: delayMs }, `worker stopped; starting another in ${delayMs} ms`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork(slotIndex);
    }, delayMs);
    restarts.add(timer);
  });

  signals.once('SIGINT', () => stop(0));
  signals.once('SIGTERM', () => stop(0));
  for (let slot = 0; slot < size; slot += 1) fork(slot);
}
