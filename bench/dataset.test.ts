import { isValidCasNumber } from '../server/src/domain/chemistry/cas';
import { parseFormula } from '../server/src/domain/chemistry/formula';
import { isStockDate } from '../server/src/domain/calendarDate';
import { benchmarkQueries, generateDataset } from './dataset';

describe('generateDataset', () => {
  const dataset = generateDataset({ seed: 5, size: 4000 });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateDataset({ seed: 5, size: 4000 })).toEqual(dataset);
    expect(generateDataset({ seed: 6, size: 4000 })).not.toEqual(dataset);
  });

  it('splits about 70/15/15 between chemicals, instruments and glassware', () => {
    expect(dataset.chemicals).toHaveLength(2800);
    expect(dataset.instruments).toHaveLength(600);
    expect(dataset.glassware).toHaveLength(600);
  });

  it('gives every chemical a valid CAS number, a parseable formula and valid fields', () => {
    for (const chemical of dataset.chemicals) {
      expect(isValidCasNumber(chemical.CAS_RN)).toBe(true);
      expect(parseFormula(chemical.molecular_formula).ok).toBe(true);
      expect(chemical.purity).toBeGreaterThanOrEqual(0);
      expect(chemical.purity).toBeLessThanOrEqual(100);
      expect(['SOLID', 'LIQUID', 'GAS']).toContain(chemical.state);
    }
  });

  it('keeps records unique per their identifying fields, case-insensitively', () => {
    const unique = (keys: string[]): number => new Set(keys.map((key) => key.toLowerCase())).size;
    const { chemicals, instruments, glassware } = dataset;
    expect(
      unique(chemicals.map((c) => [c.name, c.purity, c.manufacturer, c.supplier, c.state].join('|'))),
    ).toBe(chemicals.length);
    expect(unique(instruments.map((i) => [i.name, i.manufacturer, i.supplier].join('|')))).toBe(
      instruments.length,
    );
    expect(
      unique(glassware.map((g) => [g.name, g.manufacturer, g.supplier, g.size, g.material_type].join('|'))),
    ).toBe(glassware.length);
  });

  it('gives some records a valid minimum and some chemicals and glassware an expiry date', () => {
    const all = [...dataset.chemicals, ...dataset.instruments, ...dataset.glassware];
    const withMinimum = all.filter((record) => record.minimum_quantity !== undefined);
    expect(withMinimum.length).toBeGreaterThan(all.length * 0.05);
    expect(withMinimum.length).toBeLessThan(all.length * 0.2);
    expect(withMinimum.some((record) => record.quantity < record.minimum_quantity!)).toBe(true);
    for (const record of withMinimum) expect(record.minimum_quantity).toBeGreaterThanOrEqual(0);
    const dates = [...dataset.chemicals, ...dataset.glassware].flatMap((record) => record.expiry_date ?? []);
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(isStockDate(date)).toBe(true);
  });

  it('derives a fixed list of benchmark queries of every kind', () => {
    const queries = benchmarkQueries(dataset, { seed: 1, perKind: 3 });
    expect(queries).toEqual(benchmarkQueries(dataset, { seed: 1, perKind: 3 }));
    expect(new Set(queries.map((query) => query.kind)).size).toBe(10);
    expect(queries.some((query) => query.type !== undefined)).toBe(true);
    expect(queries.some((query) => query.type === undefined)).toBe(true);
  });
});
