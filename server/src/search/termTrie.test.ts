import { mulberry32 } from '../../../bench/dataset';
import { referenceSimilarity } from '../testing/referenceLcs';
import { FUZZY_THRESHOLD } from './similarity';
import { TermTrie } from './termTrie';

const random = mulberry32(31);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
/** Few letters, so that near matches are common; digits, separators and non-ASCII units as in real fields. */
const letters = [...'aeilnorst', ...'aeo', '1', '2', '-', ' ', '(', 'é', '·', '🧪'];
const randomText = (maxLength: number): string => {
  const length = 1 + Math.floor(random() * maxLength);
  let text = '';
  while (text.length < length) text += pick(letters);
  return text;
};
const mutate = (text: string): string => {
  const at = Math.floor(random() * text.length);
  const choice = random();
  if (choice < 0.33) return text.slice(0, at) + text.slice(at + 1);
  if (choice < 0.66) return text.slice(0, at) + pick(letters) + text.slice(at + 1);
  return text.slice(0, at) + pick(letters) + text.slice(at);
};

interface Walk {
  found: Map<number, number>;
  /** Each found term's similarity, with the bound last promised before it. */
  events: { similarity: number; promised: number }[];
  lastSettled: number | undefined;
}

function walk(trie: TermTrie, query: string, tags: number, budget?: number): Walk {
  const result: Walk = { found: new Map(), events: [], lastSettled: undefined };
  let promised = Number.POSITIVE_INFINITY;
  trie.findSimilar(
    query,
    tags,
    {
      found: (termId, similarity) => {
        expect(result.found.has(termId)).toBe(false);
        result.found.set(termId, similarity);
        result.events.push({ similarity, promised });
      },
      settled: (bound) => {
        promised = bound;
        result.lastSettled = bound;
        return false;
      },
    },
    budget,
  );
  return result;
}

/** §11's rule applied to every term: the terms with one of `tags` that reach the threshold. */
function bruteForce(terms: Map<number, { text: string; tags: number }>, query: string, tags: number) {
  const matches = new Map<number, number>();
  for (const [termId, term] of terms) {
    const value = referenceSimilarity(query, term.text);
    if ((term.tags & tags) !== 0 && value >= FUZZY_THRESHOLD) matches.set(termId, value);
  }
  return matches;
}

const sorted = (matches: Map<number, number>): string =>
  [...matches]
    .sort(([a], [b]) => a - b)
    .map(([termId, value]) => `${termId}:${value}`)
    .join(' ');

