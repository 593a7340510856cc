import { buildApp } from '../app';
import type { DatabaseHandle } from '../db';
import { countHit } from '../auth/rateLimitStore';
import { insertInstrumentStock } from '../testing/stockRows';
import { createTestDatabase, testConfig } from '../testing/testApp';
import { changeEventsPrunedThrough } from '../feed/changeLog';
import { pruneJobs, startHousekeeping, type Housekeeping, type PruneJob } from './housekeeping';

const HOUR_MS = 3_600_000;

describe('startHousekeeping', () => {
  const log = { info: jest.fn(), error: jest.fn() };
  let housekeeping: Housekeeping | undefined;

  beforeEach(() => {
    jest.useFakeTimers();
    log.info.mockReset();
    log.error.mockReset();
  });
  afterEach(async () => {
    await housekeeping?.stop();
    housekeeping = undefined;
    jest.useRealTimers();
  });

  const countingJob = (name: string, removed = 0) => {
    const job = { name, runs: 0, run: async () => (job.runs += 1) && removed };
    return job;
  };

  it('runs every job at start, then once per interval, and logs what it removed', async () => {
    const first = countingJob('first', 3);
    const second = countingJob('second');
    housekeeping = startHousekeeping([first, second], { intervalMs: 1000, log });
    await jest.advanceTimersByTimeAsync(0);
    expect([first.runs, second.runs]).toEqual([1, 1]);
    expect(log.info).toHaveBeenCalledWith({ job: 'first', removed: 3 }, 'housekeeping pruned old rows');
    expect(log.info).toHaveBeenCalledTimes(1);

    await jest.advanceTimersByTimeAsync(999);
    expect(first.runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect([first.runs, second.runs]).toEqual([2, 2]);
    await jest.advanceTimersByTimeAsync(3000);
    expect([first.runs, second.runs]).toEqual([5, 5]);
  });

  it('logs a failing job and still runs the others, and the failing one again next time', async () => {
    const failure = new Error('database is locked');
    let failures = 0;
    const failing: PruneJob = {
      name: 'failing',
      run: async () => {
        failures += 1;
        throw failure;
      },
    };
    const after = countingJob('after');
    housekeeping = startHousekeeping([failing, after], { intervalMs: 1000, log });
    await jest.advanceTimersByTimeAsync(1000);
    expect(failures).toBe(2);
    expect(after.runs).toBe(2);
    expect(log.error).toHaveBeenCalledWith(
      { err: failure, job: 'failing' },
      'housekeeping job failed; it runs again next time',
    );
  });

  /** A job whose every run lasts until `finish()` is called. */
  const slowJob = () => {
    const job = {
      name: 'slow',
      runs: 0,
      finish: () => {},
      run: () => {
        job.runs += 1;
        return new Promise<number>((resolve) => (job.finish = () => resolve(0)));
      },
    };
    return job;
  };

  it('never starts a run while the previous one is still going', async () => {
    const slow = slowJob();
    housekeeping = startHousekeeping([slow], { intervalMs: 1000, log });
    await jest.advanceTimersByTimeAsync(10_000);
    expect(slow.runs).toBe(1);
    slow.finish();
    await jest.advanceTimersByTimeAsync(999);
    expect(slow.runs).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(slow.runs).toBe(2);
    slow.finish();
  });

  it('stops: waits for the run in progress and runs no more', async () => {
    const slow = slowJob();
    housekeeping = startHousekeeping([slow], { intervalMs: 1000, log });
    let stopped = false;
    const stopping = housekeeping.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    slow.finish();
    await stopping;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(slow.runs).toBe(1);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('never keeps the process alive with its timer', async () => {
    const setTimeoutSpy = jest.spyOn(global, 'setTimeout');
    housekeeping = startHousekeeping([countingJob('job')], { intervalMs: 1000, log });
    await jest.advanceTimersByTimeAsync(0);
    const timers = setTimeoutSpy.mock.results.map((result) => result.value as NodeJS.Timeout);
    expect(timers).toHaveLength(1);
    expect(timers[0].hasRef()).toBe(false);
    setTimeoutSpy.mockRestore();
  });
});

describe('pruning search-change notes', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  const noteTimes = async () =>
    (await database.db.selectFrom('search_changes').select('created_at').orderBy('seq').execute()).map(
      (row) => row.created_at,
    );
  const noteAged = async (hours: number) => {
    const id = await insertInstrumentStock(database.db, { name: `Burette ${hours}` }, { logChange: false });
    const created_at = new Date(Date.now() - hours * HOUR_MS).toISOString();
    await database.db
      .insertInto('search_changes')
      .values({ object_type: 'INSTRUMENT', object_id: id, created_at })
      .execute();
    return created_at;
  };

  it('keeps the notes of the last SEARCH_CHANGES_KEEP_HOURS, by the app clock', async () => {
    await noteAged(30);
    const recent = await noteAged(10);
    const fresh = await noteAged(0);
    const jobs = pruneJobs({
      db: database.db,
      config: { searchChangesKeepHours: 24, loginLockSeconds: 900, changeEventsKeepHours: 168 },
      now: () => new Date(),
    });
    expect(jobs.map((job) => job.name)).toEqual([
      'search_changes',
      'change_events',
      'login_failures',
      'imports',
      'rate_limits',
      'file_blobs',
    ]);
    expect(await jobs[0].run()).toBe(1);
    expect(await noteTimes()).toEqual([recent, fresh]);

    const later = pruneJobs({
      db: database.db,
      config: { searchChangesKeepHours: 24, loginLockSeconds: 900, changeEventsKeepHours: 168 },
      now: () => new Date(Date.now() + 20 * HOUR_MS),
    });
    expect(await later[0].run()).toBe(1);
    expect(await noteTimes()).toEqual([fresh]);
  });

  it('runs in the server (at start, stopped on close) and not in apps built without it', async () => {
    await noteAged(30);
    const build = (housekeeping: boolean) =>
      buildApp({ config: testConfig(), database, logger: false, housekeeping });

    const withoutHousekeeping = await build(false);
    await withoutHousekeeping.ready();
    await withoutHousekeeping.close();
    expect(await noteTimes()).toHaveLength(1);

    const server = await build(true);
    await server.ready();
    // Closing waits for the first run, which started when the app became ready.
    await server.close();
    expect(await noteTimes()).toEqual([]);
  });
});

describe('pruning change events', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it('keeps the events of the last CHANGE_EVENTS_KEEP_HOURS and raises the watermark past those it removes', async () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    const eventAged = (hoursAgo: number) => ({
      topic: 'location',
      action: 'created',
      ids: '[1]',
      created_at: new Date(now.getTime() - hoursAgo * HOUR_MS).toISOString(),
    });
    await database.db
      .insertInto('change_events')
      .values([eventAged(200), eventAged(169), eventAged(167), eventAged(1)])
      .execute();

    const job = pruneJobs({
      db: database.db,
      config: { searchChangesKeepHours: 24, loginLockSeconds: 900, changeEventsKeepHours: 168 },
      now: () => now,
    }).find((candidate) => candidate.name === 'change_events')!;
    expect(await job.run()).toBe(2);
    const left = await database.db.selectFrom('change_events').select('seq').orderBy('seq').execute();
    expect(left.map((row) => Number(row.seq))).toEqual([3, 4]);
    expect(await changeEventsPrunedThrough(database.db)).toBe(2);
    // Nothing older is left: the watermark stays where it is.
    expect(await job.run()).toBe(0);
    expect(await changeEventsPrunedThrough(database.db)).toBe(2);
  });
});

