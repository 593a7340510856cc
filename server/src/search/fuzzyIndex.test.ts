import { generateDataset, mulberry32 } from '../../../bench/dataset';
import {
  FuzzyIndex,
  type SearchEntry,
  type SearchHit,
  type SearchOptions,
  type SearchTier,
} from './fuzzyIndex';
import { normalize, words } from './normalize';
import { referenceLcs } from '../testing/referenceLcs';
import { stockSearchEntry } from './searchEntries';

const preparedFields = new WeakMap<SearchEntry, { field: string; words: string[] }[]>();

/** Normalised fields and their words, computed once per entry object to keep the reference fast. */
function prepared(entry: SearchEntry): { field: string; words: string[] }[] {
  let fields = preparedFields.get(entry);
  if (!fields) {
    fields = entry.fields.map(normalize).map((field) => ({ field, words: words(field) }));
    preparedFields.set(entry, fields);
  }
  return fields;
}

/** SERVER.md §11 read literally: every field of every entry, then one full sort. */
function bruteForceSearch(
  entries: readonly SearchEntry[],
  query: string,
  options: SearchOptions = {},
): SearchHit[] {
  const q = normalize(query);
  if (q.length === 0) return [];
  // Memoised per query only to keep the test fast; the rule is still applied to every field.
  const similarities = new Map<string, number>();
  const similarity = (text: string): number => {
    let value = similarities.get(text);
    if (value === undefined) {
      value = (2 * referenceLcs(q, text)) / (q.length + text.length);
      similarities.set(text, value);
    }
    return value;
  };
  const typeRank = { CHEMICAL: 0, GLASSWARE: 1, INSTRUMENT: 2 };
  const scored: (SearchHit & { name: string })[] = [];
  for (const entry of entries) {
    if (options.type && entry.type !== options.type) continue;
    let best: { tier: SearchTier; similarity: number } | undefined;
    for (const { field, words: fieldWords } of prepared(entry)) {
      if (field.length === 0) continue;
      let tier: SearchTier | 0 = 0;
      let fieldSimilarity = similarity(field);
      if (field === q) tier = 4;
      else if (field.startsWith(q) || fieldWords.some((word) => word.startsWith(q))) tier = 3;
      else if (field.includes(q)) tier = 2;
      else {
        for (const word of fieldWords) fieldSimilarity = Math.max(fieldSimilarity, similarity(word));
        if (fieldSimilarity >= 0.75) tier = 1;
      }
      if (tier === 0) continue;
      if (!best || tier > best.tier || (tier === best.tier && fieldSimilarity > best.similarity)) {
        best = { tier, similarity: fieldSimilarity };
      }
    }
    if (best) scored.push({ type: entry.type, id: entry.id, ...best, name: entry.catalogName.toLowerCase() });
  }
  scored.sort(
    (a, b) =>
      b.tier - a.tier ||
      b.similarity - a.similarity ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      typeRank[a.type] - typeRank[b.type] ||
      a.id - b.id,
  );
  return scored
    .slice(0, options.limit ?? 10)
    .map(({ type, id, tier, similarity }) => ({ type, id, tier, similarity }));
}

function chemical(id: number, name: string, CAS_RN: string, molecular_formula: string): SearchEntry {
  return stockSearchEntry('chemical', id, { name, CAS_RN, molecular_formula });
}

const sample: SearchEntry[] = [
  chemical(1, 'Ethanol', '64-17-5', 'C2H6O'),
  chemical(2, 'Ethanol', '64-17-5', 'C2H6O'),
  chemical(3, 'Methanol', '67-56-1', 'CH4O'),
  chemical(4, 'Ethyl acetate', '141-78-6', 'C4H8O2'),
  chemical(5, 'Diethyl ether', '60-29-7', 'C4H10O'),
  chemical(6, 'Sodium chloride', '7647-14-5', 'NaCl'),
  chemical(7, 'Copper(II) sulfate pentahydrate', '7758-99-8', 'CuSO4·5H2O'),
  stockSearchEntry('instrument', 1, { name: 'Spectrophotometer' }),
  stockSearchEntry('instrument', 2, { name: 'Ethanol Still' }),
  stockSearchEntry('glassware', 1, { name: 'Beaker', material_type: 'Borosilicate', size: 250 }),
  stockSearchEntry('glassware', 2, { name: 'Volumetric flask', material_type: 'Borosilicate', size: 1000 }),
  stockSearchEntry('glassware', 3, { name: 'Ethanol bottle', material_type: 'Soda-lime', size: 2500 }),
];

