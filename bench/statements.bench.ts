import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../server/src/app';
import { signToken } from '../server/src/auth/jwt';
import { insertUser } from '../server/src/db/repositories/users';
import { mulberry32 } from './dataset';
import { get, type HttpResponse } from './http';
import { ms, type Measurement } from './report';
import { percentile } from './stats';

// Issue 24's target: a 12-month statement for 50 labs < 2 s, read as the twelve monthly statements
// (`GET /api/management/statements/?month=…`, the only statement the API serves) asked one after the other by one
// client, summed. The year of charges is written by the product itself: an app in this process whose clock the
// benchmark moves through the year creates, approves and fulfils the labs' requests through its routes, so every
// charge is priced and dated as a real fulfilment writes it.

const LABS = 50;
const FUNDS_PER_LAB = 2;
const YEAR = 2025;
const REQUESTS_PER_LAB_AND_MONTH = 3;
const LINES_PER_REQUEST = 12;
const PRICED_RECORDS = 2000;
/** Records holding at least this much (base units: 500 ml) stay in stock through the year's small lines. */
const MINIMUM_HELD = 500_000;
const ROUNDS = 5;
const YEAR_TARGET_MS = 2000;

const MONTHS = Array.from({ length: 12 }, (_, index) => `${YEAR}-${String(index + 1).padStart(2, '0')}`);

type Call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => Promise<unknown>;

