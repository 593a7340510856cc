import { findUserByEmail } from '../../db/repositories/users';
import type { StockObjectType } from '../../db/tables';
import type { StockKind } from '../../domain/stockKinds';
import { KIND_OF_TYPE, OBJECT_TYPES } from '../../domain/stockKindHelpers';
import { writeTransaction } from '../../feed/changeLog';
import type { Actor } from '../../audit/entries';
import { returnIssuedQuantity, writeIssue } from '../../services/issues';
import { createFund } from '../../testing/requestApi';
import { createLocation, createStockRecord } from '../../testing/stockApi';
import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// A statement over a generated month (issue 24): 1,000 issues (cart and fund issues, chemicals in thousandths of a
// ml, pieces), price changes between them and partial returns, some just outside the month. Its total must equal
// the sum of its lines and the ledger's ISSUE and RETURN entries of the month priced at the issue's price, to the
// cent. LAB_TIME_ZONE is New York, where November 2026 starts in summer time and ends in winter time.

const MONTH = '2026-11';
// 2026-11-01 00:00 EDT (UTC−4) and 2026-12-01 00:00 EST (UTC−5).
const MONTH_START = Date.parse('2026-11-01T04:00:00.000Z');
const MONTH_END = Date.parse('2026-12-01T05:00:00.000Z');
const ISSUES = 1000;

let t: TestApp;
let token: string;
let actor: Actor;
const call = requestHelper(
  () => t,
  () => token,
);

/** mulberry32: a small seeded generator, so every run builds the same month. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(24);
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Cents of a base quantity at a price in ten-thousandths, half away from zero: worked out apart from money.ts. */
function expectedCents(kind: StockKind, base: number, e4: number | null): number {
  if (e4 === null) return 0;
  const numerator = BigInt(Math.abs(base)) * BigInt(e4) * 100n;
  const denominator = (kind === 'chemical' ? 1000n : 1n) * 10_000n;
  const cents = Number((numerator * 2n + denominator) / (denominator * 2n));
  return base < 0 ? -cents : cents;
}

async function travelTo(instant: number): Promise<void> {
  t.setClock(new Date(instant));
  token = await t.login(actor.email);
}

beforeAll(async () => {
  t = await buildTestApp({ labTimeZone: 'America/New_York' });
  const signedIn = await t.signedInUser();
  const { id, email } = (await findUserByEmail(t.db, signedIn.user.email))!;
  actor = { id, email, ip: '127.0.0.1', origin: null };
});
afterAll(() => t.close());

