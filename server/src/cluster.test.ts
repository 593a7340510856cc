import { EventEmitter } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import {
  primaryLog,
  restartDelay,
  RESTART,
  runPrimary,
  runsHousekeeping,
  STOP_GRACE_MS,
  WORKER_SLOT_VARIABLE,
  type PrimaryOptions,
} from './cluster';
import {
  workerProcesses,
  createDepartment,
  isRunning,
  logLines,
  startServerProcess,
  stopServerProcesses,
  type Department,
  type ServerProcess,
} from './testing/serverProcess';

describe('restarting a worker that died', () => {
  it('waits a second after a worker that had run a while, doubling the wait for each quick death', () => {
    expect(restartDelay(null, 5)).toBe(RESTART.firstDelayMs);
    expect(restartDelay(1000, 5)).toBe(2000);
    expect(restartDelay(2000, 2500)).toBe(4000);
    expect(restartDelay(32_000, 100)).toBe(RESTART.maxDelayMs);
    expect(restartDelay(RESTART.maxDelayMs, 100)).toBe(RESTART.maxDelayMs);
    expect(restartDelay(16_000, RESTART.stableAfterMs)).toBe(RESTART.firstDelayMs);
  });

  it('keeps housekeeping in one worker', () => {
    expect([0, 1, 2, 3].map(runsHousekeeping)).toEqual([true, false, false, false]);
  });
});

it('logs the primary in the workers’ JSON shape', () => {
  const lines: string[] = [];
  primaryLog((line) => lines.push(line)).error({ worker: 42, code: 1 }, 'worker stopped');
  expect(lines).toHaveLength(1);
  expect(lines[0].endsWith('\n')).toBe(true);
  expect(JSON.parse(lines[0])).toEqual({
    level: 50,
    time: expect.any(Number),
    pid: process.pid,
    hostname: expect.any(String),
    worker: 42,
    code: 1,
    msg: 'worker stopped',
  });
});

/** node:cluster's primary side as runPrimary uses it: workers forked, listening and exiting when a test says. */
class StandInCluster extends EventEmitter {
  workers: StandInWorker[] = [];
  fork = jest.fn((env: Record<string, string>) => {
    const worker = new StandInWorker(this.workers.length + 1, Number(env[WORKER_SLOT_VARIABLE]));
    this.workers.push(worker);
    return worker;
  });
  listen(worker: StandInWorker) {
    this.emit('listening', worker, { port: 8400 });
  }
  die(worker: StandInWorker, signal: string | null = null) {
    worker.dead = true;
    this.emit('exit', worker, signal ? null : 1, signal);
  }
  /** The workers not dead, by slot. */
  alive() {
    return this.workers.filter((worker) => !worker.dead).map((worker) => worker.slot);
  }
}

class StandInWorker {
  dead = false;
  readonly process: { pid: number; kill: jest.Mock };
  constructor(
    readonly id: number,
    readonly slot: number,
  ) {
    this.process = { pid: 1000 + id, kill: jest.fn() };
  }
  isDead() {
    return this.dead;
  }
}

describe('the primary', () => {
  let cluster: StandInCluster;
  let signals: EventEmitter;
  let exit: jest.Mock;
  const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const start = (size: number, port = 0) =>
    runPrimary({
      size,
      port,
      log,
      cluster: cluster as unknown as PrimaryOptions['cluster'],
      signals,
      exit,
    });

  beforeEach(() => {
    jest.useFakeTimers();
    cluster = new StandInCluster();
    signals = new EventEmitter();
    exit = jest.fn();
    for (const entry of Object.values(log)) entry.mockReset();
  });
  afterEach(() => jest.useRealTimers());

  it('forks a worker per slot and says the server runs once every one listens', async () => {
    await start(3);
    expect(cluster.workers.map((worker) => worker.slot)).toEqual([0, 1, 2]);
    cluster.listen(cluster.workers[0]);
    cluster.listen(cluster.workers[1]);
    expect(log.info).not.toHaveBeenCalled();
    cluster.listen(cluster.workers[2]);
    expect(log.info).toHaveBeenCalledWith(
      { workers: 3 },
      'LabStore is running at http://localhost:8400/ (API docs at /api/docs) in 3 worker processes',
    );
  });

  it('replaces a worker that dies in its slot, waiting longer after each quick death', async () => {
    await start(2);
    for (const worker of cluster.workers) cluster.listen(worker);
    cluster.die(cluster.workers[1], 'SIGKILL');
    expect(log.error).toHaveBeenCalledWith(
      { worker: 1002, code: null, signal: 'SIGKILL', restartInMs: 1000 },
      'worker stopped; starting another in 1000 ms',
    );
    await jest.advanceTimersByTimeAsync(999);
    expect(cluster.alive()).toEqual([0]);
    await jest.advanceTimersByTimeAsync(1);
    expect(cluster.alive()).toEqual([0, 1]);

    // It dies again at once: twice the wait.
    cluster.die(cluster.workers[2]);
    await jest.advanceTimersByTimeAsync(1999);
    expect(cluster.alive()).toEqual([0]);
    await jest.advanceTimersByTimeAsync(1);
    expect(cluster.alive()).toEqual([0, 1]);

    // After running a while, a death waits the first delay again.
    await jest.advanceTimersByTimeAsync(RESTART.stableAfterMs);
    cluster.die(cluster.workers[3]);
    await jest.advanceTimersByTimeAsync(1000);
    expect(cluster.alive()).toEqual([0, 1]);
    expect(exit).not.toHaveBeenCalled();
  });

  it('stops everything with 1 when a worker dies before the server is up', async () => {
    await start(2);
    cluster.listen(cluster.workers[0]);
    cluster.die(cluster.workers[1]);
    expect(log.error).toHaveBeenCalledWith(
      { worker: 1002, code: 1, signal: null },
      'a worker stopped before the server was up; stopping',
    );
    expect(cluster.workers[0].process.kill).toHaveBeenCalledWith('SIGTERM');
    expect(exit).not.toHaveBeenCalled();
    cluster.die(cluster.workers[0]);
    expect(exit).toHaveBeenCalledWith(1);
    await jest.advanceTimersByTimeAsync(RESTART.maxDelayMs);
    expect(cluster.fork).toHaveBeenCalledTimes(2);
  });

  it('on SIGTERM stops every worker, kills one still busy after the grace, starts none, then exits with 0', async () => {
    await start(3);
    for (const worker of cluster.workers) cluster.listen(worker);
    cluster.die(cluster.workers[2]);
    signals.emit('SIGTERM');
    const [first, second] = cluster.workers;
    for (const worker of [first, second]) expect(worker.process.kill).toHaveBeenCalledWith('SIGTERM');
    cluster.die(first);
    await jest.advanceTimersByTimeAsync(STOP_GRACE_MS);
    expect(first.process.kill).not.toHaveBeenCalledWith('SIGKILL');
    expect(second.process.kill).toHaveBeenCalledWith('SIGKILL');
    expect(exit).not.toHaveBeenCalled();
    cluster.die(second, 'SIGKILL');
    expect(exit).toHaveBeenCalledWith(0);
    expect(cluster.fork).toHaveBeenCalledTimes(3);
  });

  it('starts no worker when its port is taken, failing as one process would', async () => {
    jest.useRealTimers();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
    try {
      await expect(start(2, (taken.address() as AddressInfo).port)).rejects.toThrow(
        expect.objectContaining({ code: 'EADDRINUSE' }),
      );
      expect(cluster.fork).not.toHaveBeenCalled();
    } finally {
      taken.close();
    }
  });
});

