import type { Actor } from '../audit/entries';
import { buildTestApp, type TestApp } from '../testing/testApp';
import { seedDemoStock } from './seed';

let t: TestApp;
let actor: Actor;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.createUser({ email: 'seed.admin@lab.org', is_superuser: true });
  actor = { id: admin.id, email: admin.email, ip: '127.0.0.1', origin: null };
});
afterAll(() => t.close());

const count = async (
  table: 'stock_ledger' | 'audit_log' | 'chemical_stock' | 'instrument_stock' | 'glassware_stock',
) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('npm run seed', () => {
  it('writes the records through the service layer: each with its ledger and audit entry, found by search', async () => {
    const context = { db: t.db, dialect: t.app.dialect, now: () => new Date() };
    const report = await seedDemoStock(context, actor, 40);
    expect(report.chemical + report.instrument + report.glassware).toBe(40);
    expect(report.chemical).toBeGreaterThan(report.instrument);
    expect(await count('chemical_stock')).toBe(report.chemical);
    expect(await count('instrument_stock')).toBe(report.instrument);
    expect(await count('glassware_stock')).toBe(report.glassware);
    expect(await count('stock_ledger')).toBe(40);
    expect(await count('audit_log')).toBe(40);

    // The API's list shows them, and a search for a seeded name finds it.
    const response = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/' });
    const chemicals = response.json() as { chemical: { name: string } }[];
    expect(chemicals).toHaveLength(report.chemical);
    const name = chemicals[0].chemical.name;
    const found = await t.app.inject({
      url: `/api/management/fuzzysearch/?type=chemical&query=${encodeURIComponent(name)}`,
    });
    expect(
      (found.json() as { chemical: { name: string } }[]).map((record) => record.chemical.name),
    ).toContain(name);
  });

  it('refuses to run on a store that holds records, adding nothing', async () => {
    const context = { db: t.db, dialect: t.app.dialect, now: () => new Date() };
    const before = await count('stock_ledger');
    await expect(seedDemoStock(context, actor, 10)).rejects.toThrow(
      /^The database already holds 40 stock records: npm run seed only fills an empty store/,
    );
    expect(await count('stock_ledger')).toBe(before);
  });
});
