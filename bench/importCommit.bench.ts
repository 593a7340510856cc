/**
 * The largest allowed import committed while others read (issue "Hardening II", item 3), called from run.ts:
 * against a server process over HTTP, a chemical CSV of MAX_IMPORT_ROWS new records is uploaded, previewed and
 * committed while READERS clients request, in turn, a Store page, the location tree and the health check, each
 * asking again as soon as it has its answer (as browsers and a load balancer would), and one more stages shipment
 * lines the same way (a write, which on SQLite waits for the commit's end). Reports the commit's duration, the
 * reads' p50/p99, the health check's answers by status and the writes' waits. run.ts runs it on the benchmarks'
 * SQLite database and, with BENCH_DATABASE_URL=postgres://…, again on PostgreSQL (postgres.ts' `onPostgres`).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { signToken } from '../server/src/auth/jwt';
import type { Db } from '../server/src/db';
import { insertUser } from '../server/src/db/repositories/users';
import { MAX_IMPORT_ROWS } from '../server/src/services/imports';
import { multipartBody } from '../server/src/testing/multipart';
import { deliveryCsv } from './imports.bench';
import { ms, type Measurement } from './report';
import { percentile } from './stats';

const READERS = 4;
const READ_P99_TARGET_MS = 250;
const READ_PATHS = ['/api/storeobjects/chemicalobjs/?limit=100', '/api/management/consumers-tree/'];
const HEALTH_PATH = '/api/health/';

const STAGING_PATH = '/api/management/chemical-temp-shipment/';

// Readers, the writer and the importer each on a connection of their own, kept alive like a browser's.
const agent = new http.Agent({ keepAlive: true, maxSockets: READERS + 2 });

interface Answer {
  status: number;
  body: Buffer;
  elapsed: number;
}

function send(
  url: string,
  {
    method = 'GET',
    body,
    headers = {},
  }: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          elapsed: performance.now() - started,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

const expectStatus = (what: string, answer: Answer, status: number): Answer => {
  if (answer.status !== status) {
    throw new Error(`${what} → ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
  }
  return answer;
};

/** What the issue reported before this work, per database. */
export interface CommitBefore {
  commit?: string;
  reads?: string;
  health?: string;
  writes?: string;
}

/**
 * The measurement on the server at `baseUrl`, whose database `db` is (a user is inserted there and a token
 * signed with the server's `jwtSecret`). `database` names it in the report.
 */
export async function measureImportCommit(
  baseUrl: string,
  db: Db,
  jwtSecret: string,
  database: string,
  before: CommitBefore = {},
): Promise<Measurement[]> {
  const user = await insertUser(db, {
    email: `bench.commit.${randomBytes(4).toString('hex')}@lab.org`,
    first_name: 'Bench',
    last_name: 'Commit',
    password_hash: 'unused: the benchmark signs its token directly',
    is_superuser: false,
  });
  const signedIn = { authorization: `Bearer ${signToken(jwtSecret, 'access', user.id, 3600)}` };
  const json = { ...signedIn, 'content-type': 'application/json' };

  const form = await multipartBody([['file', deliveryCsv(MAX_IMPORT_ROWS, 'Bench commit'), 'delivery.csv']]);
  const uploaded = expectStatus(
    'upload',
    await send(`${baseUrl}/api/management/chemical-imports/`, {
      method: 'POST',
      body: form.payload,
      headers: { ...signedIn, ...form.headers },
    }),
    201,
  );
  const { id } = JSON.parse(uploaded.body.toString('utf8')) as { id: number };
  const previewed = expectStatus(
    'preview',
    await send(`${baseUrl}/api/management/imports/${id}/preview/`, {
      method: 'POST',
      body: Buffer.from('{}'),
      headers: json,
    }),
    200,
  );
  const { counts } = JSON.parse(previewed.body.toString('utf8')) as { counts: Record<string, number> };
  if (counts.new !== MAX_IMPORT_ROWS) throw new Error(`preview counts ${JSON.stringify(counts)}`);
  const paths = [...READ_PATHS, HEALTH_PATH];
  for (const path of paths) expectStatus(`GET ${path}`, await send(baseUrl + path), 200);
  const page = JSON.parse((await send(baseUrl + READ_PATHS[0])).body.toString('utf8')) as {
    results: { id: number }[];
  };
  const stagingLine = Buffer.from(JSON.stringify({ chemical: page.results[0].id, quantity: 1 }));
  const stage = () => send(baseUrl + STAGING_PATH, { method: 'POST', body: stagingLine, headers: json });
  expectStatus(`POST ${STAGING_PATH}`, await stage(), 201);

  const reads: Answer[] = [];
  const health: Answer[] = [];
  const writes: Answer[] = [];
  let committing = true;
  const reader = async (first: number) => {
    for (let turn = first; committing; turn++) {
      const path = paths[turn % paths.length];
      const answer = await send(baseUrl + path);
      (path === HEALTH_PATH ? health : reads).push(answer);
    }
  };
  const writer = async () => {
    while (committing) writes.push(await stage());
  };
  const commit = send(`${baseUrl}/api/management/imports/${id}/commit/`, {
    method: 'POST',
    body: Buffer.from('{}'),
    headers: json,
  }).finally(() => (committing = false));
  const others = [...Array.from({ length: READERS }, (_, first) => reader(first)), writer()];
  const committed = expectStatus('commit', await commit, 200);
  await Promise.all(others);

  const latencies = reads.map((read) => read.elapsed).sort((a, b) => a - b);
  const failedReads = reads.filter((read) => read.status !== 200).length;
  const p99 = percentile(latencies, 0.99);
  const byStatus = new Map<number, number>();
  for (const answer of health) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  const healthy = health.length > 0 && health.every((answer) => answer.status === 200);
  const waits = writes.map((write) => write.elapsed).sort((a, b) => a - b);
  const failedWrites = writes.filter((write) => write.status !== 201).length;
  return [
    {
      name: `import commit of ${MAX_IMPORT_ROWS.toLocaleString('en')} new chemical records over HTTP, ${database}`,
      before: before.commit,
      measured: ms(committed.elapsed),
    },
    {
      name:
        `${database}: public reads during that commit (${READERS} clients, ${READ_PATHS.join(' and ')} in turn ` +
        `with ${HEALTH_PATH}; n=${latencies.length})`,
      before: before.reads,
      measured:
        latencies.length === 0
          ? 'none answered'
          : `p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(p99)}, max ${ms(latencies[latencies.length - 1])}` +
            (failedReads > 0 ? `, ${failedReads} not 200` : ''),
      target: `p99 ≤ ${READ_P99_TARGET_MS} ms`,
      pass: latencies.length > 0 && failedReads === 0 && p99 <= READ_P99_TARGET_MS,
    },
    {
      name: `${database}: GET ${HEALTH_PATH} during that commit (n=${health.length})`,
      before: before.health,
      measured: [...byStatus].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none answered',
      target: 'every answer 200 (no 503)',
      pass: healthy,
    },
    {
      name: `${database}: POST ${STAGING_PATH} during that commit, one client (n=${waits.length})`,
      before: before.writes,
      measured:
        waits.length === 0
          ? 'none answered'
          : `p50 ${ms(percentile(waits, 0.5))}, max ${ms(waits[waits.length - 1])}` +
            (failedWrites > 0 ? `, ${failedWrites} not 201` : ''),
    },
  ];
}