function indexOf(entries: readonly SearchEntry[]): FuzzyIndex {
  const index = new FuzzyIndex();
  for (const entry of entries) index.upsert(entry);
  return index;
}

const keys = (hits: readonly SearchHit[]): string[] => hits.map((hit) => `${hit.type}:${hit.id}`);

/** One line per hit: plain strings compare fast and still diff readably when a result differs. */
const listing = (query: string, options: SearchOptions, hits: readonly SearchHit[]): string =>
  [
    JSON.stringify({ query, options }),
    ...hits.map((hit) => `${hit.type}:${hit.id} ${hit.tier} ${hit.similarity}`),
  ].join('\n');

describe('FuzzyIndex.search', () => {
  const index = indexOf(sample);

  it('finds Ethanol despite a missing letter', () => {
    const hits = index.search('etanol');
    expect(keys(hits).slice(0, 2)).toEqual(['CHEMICAL:1', 'CHEMICAL:2']);
    expect(hits[0].tier).toBe(1);
    expect(hits[0].similarity).toBeCloseTo((2 * 6) / 13);
  });

  it('finds Ethanol despite swapped letters', () => {
    expect(keys(index.search('ehtanol')).slice(0, 2)).toEqual(['CHEMICAL:1', 'CHEMICAL:2']);
  });

  it('ranks exact matches first, then prefixes with shorter fields before longer ones', () => {
    const hits = index.search('ethanol');
    expect(keys(hits)).toEqual(['CHEMICAL:1', 'CHEMICAL:2', 'INSTRUMENT:2', 'GLASSWARE:3', 'CHEMICAL:3']);
    expect(hits.map((hit) => hit.tier)).toEqual([4, 4, 3, 3, 2]);
    expect(hits[2].similarity).toBeCloseTo(14 / 20);
  });

  it('matches a prefix of any word', () => {
    const hits = index.search('eth');
    // Equal field lengths (13) tie on similarity and fall back to the catalog name.
    expect(keys(hits)).toEqual([
      'CHEMICAL:1',
      'CHEMICAL:2',
      'CHEMICAL:5',
      'INSTRUMENT:2',
      'CHEMICAL:4',
      'GLASSWARE:3',
      'CHEMICAL:3',
    ]);
    expect(hits.map((hit) => hit.tier)).toEqual([3, 3, 3, 3, 3, 3, 2]);
  });

  it('finds chemicals by CAS number and by formula, case-insensitively', () => {
    const byCas = index.search('64-17-5');
    // 7647-14-5 (sodium chloride) shares 5 of 7 characters in order: a fuzzy match at exactly 0.75.
    expect(byCas.map((hit) => [hit.type, hit.id, hit.tier])).toEqual([
      ['CHEMICAL', 1, 4],
      ['CHEMICAL', 2, 4],
      ['CHEMICAL', 6, 1],
    ]);
    expect(keys(index.search('c2h6o'))).toEqual(['CHEMICAL:1', 'CHEMICAL:2']);
    expect(keys(index.search('  CuSO4·5H2O '))).toEqual(['CHEMICAL:7']);
  });

  it('finds glassware by size and by material', () => {
    expect(keys(index.search('250'))).toEqual(['GLASSWARE:1', 'GLASSWARE:3']);
    expect(index.search('250').map((hit) => hit.tier)).toEqual([4, 3]);
    expect(keys(index.search('borosilicate'))).toEqual(['GLASSWARE:1', 'GLASSWARE:2']);
  });

  it('keeps to one kind when a type is given', () => {
    expect(keys(index.search('ethanol', { type: 'GLASSWARE' }))).toEqual(['GLASSWARE:3']);
    expect(keys(index.search('ethanol', { type: 'INSTRUMENT' }))).toEqual(['INSTRUMENT:2']);
  });

  it('does not pad with unrelated records', () => {
    expect(index.search('zirconium')).toEqual([]);
    expect(index.search('   ')).toEqual([]);
  });

  it('returns at most limit records, the best ones', () => {
    expect(keys(index.search('eth', { limit: 3 }))).toEqual(['CHEMICAL:1', 'CHEMICAL:2', 'CHEMICAL:5']);
    expect(index.search('e', { limit: 50 })).toHaveLength(sample.length);
    expect(index.search('e', { limit: 1 })).toHaveLength(1);
  });

  it('breaks ties by catalog name, case-insensitively, then by type, then by id', () => {
    const tied = indexOf([
      stockSearchEntry('instrument', 1, { name: 'beta probe' }),
      stockSearchEntry('glassware', 9, { name: 'Beta probe', material_type: 'Quartz', size: 5 }),
      chemical(4, 'BETA PROBE', '50-00-0', 'CH2O'),
      chemical(2, 'Beta probe', '50-00-0', 'CH2O'),
      chemical(3, 'Alfa probe', '50-00-0', 'CH2O'),
    ]);
    expect(keys(tied.search('probe'))).toEqual([
      'CHEMICAL:3',
      'CHEMICAL:2',
      'CHEMICAL:4',
      'GLASSWARE:9',
      'INSTRUMENT:1',
    ]);
  });
});