describe('TermTrie.findSimilar', () => {
  it('reports exactly the terms a full scan finds, through inserts, tag changes, removals and compaction', () => {
    const trie = new TermTrie();
    const terms = new Map<number, { text: string; tags: number }>();
    const byText = new Map<string, number>();
    let nextId = 0;
    const add = (text: string) => {
      if (byText.has(text)) return;
      const tags = 1 + Math.floor(random() * 7);
      trie.insert(text, nextId, tags);
      terms.set(nextId, { text, tags });
      byText.set(text, nextId++);
    };
    const base = Array.from({ length: 150 }, () => randomText(random() < 0.8 ? 12 : 45));
    base.forEach(add);
    base.slice(0, 100).forEach((text) => add(mutate(text)));

    for (let round = 0; round < 250; round++) {
      const action = random();
      if (action < 0.2) add(random() < 0.5 ? mutate(pick(base)) : randomText(20));
      else if (action < 0.35 && byText.size > 0) {
        const text = pick([...byText.keys()]);
        expect(trie.remove(text)).toBe(byText.get(text));
        terms.delete(byText.get(text) as number);
        byText.delete(text);
      } else if (action < 0.45 && byText.size > 0) {
        const text = pick([...byText.keys()]);
        const tags = Math.floor(random() * 8);
        trie.setTags(text, tags);
        (terms.get(byText.get(text) as number) as { tags: number }).tags = tags;
      } else if (action < 0.47) {
        trie.compact();
      }
      const query = random() < 0.7 ? mutate(pick(base)) : randomText(40);
      const tags = pick([7, 7, 1, 2, 4, 3]);
      const result = walk(trie, query, tags);
      expect(`${query} ${tags}: ${sorted(result.found)}`).toBe(
        `${query} ${tags}: ${sorted(bruteForce(terms, query, tags))}`,
      );
      expect(result.lastSettled).toBe(-1);
    }
  });

  it('finds the same terms after a compaction in steps as after one in a go, with turns between the steps', async () => {
    const texts = [...new Set(Array.from({ length: 12_000 }, () => randomText(16)))];
    const inAGo = new TermTrie();
    const inSteps = new TermTrie();
    texts.forEach((text, id) => {
      inAGo.insert(text, id, 1 + (id % 7));
      inSteps.insert(text, id, 1 + (id % 7));
    });
    texts.slice(0, 3000).forEach((text) => {
      inAGo.remove(text);
      inSteps.remove(text);
    });
    inAGo.compact();
    let turns = 0;
    await inSteps.compactInSteps(async () => {
      turns += 1;
    });
    expect(turns).toBeGreaterThanOrEqual(1);
    expect(inSteps.nodeCount).toBe(inAGo.nodeCount);
    for (let round = 0; round < 50; round++) {
      const query = mutate(pick(texts));
      expect(sorted(walk(inSteps, query, 7).found)).toBe(sorted(walk(inAGo, query, 7).found));
    }
  });

  it('never reports a term above a bound it has already promised', () => {
    const trie = new TermTrie();
    const base = Array.from({ length: 2000 }, () => randomText(16));
    [...new Set([...base, ...base.map(mutate)])].forEach((text, id) => trie.insert(text, id, 1));
    for (let round = 0; round < 100; round++) {
      const { events } = walk(trie, mutate(pick(base)), 1);
      for (const { similarity, promised } of events) expect(similarity).toBeLessThanOrEqual(promised);
    }
  });

  it('stops as soon as the visitor is satisfied', () => {
    const trie = new TermTrie();
    ['ethanol', 'ethanal', 'methanol', 'etanol', 'ethanoll'].forEach((text, id) => trie.insert(text, id, 1));
    const found: number[] = [];
    trie.findSimilar('ethanol', 1, {
      found: (termId) => found.push(termId),
      settled: () => found.length > 0,
    });
    expect(found).toEqual([0]);
  });

  it('gives up after its budget, keeping what it found', () => {
    const trie = new TermTrie();
    const texts = [...new Set(Array.from({ length: 3000 }, () => randomText(14)))];
    texts.forEach((text, id) => trie.insert(text, id, 1));
    const query = mutate(pick(texts));
    const complete = walk(trie, query, 1);
    const cut = walk(trie, query, 1, 50);
    expect(cut.lastSettled).toBe(-1);
    expect(cut.found.size).toBeLessThan(complete.found.size);
    for (const [termId, value] of cut.found) expect(complete.found.get(termId)).toBe(value);
    expect(walk(trie, query, 1, 0).found.size).toBe(0);
  });
});

describe('TermTrie structure', () => {
  it('lists the terms under a prefix', () => {
    const trie = new TermTrie();
    const texts = ['acetone', 'acetic acid', 'acid', 'ace', 'base', 'a'];
    texts.forEach((text, id) => trie.insert(text, id, 1));
    const under = (prefix: string) => {
      const ids: number[] = [];
      trie.forEachWithPrefix(prefix, (termId) => ids.push(termId));
      return ids.map((id) => texts[id]).sort();
    };
    expect(under('ace')).toEqual(['ace', 'acetic acid', 'acetone']);
    expect(under('a')).toEqual(['a', 'ace', 'acetic acid', 'acetone', 'acid']);
    expect(under('')).toEqual([...texts].sort());
    expect(under('acetonex')).toEqual([]);
  });

  it('frees the nodes of removed terms and refuses a term twice', () => {
    const trie = new TermTrie();
    const texts = [...new Set(Array.from({ length: 500 }, () => randomText(20)))];
    texts.forEach((text, id) => trie.insert(text, id, 1));
    expect(() => trie.insert(texts[0], 9999, 1)).toThrow();
    const grown = trie.nodeCount;
    texts.forEach((text) => trie.remove(text));
    expect(trie.nodeCount).toBe(1);
    expect(trie.remove(texts[0])).toBeUndefined();
    texts.forEach((text, id) => trie.insert(text, id, 1));
    expect(trie.nodeCount).toBe(grown);
    trie.compact();
    expect(trie.nodeCount).toBe(grown);
  });
});
