/**
 * Issue 33's target for a change feed under abuse, one of run.ts's benchmarks: the health check's p99 while
 * SLOW_STREAMS event streams that never read and a write load run on the server process, within 100 ms. Each slow
 * stream reads its answer up to `ready` and then nothing more, as a client that stopped reading (or an attacker)
 * would: half are anonymous, spread over loopback addresses at EVENTS_MAX_STREAMS_PER_ADDRESS each (127.0.3.x;
 * Linux routes 127.0.0.0/8 to loopback), half signed in as store managers (who hear every change but others' lists)
 * at EVENTS_MAX_STREAMS_PER_ACCOUNT each. Meanwhile WRITERS clients change chemical amounts (`PATCH` of `quantity`,
 * each change a public `chemical` event, a `ledger` and an `audit` one) and one client asks `GET /api/health/`, each
 * again as soon as it has its answer, for LOAD_SECONDS, first without the streams (beside the figure: on a busy
 * machine the health check waits for other reasons too), then with them. Also reported: the writes, the server
 * process's resident memory before the streams and the most seen with them (/proc), and the events written.
 */
import net from 'node:net';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signToken } from '../server/src/auth/jwt';
import { insertUser } from '../server/src/db/repositories/users';
import { residentBytes } from './memory';
import { ms, type Measurement } from './report';
import { percentile } from './stats';

const SLOW_STREAMS = 200;
const WRITERS = 2;
const LOAD_SECONDS = 15;
const HEALTH_P99_TARGET_MS = 100;
const HEALTH_PATH = '/api/health/';

/** Opens an event stream on a socket of its own, reads it up to `ready`, then never reads again. */
function openSlowStream(
  baseUrl: string,
  token: string | undefined,
  localAddress: string,
): Promise<net.Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress });
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const statusLine = text.slice(0, text.indexOf('\r\n'));
      if (text.includes('\r\n\r\n') && !statusLine.startsWith('HTTP/1.1 200')) {
        socket.destroy();
        return reject(new Error(`an event stream from ${localAddress} was refused: ${statusLine}`));
      }
      if (!text.includes('event: ready')) return;
      socket.off('data', onData);
      socket.pause();
      resolve(socket);
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(
      `GET /api/events/ HTTP/1.1\r\nhost: ${hostname}\r\naccept: text/event-stream\r\n` +
        (token === undefined ? '' : `authorization: Bearer ${token}\r\n`) +
        '\r\n',
    );
  });
}

async function storeManagerTokens(app: FastifyInstance, count: number): Promise<string[]> {
  const run = randomInt(1e9);
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) {
    const user = await insertUser(app.db, {
      email: `bench.slow.${run}.${index}@lab.org`,
      first_name: 'Bench',
      last_name: `Slow ${index}`,
      password_hash: 'unused: the benchmark signs its token directly',
      is_superuser: false,
      role: 'store_manager',
    });
    tokens.push(signToken(app.config.jwtSecret, 'access', user.id, 3600));
  }
  return tokens;
}

async function newestSeq(app: FastifyInstance): Promise<number> {
  const { newest } = await app.db
    .selectFrom('change_events')
    .select((eb) => eb.fn.max('seq').as('newest'))
    .executeTakeFirstOrThrow();
  return Number(newest ?? 0);
}

interface LoadFigures {
  /** Health check latencies, ascending. */
  health: number[];
  unhealthy: number;
  /** Write latencies, ascending. */
  writes: number[];
  failedWrites: number;
  events: number;
  mostResident: number;
}