describe('pruning login failures', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it('forgets the (address, e-mail) pairs whose last failure is older than the lock window', async () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    const failedAgo = (ip: string, seconds: number) => ({
      ip,
      email_lower: 'admin@lab.org',
      failures: 5,
      last_failure_at: new Date(now.getTime() - seconds * 1000).toISOString(),
    });
    await database.db
      .insertInto('login_failures')
      .values([failedAgo('10.0.0.1', 901), failedAgo('10.0.0.2', 899)])
      .execute();

    const job = pruneJobs({
      db: database.db,
      config: { searchChangesKeepHours: 24, loginLockSeconds: 900, changeEventsKeepHours: 168 },
      now: () => now,
    }).find((candidate) => candidate.name === 'login_failures')!;
    expect(await job.run()).toBe(1);
    const left = await database.db.selectFrom('login_failures').select('ip').execute();
    expect(left).toEqual([{ ip: '10.0.0.2' }]);
  });
});

describe('pruning import sessions', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it('removes sessions left uncommitted for a day, and keeps every committed import', async () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    const importOpened = (hoursAgo: number, status: 'PENDING' | 'COMMITTED') => ({
      object_type: 'CHEMICAL' as const,
      file_name: `${status}-${hoursAgo}.csv`,
      created_at: new Date(now.getTime() - hoursAgo * HOUR_MS).toISOString(),
      user_id: null,
      user_email: 'ann@lab.org',
      status,
      headers: '["name"]',
      cells: status === 'PENDING' ? '[["Ethanol"]]' : null,
      row_count: 1,
    });
    const [pruned] = await database.db
      .insertInto('imports')
      .values([importOpened(25, 'PENDING'), importOpened(23, 'PENDING'), importOpened(48, 'COMMITTED')])
      .returning('id')
      .execute();

    const job = pruneJobs({
      db: database.db,
      config: { searchChangesKeepHours: 24, loginLockSeconds: 900, changeEventsKeepHours: 168 },
      now: () => now,
    }).find((candidate) => candidate.name === 'imports')!;
    expect(await job.run()).toBe(1);
    const left = await database.db.selectFrom('imports').select('file_name').orderBy('id').execute();
    expect(left).toEqual([{ file_name: 'PENDING-23.csv' }, { file_name: 'COMMITTED-48.csv' }]);
    // The imports list open in a store manager's tab drops the session it showed.
    const events = await database.db.selectFrom('change_events').select(['topic', 'action', 'ids']).execute();
    expect(events).toEqual([{ topic: 'import', action: 'deleted', ids: JSON.stringify([pruned.id]) }]);
    // Nothing left to prune: no event.
    expect(await job.run()).toBe(0);
    expect(await database.db.selectFrom('change_events').select('seq').execute()).toHaveLength(1);
  });
});

