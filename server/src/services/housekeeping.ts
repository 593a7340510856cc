import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { pruneLoginFailures } from '../auth/loginThrottle';
import { pruneRateLimits } from '../auth/rateLimitStore';
import { pruneChangeEvents } from '../feed/changeLog';
import { pruneSearchChanges } from '../search/changeLog';
import { pruneAbandonedUploads } from '../storage/databaseFileStorage';
import { prunePendingImports } from './imports';

/** One thing housekeeping removes when it is no longer needed; `run` answers how many rows it removed. */
export interface PruneJob {
  name: string;
  run: () => Promise<number>;
}

export interface HousekeepingContext {
  db: Db;
  config: Pick<Config, 'searchChangesKeepHours' | 'loginLockSeconds' | 'changeEventsKeepHours'>;
  now: () => Date;
}

const HOUR_MS = 3_600_000;

/** Everything housekeeping prunes, in the order it runs: one entry per table. */
export function pruneJobs({ db, config, now }: HousekeepingContext): PruneJob[] {
  const before = (ms: number) => new Date(now().getTime() - ms);
  return [
    {
      name: 'search_changes',
      run: () => pruneSearchChanges(db, before(config.searchChangesKeepHours * HOUR_MS)),
    },
    {
      // A stream resuming from before what is kept is told to reload instead.
      name: 'change_events',
      run: () => pruneChangeEvents(db, before(config.changeEventsKeepHours * HOUR_MS)),
    },
    {
      // A pair whose last failure is older than the lock window neither locks nor counts any more.
      name: 'login_failures',
      run: () => pruneLoginFailures(db, before(config.loginLockSeconds * 1000)),
    },
    {
      // An import session nobody committed within a day was abandoned; its cells can be large.
      name: 'imports',
      run: () => prunePendingImports(db, before(24 * HOUR_MS)),
    },
    {
      // A window that has ended counts nothing: the address's next attempt starts a new one.
      name: 'rate_limits',
      run: () => pruneRateLimits(db, now()),
    },
    {
      // An upload into the database still unfinished after a day was cut off (its process stopped).
      name: 'file_blobs',
      run: () => pruneAbandonedUploads(db, before(24 * HOUR_MS)),
    },
  ];
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** Runs every job once, in order. A failing job is logged and the others still run: this never rejects. */
export async function runPruneJobs(jobs: readonly PruneJob[], log: Log): Promise<void> {
  for (const job of jobs) {
    try {
      const removed = await job.run();
      if (removed > 0) log.info({ job: job.name, removed }, 'housekeeping pruned old rows');
    } catch (error) {
      log.error({ err: error, job: job.name }, 'housekeeping job failed; it runs again next time');
    }
  }
}

export interface Housekeeping {
  /** Cancels the next run and waits for the one in progress, so the database can be closed after it. */
  stop: () => Promise<void>;
}

/**
 * Runs the jobs now, then `intervalMs` after each run ends. Scheduling the next run only when one has ended means
 * runs never overlap, which a plain setInterval (or a scheduler library) would not promise by itself; the timer
 * is unref'd so it never keeps the process alive.
 */
export function startHousekeeping(
  jobs: readonly PruneJob[],
  { intervalMs, log }: { intervalMs: number; log: Log },
): Housekeeping {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = runPruneJobs(jobs, log).then(() => {
      if (!stopped) timer = setTimeout(run, intervalMs).unref();
    });
  };
  run();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