/** WRITERS clients changing amounts and one asking for the health check, each again at once, for LOAD_SECONDS. */
async function underLoad(
  app: FastifyInstance,
  baseUrl: string,
  serverPid: number,
  token: string,
  chemicals: readonly { id: number }[],
  /** The amount the first write sets, the next one more: a new amount each time, so each write changes one. */
  firstAmount: number,
): Promise<LoadFigures> {
  const firstSeq = await newestSeq(app);
  const deadline = performance.now() + LOAD_SECONDS * 1000;
  let mostResident = residentBytes(serverPid);
  const sampler = setInterval(() => {
    mostResident = Math.max(mostResident, residentBytes(serverPid));
  }, 250);
  const writes: number[] = [];
  let failedWrites = 0;
  const writer = async (first: number) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    for (let turn = first; performance.now() < deadline; turn += WRITERS) {
      const { id } = chemicals[turn % chemicals.length];
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/storeobjects/chemicalobjs/${id}/`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ quantity: firstAmount + turn }),
      });
      await response.arrayBuffer();
      writes.push(performance.now() - started);
      if (response.status !== 200) failedWrites += 1;
    }
  };
  const health: number[] = [];
  let unhealthy = 0;
  const checker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(baseUrl + HEALTH_PATH);
      await response.arrayBuffer();
      health.push(performance.now() - started);
      if (response.status !== 200) unhealthy += 1;
    }
  };
  try {
    await Promise.all([...Array.from({ length: WRITERS }, (_, first) => writer(first)), checker()]);
  } finally {
    clearInterval(sampler);
  }
  return {
    health: health.sort((a, b) => a - b),
    unhealthy,
    writes: writes.sort((a, b) => a - b),
    failedWrites,
    events: (await newestSeq(app)) - firstSeq,
    mostResident,
  };
}

const latencies = (sorted: readonly number[]) =>
  sorted.length === 0
    ? 'none answered'
    : `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted[sorted.length - 1])}`;

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

export async function measureHealthWithSlowStreams(
  app: FastifyInstance,
  baseUrl: string,
  serverPid: number,
): Promise<Measurement[]> {
  // The server process reads the same configuration (benchConfig).
  const perAddress = app.config.eventsMaxStreamsPerAddress;
  const perAccount = app.config.eventsMaxStreamsPerAccount;
  const anonymous = SLOW_STREAMS / 2;
  const signedIn = SLOW_STREAMS - anonymous;
  const tokens = await storeManagerTokens(app, Math.ceil(signedIn / perAccount));
  const chemicals = await app.db.selectFrom('chemical_stock').select('id').orderBy('id').limit(500).execute();
  if (chemicals.length === 0) throw new Error('the dataset has no chemical records to change');

  // The same load without the streams first: on a busy machine the health check waits for other reasons too.
  const without = await underLoad(app, baseUrl, serverPid, tokens[0], chemicals, 1_000);
  const residentBefore = residentBytes(serverPid);
  const sockets: net.Socket[] = [];
  try {
    for (let index = 0; index < anonymous; index++) {
      const address = `127.0.3.${1 + Math.floor(index / perAddress)}`;
      sockets.push(await openSlowStream(baseUrl, undefined, address));
    }
    for (let index = 0; index < signedIn; index++) {
      const token = tokens[Math.floor(index / perAccount)];
      sockets.push(await openSlowStream(baseUrl, token, '127.0.0.1'));
    }
    let dropped = 0;
    for (const socket of sockets) socket.once('close', () => (dropped += 1));
    const loaded = await underLoad(app, baseUrl, serverPid, tokens[0], chemicals, 1_000_000);

    const p99 = percentile(loaded.health, 0.99);
    const failures = (figures: LoadFigures) =>
      (figures.unhealthy > 0 ? `, ${figures.unhealthy} health checks not 200` : '') +
      (figures.failedWrites > 0 ? `, ${figures.failedWrites} writes not 200` : '');
    return [
      {
        name:
          `${HEALTH_PATH} while ${SLOW_STREAMS} event streams never read (${anonymous} anonymous from ` +
          `${Math.ceil(anonymous / perAddress)} addresses, ${signedIn} of ${tokens.length} store managers) and ` +
          `${WRITERS} clients change amounts, ${LOAD_SECONDS} s (n=${loaded.health.length}; the same load without ` +
          `the streams beside it, n=${without.health.length})`,
        before: 'up to 13.8 s (100 streams)',
        measured:
          `${latencies(loaded.health)}${failures(loaded)} (without the streams: ${latencies(without.health)}` +
          `${failures(without)})`,
        target: `p99 ≤ ${HEALTH_P99_TARGET_MS} ms`,
        pass: loaded.health.length > 0 && loaded.unhealthy === 0 && p99 <= HEALTH_P99_TARGET_MS,
      },
      {
        name:
          `the same: the writes (n=${loaded.writes.length}, ${loaded.events.toLocaleString('en')} events; without ` +
          `the streams n=${without.writes.length}), the server's resident memory, the slow streams it dropped ` +
          `(drain timeout ${app.config.eventsDrainTimeoutSeconds} s)`,
        before: 'memory 176 → 537 MB (100 streams)',
        measured:
          `writes ${latencies(loaded.writes)} (without the streams: ${latencies(without.writes)}); memory ` +
          `${mib(residentBefore)} before the streams, at most ${mib(loaded.mostResident)} with them; ` +
          `${dropped} dropped`,
      },
    ];
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}