describe('pruning rate-limit counters and abandoned uploads', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  const job = (name: string, now: Date) =>
    pruneJobs({
      db: database.db,
      config: { searchChangesKeepHours: 24, loginLockSeconds: 900, changeEventsKeepHours: 168 },
      now: () => now,
    }).find((candidate) => candidate.name === name)!;

  it('forgets the counters whose window has ended', async () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    await countHit(database.db, 'sign-in:10.0.0.1', 60_000, new Date(now.getTime() - 61_000));
    await countHit(database.db, 'sign-in:10.0.0.2', 60_000, new Date(now.getTime() - 59_000));
    expect(await job('rate_limits', now).run()).toBe(1);
    expect(await database.db.selectFrom('rate_limits').select('key').execute()).toEqual([
      { key: 'sign-in:10.0.0.2' },
    ]);
  });

  it('removes uploads into the database cut off over a day ago, and keeps finished files', async () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    const blob = (name: string, size_bytes: number, hoursAgo: number) => ({
      name,
      size_bytes,
      created_at: new Date(now.getTime() - hoursAgo * HOUR_MS).toISOString(),
    });
    await database.db
      .insertInto('file_blobs')
      .values([blob('cut-off.pdf', -1, 25), blob('arriving.pdf', -1, 1), blob('old.pdf', 3, 100)])
      .execute();
    await database.db
      .insertInto('file_blob_chunks')
      .values({ name: 'cut-off.pdf', chunk: 0, data: Buffer.from('par') })
      .execute();
    expect(await job('file_blobs', now).run()).toBe(1);
    const left = await database.db.selectFrom('file_blobs').select('name').orderBy('name').execute();
    expect(left).toEqual([{ name: 'arriving.pdf' }, { name: 'old.pdf' }]);
    expect(await database.db.selectFrom('file_blob_chunks').selectAll().execute()).toEqual([]);
  });
});