describe('FuzzyIndex incremental updates', () => {
  it('follows upsert, rename via upsert and remove', () => {
    const index = indexOf(sample);
    expect(index.size).toBe(sample.length);

    index.upsert(chemical(8, 'Ethanolamine', '141-43-5', 'C2H7NO'));
    expect(keys(index.search('ethanolamine'))).toEqual(['CHEMICAL:8']);
    expect(index.size).toBe(sample.length + 1);

    index.upsert(chemical(8, 'Propanolamine', '156-87-6', 'C3H9NO'));
    expect(index.search('ethanolamine').map((hit) => hit.tier)).not.toContain(4);
    expect(keys(index.search('propanolamine'))).toEqual(['CHEMICAL:8']);
    expect(keys(index.search('141-43-5'))).toEqual([]);
    expect(index.size).toBe(sample.length + 1);

    expect(index.remove('CHEMICAL', 8)).toBe(true);
    expect(index.remove('CHEMICAL', 8)).toBe(false);
    expect(index.search('propanolamine')).toEqual([]);
    expect(keys(index.search('prop'))).toEqual([]);

    index.remove('CHEMICAL', 1);
    expect(keys(index.search('ethanol', { limit: 2 }))).toEqual(['CHEMICAL:2', 'INSTRUMENT:2']);
    index.remove('CHEMICAL', 2);
    expect(index.search('64-17-5').filter((hit) => hit.tier > 1)).toEqual([]);
    expect(index.search('c2h6o')).toEqual([]);

    index.clear();
    expect(index.size).toBe(0);
    expect(index.search('beaker')).toEqual([]);
  });
});

