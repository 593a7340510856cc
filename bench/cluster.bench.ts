/**
 * Issue 25's target for several processes on one machine, one of run.ts's benchmarks: the typo searches of
 * run.ts's `underLoad` at its 10 connections, against the product started as `npm run serve` starts it
 * (server/src/main.ts) with WEB_CONCURRENCY=1 and with WEB_CONCURRENCY=2 (node:cluster, one port), both on the
 * benchmarks' database; requests/s of each and their ratio, target ≥ 1.7.
 *
 * The load generator runs on the same machine and needs CPU too, so each load is measured with each generator at
 * hand (autocannon as run.ts uses it, with pipelining, with worker threads, and wrk when installed), one process
 * and two in turn, with the CPU time the server processes and the generator used meanwhile (from /proc, and
 * process.cpuUsage for autocannon, which runs in this process): what the machine had left for the servers shows
 * what limits the ratio.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { projectRoot } from '../server/src/config';
import { workerProcesses } from '../server/src/testing/serverProcess';
import { cpuSeconds, machineCpuSeconds, ownCpuSeconds } from './cpu';
import { load, type LoadOptions, type LoadResult } from './http';
import { ms, type Measurement } from './report';

const CONNECTIONS = 10;
/**
 * The length of each load. Each configuration gets two, in the order 1, 2, 2, 1 processes, so that a drift in what
 * else the machine does weighs on both alike.
 */
const SECONDS = 5;
const MEASURED_SECONDS = 2 * SECONDS;
/** Each process's first search loads its index: a load of this long first, untimed, on each server. */
const WARM_UP_SECONDS = 5;
const RATIO_TARGET = 1.7;
const START_TIMEOUT_MS = 90_000;

const execFileAsync = promisify(execFile);

interface ServerUnderLoad {
  baseUrl: string;
  /** The CPU seconds of the process and its workers so far. */
  cpu: () => number;
  stop: () => Promise<void>;
}

/**
 * `node --import tsx server/src/main.ts` (what `npm run serve` runs) on the database at `databaseUrl` with
 * WEB_CONCURRENCY=`processes`, on a free port. Not the tests' serverProcess.ts harness, which keeps what the
 * process writes in memory: under load the product logs every request, so here the log goes to a file, as an
 * operator's would, and costs this process (the load generator's) nothing.
 */
