/**
 * Request values at the largest the API reads (docs/api.md §2.1), called from run.ts. Each request is sent over HTTP
 * to the server process (its latency, one at a time), then through the in-process app (`app.inject`) with the
 * longest the event loop was held meanwhile (every other request waits that long):
 * - a public list page ordered by the most `ordering` terms allowed, every field named again and again;
 * - a public list page whose `limit` and `offset` are written with the most characters a number may have;
 * - a chemical create whose number fields are each that long, in the form the old number pattern backtracked on
 *   (digits, then a letter), answered 400;
 * - a chemical create naming the most hazard codes allowed, all unknown, answered 400.
 */
import type { FastifyInstance } from 'fastify';
import { signToken } from '../server/src/auth/jwt';
import { insertUser } from '../server/src/db/repositories/users';
import { STOCK_ORDERING_FIELDS } from '../server/src/domain/stockListing';
import { MAX_LIST_ITEMS, MAX_NUMBER_LENGTH } from '../server/src/validation/validate';
import { ms, type Measurement } from './report';
import { percentile } from './stats';

const TARGET_MS = 100;
const WARM_UP_REQUESTS = 3;
const TIMED_REQUESTS = 20;

interface Scenario {
  name: string;
  /** What the issue reported before the limits, for a request past them. */
  before: string;
  method: 'GET' | 'POST';
  path: string;
  body?: object;
  /** The answer the request must get: the values are at the limit, not past it. */
  status: number;
}

/** `digits` written with exactly MAX_NUMBER_LENGTH characters (leading zeros). */
const longest = (digits: string) => digits.padStart(MAX_NUMBER_LENGTH, '0');

function scenarios(): Scenario[] {
  const fields = STOCK_ORDERING_FIELDS.chemical;
  const ordering = Array.from(
    { length: MAX_LIST_ITEMS },
    (_, index) => `${index % 2 === 0 ? '' : '-'}${fields[index % fields.length]}`,
  ).join(',');
  // The old pattern's worst case: a run of digits it could split in every way, then a character it refuses.
  const backtracking = `${'9'.repeat(MAX_NUMBER_LENGTH - 1)}x`;
  const chemical = {
    name: 'Bench validation',
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
  };
  return [
    {
      name: `public chemical page ordered by ${MAX_LIST_ITEMS} terms`,
      before: '1,500 terms: 0.7 s each',
      method: 'GET',
      path: `/api/storeobjects/chemicalobjs/?limit=100&ordering=${ordering}`,
      status: 200,
    },
    {
      name: `public chemical page, limit and offset of ${MAX_NUMBER_LENGTH} characters`,
      before: 'any length',
      method: 'GET',
      path: `/api/storeobjects/chemicalobjs/?limit=${longest('100')}&offset=${longest('0')}`,
      status: 200,
    },
    {
      name: `chemical create, its 4 number fields of ${MAX_NUMBER_LENGTH} characters (400)`,
      before: 'one of 60 KB: 14.6 s',
      method: 'POST',
      path: '/api/storeobjects/chemicalobjs/',
      body: {
        ...chemical,
        purity: backtracking,
        molecular_weight: backtracking,
        quantity: backtracking,
        minimum_quantity: backtracking,
      },
      status: 400,
    },
    {
      name: `chemical create, ${MAX_LIST_ITEMS} unknown hazard codes (400)`,
      before: '150,000: a 500',
      method: 'POST',
      path: '/api/storeobjects/chemicalobjs/',
      body: {
        ...chemical,
        purity: 99.5,
        hazard_statements: Array.from({ length: MAX_LIST_ITEMS }, (_, index) => `H${1000 + index}`),
      },
      status: 400,
    },
  ];
}

/**
 * The longest the event loop went without running a timer while `work` ran, the time after its last turn included:
 * an upper bound of how long any other request waited. (monitorEventLoopDelay records nothing when the work never
 * lets a timer run, which would read as no block at all.)
 */
async function longestBlockWhile(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const turn = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(turn);
  }
  return Math.max(longest, performance.now() - last);
}

export async function measureRequestValues(app: FastifyInstance, baseUrl: string): Promise<Measurement[]> {
  // The server process shares the database and the JWT secret, so a token signed here signs in there.
  const user = await insertUser(app.db, {
    email: 'bench.validation@lab.org',
    first_name: 'Bench',
    last_name: 'Validation',
    password_hash: 'unused: the benchmark signs its token directly',
    is_superuser: false,
  });
  const headers = {
    authorization: `Bearer ${signToken(app.config.jwtSecret, 'access', user.id, 3600)}`,
    'content-type': 'application/json',
  };

  const rows: Measurement[] = [];
  for (const scenario of scenarios()) {
    const body = scenario.body === undefined ? undefined : JSON.stringify(scenario.body);
    const overHttp = async () => {
      const started = performance.now();
      const response = await fetch(baseUrl + scenario.path, { method: scenario.method, headers, body });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== scenario.status)
        throw new Error(`${scenario.method} ${scenario.path.slice(0, 80)}… → ${response.status} ${text}`);
      return elapsed;
    };
    for (let request = 0; request < WARM_UP_REQUESTS; request++) await overHttp();
    const times: number[] = [];
    for (let request = 0; request < TIMED_REQUESTS; request++) times.push(await overHttp());
    times.sort((a, b) => a - b);
    const slowest = times[times.length - 1];

    let longestBlock = 0;
    for (let request = 0; request < TIMED_REQUESTS; request++) {
      const block = await longestBlockWhile(async () => {
        const response = await app.inject({
          method: scenario.method,
          url: scenario.path,
          headers,
          payload: body,
        });
        if (response.statusCode !== scenario.status)
          throw new Error(`in process: ${scenario.method} → ${response.statusCode} ${response.body}`);
      });
      longestBlock = Math.max(longestBlock, block);
    }

    rows.push(
      {
        name: `${scenario.name}: latency over HTTP (n=${TIMED_REQUESTS})`,
        before: scenario.before,
        measured: `p50 ${ms(percentile(times, 0.5))}, max ${ms(slowest)}`,
        target: `max ≤ ${TARGET_MS} ms`,
        pass: slowest <= TARGET_MS,
      },
      {
        name: `${scenario.name}: longest event-loop block in process (n=${TIMED_REQUESTS})`,
        measured: ms(longestBlock),
        target: `≤ ${TARGET_MS} ms`,
        pass: longestBlock <= TARGET_MS,
      },
    );
  }
  return rows;
}