function caller(app: FastifyInstance, token: string): Call {
  return async (method, url, payload) => {
    const response: LightMyRequestResponse = await app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} → ${response.statusCode} ${response.body.slice(0, 300)}`);
    return response.json();
  };
}

async function insertBenchUser(app: FastifyInstance, email: string): Promise<number> {
  const user = await insertUser(app.db, {
    email,
    first_name: 'Bench',
    last_name: 'Statements',
    password_hash: 'unused: the benchmark signs its token directly',
    is_superuser: false,
  });
  return user.id;
}

/**
 * 50 labs with two funds each and a year of fulfilled requests: per lab and month three requests of twelve lines
 * (1,800 requests, 21,600 charges), small quantities of priced chemicals, at times spread over the month.
 */
async function seedYear(app: FastifyInstance): Promise<number> {
  let clock = new Date(Date.UTC(YEAR, 0, 1));
  const yearApp = await buildApp({
    config: app.config,
    database: { db: app.db, dialect: app.dialect },
    logger: false,
    now: () => clock,
  });
  await yearApp.ready();
  try {
    const storeId = await insertBenchUser(app, 'bench.statements.store@lab.org');
    const managerId = await insertBenchUser(app, 'bench.statements.manager@lab.org');
    // Tokens for a year: the clock the app checks them against moves through it.
    const token = (id: number) => signToken(app.config.jwtSecret, 'access', id, 400 * 86_400, { now: clock });
    const store = caller(yearApp, token(storeId));

    const labs: { id: number; funds: number[] }[] = [];
    for (let n = 1; n <= LABS; n++) {
      const lab = (await store('POST', '/api/management/store-consumers/', {
        name: `Statement lab ${n}`,
        consumer_type: 'ORGANIC',
        room_number: String(500 + n),
        building_name: 'Chemistry Building',
      })) as { id: number };
      const funds: number[] = [];
      for (let fund = 1; fund <= FUNDS_PER_LAB; fund++) {
        const code = `L${n}-F${fund}`;
        funds.push(
          (
            (await store('POST', `/api/labs/${lab.id}/funds/`, { code, name: `Grant ${code}` })) as {
              id: number;
            }
          ).id,
        );
      }
      labs.push({ id: lab.id, funds });
    }
    await store('PATCH', `/api/account/users/${managerId}/`, {
      role: 'lab_user',
      labs: labs.map((lab) => ({ location: lab.id, role: 'manager' })),
    });
    const manager = caller(yearApp, token(managerId));

    const random = mulberry32(24);
    const records = await app.db
      .selectFrom('chemical_stock')
      .select('id')
      .where('quantity', '>=', MINIMUM_HELD)
      .where('expiry_date', 'is', null)
      .orderBy('id')
      .limit(PRICED_RECORDS)
      .execute();
    for (const { id } of records) {
      const unitPrice = Math.round((0.001 + random() * 0.5) * 10_000) / 10_000;
      await store('PATCH', `/api/storeobjects/chemicalobjs/${id}/`, { unit_price: unitPrice });
    }

    let charges = 0;
    const requestsPerMonth = LABS * REQUESTS_PER_LAB_AND_MONTH;
    for (const [month] of MONTHS.entries()) {
      const start = Date.UTC(YEAR, month, 1);
      const length = Date.UTC(YEAR, month + 1, 1) - start;
      for (let made = 0; made < requestsPerMonth; made++) {
        clock = new Date(start + Math.floor(((made + random()) / requestsPerMonth) * length));
        const lab = labs[made % LABS];
        const chosen = new Set<number>();
        while (chosen.size < LINES_PER_REQUEST)
          chosen.add(Number(records[Math.floor(random() * records.length)].id));
        const request = (await manager('POST', `/api/labs/${lab.id}/requests/`, {
          fund: lab.funds[made % FUNDS_PER_LAB],
          lines: [...chosen].map((id) => ({
            object_type: 'CHEMICAL',
            object_id: id,
            quantity: Math.round((0.5 + random() * 20) * 1000) / 1000,
          })),
        })) as { id: number; lines: { id: number; object_id: number; quantity: number }[] };
        await manager('POST', `/api/requests/${request.id}/approve/`);
        await store('POST', `/api/management/requests/${request.id}/fulfil/`, {
          lines: request.lines.map((line) => ({
            request_line: line.id,
            object_id: line.object_id,
            quantity: line.quantity,
          })),
        });
        charges += request.lines.length;
      }
    }
    return charges;
  } finally {
    await yearApp.close();
  }
}

export async function measureStatements(app: FastifyInstance, baseUrl: string): Promise<Measurement[]> {
  const seeding = performance.now();
  const seeded = await seedYear(app);
  const seedSeconds = (performance.now() - seeding) / 1000;

  const auditorId = await insertBenchUser(app, 'bench.statements.reader@lab.org');
  const headers = { authorization: `Bearer ${signToken(app.config.jwtSecret, 'access', auditorId, 3600)}` };
  const read = async (path: string): Promise<HttpResponse> => {
    const response = await get(baseUrl + path, headers);
    if (response.status !== 200) throw new Error(`GET ${path} → ${response.status} ${response.body}`);
    return response;
  };
  const statementPath = (month: string) => `/api/management/statements/?month=${month}`;

  // One untimed pass warms the route up and checks that the statements hold every charge seeded.
  let listed = 0;
  let labsInMonth = 0;
  for (const month of MONTHS) {
    const body = JSON.parse((await read(statementPath(month))).body.toString('utf8')) as {
      labs: { funds: { lines: unknown[] }[] }[];
    };
    labsInMonth = Math.max(labsInMonth, body.labs.length);
    for (const lab of body.labs) for (const fund of lab.funds) listed += fund.lines.length;
  }
  if (listed !== seeded) throw new Error(`the statements list ${listed} charges, ${seeded} were written`);

  const monthTimes: number[] = [];
  const yearTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let year = 0;
    for (const month of MONTHS) {
      const started = performance.now();
      await read(statementPath(month));
      const elapsed = performance.now() - started;
      monthTimes.push(elapsed);
      year += elapsed;
    }
    yearTimes.push(year);
  }
  const exportPath = `/api/management/statements/export/?month=${MONTHS[5]}&format=csv`;
  const exportTimes: number[] = [];
  let exportBytes = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const started = performance.now();
    const response = await read(exportPath);
    const elapsed = performance.now() - started;
    if (round > 0) exportTimes.push(elapsed);
    else exportBytes = response.body.length;
  }
  for (const times of [monthTimes, yearTimes, exportTimes]) times.sort((a, b) => a - b);

  const slowestYear = yearTimes[yearTimes.length - 1];
  const charged = `${LABS} labs, ${seeded.toLocaleString('en')} charges seeded in ${seedSeconds.toFixed(0)} s`;
  return [
    {
      name: `statement of one month, ${charged} (n=${monthTimes.length})`,
      measured: `p50 ${ms(percentile(monthTimes, 0.5))}, p95 ${ms(percentile(monthTimes, 0.95))}`,
    },
    {
      name: `12-month statement: the twelve monthly statements one after the other, summed (n=${yearTimes.length})`,
      measured: `p50 ${ms(percentile(yearTimes, 0.5))}, max ${ms(slowestYear)}`,
      target: `max < ${YEAR_TARGET_MS} ms`,
      pass: slowestYear < YEAR_TARGET_MS,
    },
    {
      name: `statement export, CSV of ${MONTHS[5]} (${(exportBytes / 1e6).toFixed(2)} MB, n=${exportTimes.length})`,
      measured: `p50 ${ms(percentile(exportTimes, 0.5))}, p95 ${ms(percentile(exportTimes, 0.95))}`,
    },
  ];
}