describe('WEB_CONCURRENCY=2', () => {
  let department: Department;
  let server: ServerProcess;
  beforeAll(async () => {
    department = await createDepartment();
    // LOG_LEVEL=debug: a line per request, which names the worker that answered it.
    server = await startServerProcess(department, { WEB_CONCURRENCY: '2', LOG_LEVEL: 'debug' });
    // The primary says the server runs once both listen; each worker's own line may follow.
    await server.waitForOutput(/"msg":"worker ready"[^]*"msg":"worker ready"/);
  }, 120_000);
  afterAll(async () => {
    await stopServerProcesses();
    await department?.destroy();
  }, 60_000);

  /** The workers that said they were ready from character `from` of the output on, by slot. */
  const readyWorkers = (from = 0) =>
    logLines(server.output().slice(from))
      .filter((line) => line.msg === 'worker ready')
      .map((line) => ({ pid: line.pid as number, slot: line.slot as number }));

  /** Asks on a connection of its own (the cluster hands each new connection to the next worker). */
  const ask = (probe: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(`${server.url}/api/calendar/?probe=${probe}`, { agent: false }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });
  /** The processes that logged the request of `probe`. */
  const answeredBy = (probe: string) =>
    logLines(server.output())
      .filter((line) => (line.req as { url?: string } | undefined)?.url === `/api/calendar/?probe=${probe}`)
      .map((line) => line.pid);

  it('serves from two worker processes sharing one port, both answering', async () => {
    expect(server.output()).toMatch(
      /LabStore is running at http:\/\/localhost:\d+\/ .* in 2 worker processes/,
    );
    const workers = readyWorkers();
    expect(workers.map((worker) => worker.slot).sort()).toEqual([0, 1]);
    expect(workerProcesses(server.pid)).toEqual(workers.map((worker) => worker.pid).sort((x, y) => x - y));

    const probes = ['p0', 'p1', 'p2', 'p3'];
    for (const probe of probes) expect(await ask(probe)).toBe(200);
    const answering = new Set(probes.flatMap(answeredBy));
    expect([...answering].sort()).toEqual(workers.map((worker) => worker.pid).sort());
  });

  it('starts another worker in the place of one that dies, and keeps answering', async () => {
    const [victim] = readyWorkers();
    const from = server.output().length;
    process.kill(victim.pid, 'SIGKILL');
    await server.waitForOutput(/"msg":"worker stopped; starting another in 1000 ms"/, from);
    await server.waitForOutput(new RegExp(`"slot":${victim.slot},[^\\n]*"msg":"worker ready"`), from);
    const [replacement] = readyWorkers(from);
    expect(replacement.slot).toBe(victim.slot);
    expect(replacement.pid).not.toBe(victim.pid);
    expect(workerProcesses(server.pid)).toContain(replacement.pid);
    expect(workerProcesses(server.pid)).toHaveLength(2);
    for (const probe of ['r0', 'r1']) expect(await ask(probe)).toBe(200);
  });

  it('stops its workers, then itself, on SIGTERM', async () => {
    const workers = workerProcesses(server.pid);
    expect(workers).toHaveLength(2);
    const from = server.output().length;
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    const stopping = logLines(server.output().slice(from)).filter(
      (line) => line.msg === 'SIGTERM received, shutting down',
    );
    expect(stopping.map((line) => line.pid).sort()).toEqual([...workers].sort());
    for (const pid of workers) expect(isRunning(pid)).toBe(false);
  });
});
