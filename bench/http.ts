/** The benchmarks' HTTP side: the server process, a plain keep-alive client and autocannon for load. */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';

export interface BenchServer {
  baseUrl: string;
  /** The server process's id (its CPU time is read from /proc). */
  pid: number;
  /**
   * The largest event-loop delay the server process saw (its monitorEventLoopDelay), over the whole run and since
   * the window was last reset; `resetWindow` starts a new window after answering.
   */
  eventLoopDelay(resetWindow?: boolean): Promise<{ wholeRunMs: number; windowMs: number }>;
  stop(): Promise<void>;
}

/** What run.ts asks the server process (httpServer.ts) about its event loop, and its answer. */
export interface EventLoopQuestion {
  type: 'event-loop-delay';
  resetWindow: boolean;
}
export interface EventLoopAnswer {
  type: 'event-loop-delay';
  wholeRunMs: number;
  windowMs: number;
}

/**
 * Starts bench/httpServer.ts in a child process (with the same tsx loader) and waits for its port; on the
 * benchmarks' SQLite database, or on `databaseUrl`.
 */
export function startServer(databaseUrl?: string): Promise<BenchServer> {
  const child: ChildProcess = fork(path.join(__dirname, 'httpServer.ts'), {
    stdio: 'inherit',
    env: databaseUrl === undefined ? process.env : { ...process.env, BENCH_SERVER_DATABASE_URL: databaseUrl },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the benchmark server exited with code ${code}`)));
    child.once('message', (message: { port: number }) => {
      child.removeAllListeners('exit');
      resolve({
        baseUrl: `http://127.0.0.1:${message.port}`,
        pid: child.pid!,
        eventLoopDelay: (resetWindow = false) =>
          new Promise((answered) => {
            const hear = (answer: EventLoopAnswer) => {
              if (answer.type !== 'event-loop-delay') return;
              child.off('message', hear);
              answered({ wholeRunMs: answer.wholeRunMs, windowMs: answer.windowMs });
            };
            child.on('message', hear);
            const question: EventLoopQuestion = { type: 'event-loop-delay', resetWindow };
            child.send(question);
          }),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.disconnect();
          }),
      });
    });
  });
}

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as it came over the wire (not decompressed). */
  body: Buffer;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on a kept-alive connection; the body is left as sent (compressed when the server compressed it). */
export function get(url: string, headers: Record<string, string> = {}): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface LoadResult {
  requestsPerSecond: number;
  p99: number;
  /** Responses other than 2xx, connection errors and timeouts. */
  failures: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Requests each connection sends before it waits for their answers (autocannon's default: 1). */
  pipelining?: number;
  /** Worker threads sharing the connections (autocannon's default: none, all on this thread). */
  workers?: number;
}

/** `connections` clients sending `paths` round and round for `seconds` (autocannon). */
export async function load(
  baseUrl: string,
  paths: readonly string[],
  { connections, seconds, pipelining, workers }: LoadOptions,
): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    ...(pipelining !== undefined && { pipelining }),
    ...(workers !== undefined && { workers }),
    requests: paths.map((pathAndQuery) => ({ method: 'GET', path: pathAndQuery })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Creates a chemical through the API (SERVER.md §4.3's flat body) as the holder of `token`; the benchmarks that
 * watch a write travel (liveBrowser, twoProcesses) time this call. The answer is left to the caller to read.
 */
export function postChemical(
  baseUrl: string,
  token: string,
  name: string,
  quantity: number,
): Promise<Response> {
  return fetch(`${baseUrl}/api/storeobjects/chemicalobjs/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      CAS_RN: '64-17-5',
      molecular_formula: 'C2H6O',
      purity: 99.5,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity,
    }),
  });
}