async function startProduct(
  databaseUrl: string,
  jwtSecret: string,
  processes: number,
  folder: string,
): Promise<ServerUnderLoad> {
  const logFile = path.join(folder, `serve-${processes}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: fs.mkdtempSync(path.join(folder, 'data-')),
      JWT_SECRET: jwtSecret,
      PORT: '0',
      WEB_CONCURRENCY: String(processes),
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  const started = Date.now();
  let port: string | undefined;
  while (port === undefined) {
    port = /LabStore is running at http:\/\/localhost:(\d+)\//.exec(fs.readFileSync(logFile, 'utf8'))?.[1];
    if (port !== undefined) break;
    if (ended || Date.now() - started > START_TIMEOUT_MS) {
      child.kill('SIGKILL');
      throw new Error(
        `the server (WEB_CONCURRENCY=${processes}) did not start:\n${fs.readFileSync(logFile, 'utf8')}`,
      );
    }
    await sleep(100);
  }
  const pid = child.pid!;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    cpu: () => [pid, ...workerProcesses(pid)].reduce((sum, each) => sum + cpuSeconds(each), 0),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface GeneratorRun extends LoadResult {
  /** The generator's CPU seconds. */
  cpu: number;
}

interface Generator {
  name: string;
  run: (baseUrl: string, paths: readonly string[]) => Promise<GeneratorRun>;
}

/** autocannon in this process, `options` added to run.ts's. */
function autocannon(name: string, options: Partial<LoadOptions> = {}): Generator {
  return {
    name,
    async run(baseUrl, paths) {
      const before = ownCpuSeconds();
      const result = await load(baseUrl, paths, { connections: CONNECTIONS, seconds: SECONDS, ...options });
      return { ...result, cpu: ownCpuSeconds() - before };
    },
  };
}

/** A duration as wrk prints it (`812.00us`, `12.34ms`, `1.02s`), in ms. */
function wrkDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (match === null) throw new Error(`wrk printed a duration "${text}"`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * scale;
}

/** Seconds as bash's `times` prints them, `0m1.234s`. */
function bashSeconds(text: string): number {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  if (match === null) throw new Error(`bash printed a time "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * wrk, one thread, sending `paths` in turn on each connection (a Lua script). Its CPU time is what bash's `times`
 * says its children used.
 */
function wrk(folder: string): Generator {
  return {
    name: 'wrk, 1 thread',
    async run(baseUrl, paths) {
      const script = path.join(folder, 'paths.lua');
      fs.writeFileSync(
        script,
        `local paths = {${paths.map((each) => JSON.stringify(each)).join(',\n')}}\n` +
          'local next = 0\n' +
          'request = function()\n' +
          '  next = next % #paths + 1\n' +
          '  return wrk.format("GET", paths[next])\n' +
          'end\n',
      );
      const { stdout } = await execFileAsync('bash', [
        '-c',
        'wrk "$@" && times',
        'wrk',
        '--threads=1',
        `--connections=${CONNECTIONS}`,
        `--duration=${SECONDS}s`,
        '--latency',
        `--script=${script}`,
        baseUrl,
      ]);
      const figure = (pattern: RegExp) => pattern.exec(stdout)?.[1];
      const requestsPerSecond = Number(figure(/Requests\/sec:\s+([\d.]+)/));
      const lines = stdout.trim().split('\n');
      // The latency distribution's line `    99%   12.34ms`.
      const p99 = lines
        .find((line) => line.trim().startsWith('99%'))
        ?.trim()
        .split(/\s+/)[1];
      const times = lines[lines.length - 1].trim().split(/\s+/);
      if (Number.isNaN(requestsPerSecond) || p99 === undefined || times.length !== 2)
        throw new Error(`wrk printed:\n${stdout}`);
      const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
      return {
        requestsPerSecond,
        p99: wrkDuration(p99),
        failures:
          Number(figure(/Non-2xx or 3xx responses: (\d+)/) ?? 0) +
          (errors === null ? 0 : errors.slice(1).reduce((sum, count) => sum + Number(count), 0)),
        cpu: bashSeconds(times[0]) + bashSeconds(times[1]),
      };
    },
  };
}

async function hasWrk(): Promise<boolean> {
  try {
    await execFileAsync('wrk', ['--version']);
    return true;
  } catch (error) {
    // wrk --version prints its usage and exits with 1.
    return (error as { code?: unknown }).code === 1;
  }
}

interface Figures {
  run: GeneratorRun;
  /** The server processes' CPU seconds meanwhile. */
  serverCpu: number;
  /** Every process's on the machine, these and the generator included. */
  machineCpu: number;
  /** The wall time they were read over (the load, with the generator's start and end). */
  seconds: number;
}

async function measure(
  server: ServerUnderLoad,
  generator: Generator,
  paths: readonly string[],
): Promise<Figures> {
  const [before, machineBefore, started] = [server.cpu(), machineCpuSeconds(), performance.now()];
  const result = await generator.run(server.baseUrl, paths);
  return {
    run: result,
    serverCpu: server.cpu() - before,
    machineCpu: machineCpuSeconds() - machineBefore,
    seconds: (performance.now() - started) / 1000,
  };
}

/** A configuration's two loads as one: requests/s averaged, the worse p99, failures and CPU added up. */
function together(first: Figures, second: Figures): Figures {
  return {
    run: {
      requestsPerSecond: (first.run.requestsPerSecond + second.run.requestsPerSecond) / 2,
      p99: Math.max(first.run.p99, second.run.p99),
      failures: first.run.failures + second.run.failures,
      cpu: first.run.cpu + second.run.cpu,
    },
    serverCpu: first.serverCpu + second.serverCpu,
    machineCpu: first.machineCpu + second.machineCpu,
    seconds: first.seconds + second.seconds,
  };
}

const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')} req/s`;

function describe({ run: result, serverCpu, machineCpu, seconds }: Figures): string {
  const cores = (cpu: number) => (cpu / seconds).toFixed(2);
  const perRequest = (serverCpu * 1000) / (result.requestsPerSecond * MEASURED_SECONDS);
  return (
    `${perSecond(result.requestsPerSecond)} (p99 ${ms(result.p99)}; server ${cores(serverCpu)} cores, ` +
    `${perRequest.toFixed(2)} ms CPU/request; generator ${cores(result.cpu)} cores; the machine's ` +
    `${os.cpus().length} cores ${cores(machineCpu)} busy)` +
    (result.failures > 0 ? `, ${result.failures} failed` : '')
  );
}

/**
 * The typo searches `paths` against one process and against two on `databaseUrl` (the server processes sign with
 * `jwtSecret`), with each generator; the target holds for the generator that cost the least CPU per request,
 * whose figure is the least the generator's.
 */
export async function measureClusterThroughput(
  databaseUrl: string,
  jwtSecret: string,
  paths: readonly string[],
): Promise<Measurement[]> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-bench-cluster-'));
  const servers: ServerUnderLoad[] = [];
  try {
    const generators = [
      autocannon('autocannon'),
      autocannon('autocannon, pipelining 4', { pipelining: 4 }),
      autocannon('autocannon, 2 worker threads', { workers: 2 }),
      ...((await hasWrk()) ? [wrk(folder)] : []),
    ];
    for (const processes of [1, 2])
      servers.push(await startProduct(databaseUrl, jwtSecret, processes, folder));
    for (const server of servers) {
      await load(server.baseUrl, paths, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
    }
    const measured: { generator: Generator; one: Figures; two: Figures }[] = [];
    for (const generator of generators) {
      const oneFirst = await measure(servers[0], generator, paths);
      const twoFirst = await measure(servers[1], generator, paths);
      const twoSecond = await measure(servers[1], generator, paths);
      const oneSecond = await measure(servers[0], generator, paths);
      measured.push({
        generator,
        one: together(oneFirst, oneSecond),
        two: together(twoFirst, twoSecond),
      });
    }
    // The generator whose own work takes the least from the servers: its ratio is the least the generator's.
    const cpuPerRequest = ({ one, two }: (typeof measured)[number]) =>
      (one.run.cpu + two.run.cpu) /
      ((one.run.requestsPerSecond + two.run.requestsPerSecond) * MEASURED_SECONDS);
    const judged = measured.reduce((best, each) => (cpuPerRequest(each) < cpuPerRequest(best) ? each : best));
    return measured.map((each) => {
      const { generator, one, two } = each;
      const ratio = two.run.requestsPerSecond / one.run.requestsPerSecond;
      return {
        name:
          `typo searches, WEB_CONCURRENCY=2 beside 1 (main.ts, ${CONNECTIONS} connections, 2 × ${SECONDS} s ` +
          `each in the order 1, 2, 2, 1, ${paths.length} URLs in turn), load from ${generator.name}`,
        measured:
          `1 process ${describe(one)}; 2 processes ${describe(two)}: ${ratio.toFixed(2)}×` +
          (each === judged
            ? ' (the generator costing least CPU per request: the target is judged here)'
            : ''),
        ...(each === judged && {
          target: `≥ ${RATIO_TARGET}×`,
          pass: one.run.failures + two.run.failures === 0 && ratio >= RATIO_TARGET,
        }),
      };
    });
  } finally {
    for (const server of servers) await server.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