describe('FuzzyIndex against the brute-force reference', () => {
  const random = mulberry32(2024);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const dataset = generateDataset({ seed: 11, size: 1500 });
  // Few distinct names so that ties on name, type and id are frequent; odd cases and spacing on purpose.
  const entries: SearchEntry[] = [
    ...dataset.chemicals.map((record, i) => stockSearchEntry('chemical', i + 1, record)),
    ...dataset.instruments.map((record, i) => stockSearchEntry('instrument', i + 1, record)),
    ...dataset.glassware.map((record, i) => stockSearchEntry('glassware', i + 1, record)),
    ...Array.from({ length: 300 }, (_, i) =>
      pick([
        () =>
          stockSearchEntry('instrument', 5000 + i, {
            name: pick(['  ETHANOL  still', 'Beaker', 'beaker', 'Sodium chloride']),
          }),
        () =>
          stockSearchEntry('glassware', 5000 + i, {
            name: pick(['Ethanol', 'ethanol', 'Methanol flask']),
            material_type: pick(['PTFE', 'ptfe', 'Quartz']),
            size: pick([0, 25, 250]),
          }),
        () =>
          stockSearchEntry('chemical', 5000 + i, {
            name: pick(['Beaker', 'Ethanol', 'Ab', 'ba', 'aab']),
            CAS_RN: '64-17-5',
            molecular_formula: pick(['C2H6O', 'CH4O', 'ab']),
          }),
      ])(),
    ),
  ];

  const fieldTexts = [...new Set(entries.flatMap((entry) => entry.fields.map(normalize)))];
  const allWords = [...new Set(fieldTexts.flatMap(words))];
  const mutate = (word: string): string => {
    const at = Math.floor(random() * word.length);
    const choice = random();
    if (choice < 0.33) return word.slice(0, at) + word.slice(at + 1);
    if (choice < 0.66) return word.slice(0, at) + pick([...'aeiourstx1-']) + word.slice(at + 1);
    return word.slice(0, at) + word.slice(at + 1, at + 2) + word.slice(at, at + 1) + word.slice(at + 2);
  };
  const queries = Array.from({ length: 300 }, () => {
    const word = pick(allWords);
    const field = pick(fieldTexts);
    return pick([
      () => word,
      () => field,
      () => field.toUpperCase(),
      () => word.slice(0, 1 + Math.floor(random() * 3)),
      () => word.slice(1, 4),
      () => field.slice(Math.floor((random() * field.length) / 2)),
      () => mutate(word),
      () => mutate(mutate(field)),
      () => `${mutate(word)} ${pick(allWords)}`,
      () => pick(['a', 'ab', 'x', '1', '-', '2', '0', 'zz', 'e', 'ba']),
    ])();
  });
  const options = (): SearchOptions => ({
    type: pick([undefined, undefined, 'CHEMICAL', 'INSTRUMENT', 'GLASSWARE'] as const),
    limit: pick([1, 3, 10, 10, 50, 10_000]),
  });

  it('returns exactly the reference results on a bulk-loaded index', () => {
    const index = new FuzzyIndex();
    index.upsertMany(entries);
    for (const query of queries) {
      const chosen = options();
      expect(listing(query, chosen, index.search(query, chosen))).toBe(
        listing(query, chosen, bruteForceSearch(entries, query, chosen)),
      );
    }
  });

  it('answers from the best matches found when a typo walk runs out of budget', () => {
    const index = new FuzzyIndex(40);
    index.upsertMany(entries);
    let typos = 0;
    let cut = 0;
    for (const query of queries.slice(0, 60)) {
      const reference = bruteForceSearch(entries, query, { limit: 10_000 });
      if (!reference.some((hit) => hit.tier === 1)) continue;
      typos++;
      const hits = index.search(query, { limit: 50 });
      const truth = new Map(reference.map((hit) => [`${hit.type}:${hit.id}`, hit]));
      // Every hit is a real match with its true tier and similarity, and the order is still best first.
      for (const hit of hits) expect(truth.get(`${hit.type}:${hit.id}`)).toEqual(hit);
      const positions = hits.map((hit) => reference.indexOf(truth.get(`${hit.type}:${hit.id}`) as SearchHit));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      if (listing(query, {}, hits) !== listing(query, {}, reference.slice(0, 50))) cut++;
    }
    // The budget is small enough here to change some answers: the test does exercise it.
    expect(typos).toBeGreaterThan(5);
    expect(cut).toBeGreaterThan(0);
  });

  it('stays equal to the reference through incremental upserts, renames and removals', () => {
    const index = new FuzzyIndex();
    const live = new Map<string, SearchEntry>();
    for (const entry of entries.slice(0, 800)) {
      index.upsert(entry);
      live.set(`${entry.type}:${entry.id}`, entry);
    }
    for (let step = 0; step < 600; step++) {
      const action = random();
      if (action < 0.4) {
        const entry = pick(entries);
        index.upsert(entry);
        live.set(`${entry.type}:${entry.id}`, entry);
      } else if (action < 0.7 && live.size > 0) {
        const existing = pick([...live.values()]);
        const renamed = {
          ...existing,
          catalogName: pick(fieldTexts),
          fields: [pick(fieldTexts), ...existing.fields.slice(1)],
        };
        index.upsert(renamed);
        live.set(`${renamed.type}:${renamed.id}`, renamed);
      } else if (live.size > 0) {
        const existing = pick([...live.values()]);
        expect(index.remove(existing.type, existing.id)).toBe(true);
        live.delete(`${existing.type}:${existing.id}`);
      }
      if (step % 4 === 0) {
        const query = pick(queries);
        const chosen = options();
        expect(listing(query, chosen, index.search(query, chosen))).toBe(
          listing(query, chosen, bruteForceSearch([...live.values()], query, chosen)),
        );
      }
    }
    expect(index.size).toBe(live.size);
  });
});