it('totals a generated month of 1,000 issues as the sum of its lines and the ledger × price, to the cent', async () => {
  await travelTo(MONTH_START - 3 * 86_400_000);
  const labs: { id: number; funds: number[] }[] = [];
  for (let index = 0; index < 3; index += 1) {
    const id = await createLocation(t, token);
    const funds: number[] = [];
    for (const code of ['A', 'B']) {
      funds.push(await createFund(t, token, id, `${code}-${index}`));
    }
    labs.push({ id, funds });
  }
  const records: { kind: StockKind; id: number }[] = [];
  for (const [kind, count] of [
    ['chemical', 8],
    ['instrument', 4],
    ['glassware', 3],
  ] as const) {
    for (let index = 0; index < count; index += 1) {
      records.push({ kind, id: await createStockRecord(t, token, kind, 1_000_000) });
    }
  }
  const prices = new Map<string, number | null>();
  const setPrice = async ({ kind, id }: { kind: StockKind; id: number }) => {
    // A fifth without a price; the others up to 200 (per ml or piece), with 4 decimals.
    const e4 = random() < 0.2 ? null : between(0, 2_000_000);
    const response = await call('PATCH', `/api/storeobjects/${kind}objs/${id}/`, {
      unit_price: e4 === null ? null : e4 / 10_000,
    });
    expect(response.statusCode).toBe(200);
    prices.set(`${OBJECT_TYPES[kind]}:${id}`, e4);
  };
  for (const record of records) await setPrice(record);

  // Issue times over the month and two days either side, in order.
  const instants = Array.from({ length: ISSUES }, () =>
    between(MONTH_START - 2 * 86_400_000, MONTH_END + 2 * 86_400_000),
  ).sort((a, b) => a - b);
  /** The price each issued record was issued at, and each issue's lab and fund, as the generator knows them. */
  const issuedAt = new Map<string, number | null>();
  const issueOwner = new Map<number, string>();
  const context = { db: t.db, dialect: t.app.dialect, now: t.app.now, currency: 'EUR' };

  for (const [index, instant] of instants.entries()) {
    if (index % 100 === 99) {
      await travelTo(instant);
      for (let change = 0; change < 3; change += 1) await setPrice(pick(records));
    }
    t.setClock(new Date(instant));
    const lab = pick(labs);
    const fund = random() < 0.3 ? undefined : pick(lab.funds);
    const chosen = [...records].sort(() => random() - 0.5).slice(0, between(1, 3));
    const lines = chosen.map(({ kind, id }) => ({
      object_type: OBJECT_TYPES[kind],
      object_id: id,
      quantity: kind === 'chemical' ? between(1, 50_000) : between(1, 5),
    }));
    const issue = await writeTransaction(t.db, (trx) =>
      writeIssue(trx, t.app.dialect, { locationId: lab.id, lines, fundId: fund, actor, ...context }),
    );
    issueOwner.set(issue.id, `${lab.id}:${fund ?? null}`);
    for (const line of lines) {
      const key = `${line.object_type}:${line.object_id}`;
      issuedAt.set(`${issue.id}:${key}`, prices.get(key)!);
    }
    // Some lines come back in part, a second later: charged back at the issue's price, whatever the price now.
    if (random() < 0.15) {
      const line = pick(issue.objects);
      const kind = KIND_OF_TYPE[line.object_type];
      const base = kind === 'chemical' ? Math.round(line.quantity * 1000) : line.quantity;
      const back = between(1, base);
      t.setClock(new Date(instant + 1000));
      await returnIssuedQuantity(context, actor, issue.id, line.line_id, {
        quantity: kind === 'chemical' ? back / 1000 : back,
      });
    }
  }

  await travelTo(MONTH_END + 3 * 86_400_000);
  // The ledger's ISSUE and RETURN entries of the month, read through its list.
  const entries: {
    kind: string;
    object_type: StockObjectType;
    object_id: number;
    change: number;
    issue_id: number;
    created_at: string;
  }[] = [];
  const range = `from=${new Date(MONTH_START).toISOString()}&to=${new Date(MONTH_END - 1).toISOString()}`;
  for (let offset = 0; ; offset += 1000) {
    const page = await call(
      'GET',
      `/api/management/ledger/?kind=ISSUE,RETURN&${range}&limit=1000&offset=${offset}`,
    );
    expect(page.statusCode).toBe(200);
    entries.push(...page.json().results);
    if (page.json().next === null) break;
  }
  const outside = instants.filter((instant) => instant < MONTH_START || instant >= MONTH_END);
  expect(outside.length).toBeGreaterThan(0);

  const expectedByOwner = new Map<string, number>();
  let expectedTotal = 0;
  for (const entry of entries) {
    const kind = KIND_OF_TYPE[entry.object_type];
    const base = kind === 'chemical' ? Math.round(entry.change * 1000) : entry.change;
    // An issue takes stock out (negative change) and is charged; a return brings it back and is credited.
    const cents = expectedCents(
      kind,
      -base,
      issuedAt.get(`${entry.issue_id}:${entry.object_type}:${entry.object_id}`)!,
    );
    expectedTotal += cents;
    const owner = issueOwner.get(entry.issue_id)!;
    expectedByOwner.set(owner, (expectedByOwner.get(owner) ?? 0) + cents);
  }

  const response = await call('GET', `/api/management/statements/?month=${MONTH}`);
  expect(response.statusCode).toBe(200);
  const statement = response.json() as {
    labs: {
      location: number;
      total: number;
      funds: {
        fund: { id: number } | null;
        total: number;
        lines: { amount: number; created_at: string }[];
      }[];
    }[];
    total: number;
  };
  const lines = statement.labs.flatMap((lab) => lab.funds.flatMap((fund) => fund.lines));
  expect(lines).toHaveLength(entries.length);
  expect(
    lines.every(
      ({ created_at }) => Date.parse(created_at) >= MONTH_START && Date.parse(created_at) < MONTH_END,
    ),
  ).toBe(true);
  const sumOfLines = lines.reduce((sum, line) => sum + line.amount, 0);
  expect(statement.total).toBe(sumOfLines);
  expect(statement.total).toBe(expectedTotal);
  expect(statement.total).toBeGreaterThan(0);
  for (const lab of statement.labs) {
    expect(lab.total).toBe(lab.funds.reduce((sum, fund) => sum + fund.total, 0));
    for (const fund of lab.funds) {
      expect(fund.total).toBe(fund.lines.reduce((sum, line) => sum + line.amount, 0));
      expect(fund.total).toBe(expectedByOwner.get(`${lab.location}:${fund.fund?.id ?? null}`));
    }
  }
  expect(statement.labs.flatMap((lab) => lab.funds)).toHaveLength(expectedByOwner.size);
}, 300_000);
