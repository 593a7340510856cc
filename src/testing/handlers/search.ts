import { http, HttpResponse } from 'msw';
import type { StockKind, StockRecord } from '../../api/stock';
import { stock } from './stock';

// SERVER.md §11 over the fake server's stock records.

const kinds: StockKind[] = ['chemical', 'glassware', 'instrument'];

function normalise(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, ' ');
}

function lcsLength(a: string, b: string): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const charA of a) {
    const current = [0];
    for (let j = 0; j < b.length; j += 1) {
      current.push(charA === b[j] ? previous[j] + 1 : Math.max(previous[j + 1], current[j]));
    }
    previous = current;
  }
  return previous[b.length];
}

function similarity(a: string, b: string): number {
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}

/** [tier, similarity] of one field: 4 exact, 3 prefix, 2 contains, 1 fuzzy, 0 no match. */
function fieldScore(query: string, field: string): [number, number] {
  const words = field.split(/[\s\-,()/]+/).filter(Boolean);
  const best = Math.max(similarity(query, field), ...words.map((word) => similarity(query, word)));
  if (field === query) return [4, best];
  if (field.startsWith(query) || words.some((word) => word.startsWith(query))) return [3, best];
  if (field.includes(query)) return [2, best];
  return best >= 0.75 ? [1, best] : [0, best];
}

function searchedFields(kind: StockKind, record: StockRecord): { name: string; fields: string[] } {
  if (kind === 'chemical') {
    const { chemical } = record as StockRecord<'chemical'>;
    return { name: chemical.name, fields: [chemical.name, chemical.CAS_RN, chemical.molecular_formula] };
  }
  if (kind === 'instrument') {
    const { instrument } = record as StockRecord<'instrument'>;
    return { name: instrument.name, fields: [instrument.name] };
  }
  const { glassware, material_type, size } = record as StockRecord<'glassware'>;
  return { name: glassware.name, fields: [glassware.name, material_type, String(size)] };
}

export const searchHandlers = [
  http.get('*/api/management/fuzzysearch/', ({ request }) => {
    const params = new URL(request.url).searchParams;
    const type = params.get('type');
    const kind = type === null ? null : (type.toLowerCase() as StockKind);
    if (kind !== null && !kinds.includes(kind)) {
      return HttpResponse.json({ type: [`"${type}" is not a valid choice.`] }, { status: 400 });
    }
    const limitText = params.get('limit') ?? '10';
    const limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1) {
      return HttpResponse.json({ limit: ['A valid integer is required.'] }, { status: 400 });
    }
    const query = normalise(params.get('query') ?? '');
    if (!query) return HttpResponse.json([]);

    const matches = (kind ? [kind] : kinds).flatMap((searched) =>
      stock[searched].map((record: StockRecord) => {
        const { name, fields } = searchedFields(searched, record);
        const [tier, score] = fields
          .map((field) => fieldScore(query, normalise(field)))
          .reduce((best, next) =>
            next[0] > best[0] || (next[0] === best[0] && next[1] > best[1]) ? next : best,
          );
        return { record, kind: searched, name: name.toLowerCase(), tier, score };
      }),
    );
    const ranked = matches
      .filter((match) => match.tier > 0)
      .sort(
        (a, b) =>
          b.tier - a.tier ||
          b.score - a.score ||
          a.name.localeCompare(b.name) ||
          kinds.indexOf(a.kind) - kinds.indexOf(b.kind) ||
          a.record.id - b.record.id,
      )
      .slice(0, Math.min(limit, 50));
    return HttpResponse.json(
      ranked.map(({ record, kind: found }) => (kind ? record : { ...record, type: found.toUpperCase() })),
    );
  }),
];
