/**
 * Issue 25's target for several processes, one of run.ts's benchmarks (BENCH_DATABASE_URL=postgres://… only): two
 * server processes, A and B, on one PostgreSQL schema loaded with the dataset, a change feed open on B. A chemical
 * record is created through A CREATES times; each time the clock starts when A's answer arrives and stops when B's
 * fuzzy search finds the record (asked again as soon as each answer arrives) and when B's stream delivers the
 * record's `created` event (taken as it arrives). Target: p95 ≤ 2 s for each; a record not found, or an event not
 * delivered, within GIVE_UP_MS is missed.
 */
import { randomInt } from 'node:crypto';
import { signToken } from '../server/src/auth/jwt';
import { insertUser } from '../server/src/db/repositories/users';
import { dataOf, openEventStream, type SseMessage } from '../server/src/testing/sseClient';
import type { Dataset } from './dataset';
import { get, postChemical, startServer } from './http';
import { inPostgresSchema } from './postgres';
import { ms, type Measurement } from './report';
import { searchPath } from './searchPaths';
import { percentile } from './stats';

const CREATES = 20;
const P95_TARGET_MS = 2000;
const GIVE_UP_MS = 10_000;
const TARGET = `p95 ≤ ${P95_TARGET_MS / 1000} s, none missed`;

const rowName = (what: string) =>
  `2 processes on PostgreSQL: a chemical created through A, ${what} (n=${CREATES})`;
const FOUND = "found by B's fuzzy search";
const DELIVERED =
  "its event delivered on a stream open on B (signed out; below 0 when it came before A's answer)";

const letters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + randomInt(26))).join('');

const isCreatedChemical = (message: SseMessage) =>
  message.event === 'chemical' && dataOf<{ action: string }>(message).action === 'created';

export async function measureTwoProcesses(
  postgresUrl: string | undefined,
  dataset: Dataset,
  jwtSecret: string,
): Promise<Measurement[]> {
  if (postgresUrl === undefined) {
    const measured = 'not run: set BENCH_DATABASE_URL=postgres://… (a schema of its own is made and dropped)';
    return [FOUND, DELIVERED].map((what) => ({ name: rowName(what), measured, target: TARGET }));
  }
  return inPostgresSchema(postgresUrl, dataset, async (schemaUrl, db) => {
    const [a, b] = await Promise.all([startServer(schemaUrl), startServer(schemaUrl)]);
    const user = await insertUser(db, {
      email: `bench.processes.${randomInt(1e9)}@lab.org`,
      first_name: 'Bench',
      last_name: 'Processes',
      password_hash: 'unused: the benchmark signs its token directly',
      is_superuser: false,
    });
    const token = signToken(jwtSecret, 'access', user.id, 3600);
    const create = (name: string) => postChemical(a.baseUrl, token, name, 500);
    const stream = await openEventStream(b.baseUrl, '/api/events/');
    try {
      await stream.next((message) => message.event === 'ready');
      // B's first search loads its index, and A's first create compiles its path: neither is timed.
      await get(b.baseUrl + searchPath({ query: 'warm up' }));
      const warmUp = await create(`Crossprocessol ${letters(10)}`);
      if (warmUp.status !== 201)
        throw new Error(`create through A → ${warmUp.status} ${await warmUp.text()}`);
      await stream.next(isCreatedChemical, GIVE_UP_MS);

      const found: number[] = [];
      const delivered: number[] = [];
      let notFound = 0;
      let notDelivered = 0;
      for (let attempt = 0; attempt < CREATES; attempt++) {
        const name = `Crossprocessol ${letters(10)}`;
        // Waiting before the write, so the event is timed as it arrives, even before A's answer is read.
        const event = stream.next(isCreatedChemical, GIVE_UP_MS).then(
          (message) => ({ message, at: performance.now() }),
          () => undefined,
        );
        const answer = await create(name);
        const answered = performance.now();
        if (answer.status !== 201)
          throw new Error(`create through A → ${answer.status} ${await answer.text()}`);
        const { id } = (await answer.json()) as { id: number };

        const search = async (): Promise<number | undefined> => {
          const path = searchPath({ query: name, type: 'CHEMICAL' });
          while (performance.now() - answered < GIVE_UP_MS) {
            const response = await get(b.baseUrl + path);
            const at = performance.now();
            if (response.status !== 200) throw new Error(`B's search → ${response.status}`);
            const records = JSON.parse(response.body.toString('utf8')) as { id: number }[];
            if (records.some((record) => record.id === id)) return at;
          }
          return undefined;
        };
        const [foundAt, heard] = await Promise.all([search(), event]);
        if (foundAt === undefined) notFound += 1;
        else found.push(foundAt - answered);
        if (heard === undefined) notDelivered += 1;
        else if (!dataOf<{ ids: number[] }>(heard.message).ids.includes(id))
          throw new Error(`B's stream delivered another chemical's creation: ${heard.message.data}`);
        else delivered.push(heard.at - answered);
      }
      return [
        { what: FOUND, times: found, missed: notFound },
        { what: DELIVERED, times: delivered, missed: notDelivered },
      ].map(({ what, times, missed }) => {
        const sorted = [...times].sort((x, y) => x - y);
        const p95 = sorted.length === 0 ? Number.POSITIVE_INFINITY : percentile(sorted, 0.95);
        return {
          name: rowName(what),
          measured:
            (sorted.length === 0
              ? 'none'
              : `p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(p95)}, max ${ms(sorted[sorted.length - 1])}`) +
            `; ${missed} missed`,
          target: TARGET,
          pass: missed === 0 && p95 <= P95_TARGET_MS,
        };
      });
    } finally {
      stream.close();
      await Promise.all([a.stop(), b.stop()]);
    }
  });
}
