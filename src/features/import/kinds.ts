import type { StockKind } from '../../api/stock';

/** How the import screens name a kind's records. */
export const recordsOf: Record<StockKind, string> = {
  chemical: 'chemicals',
  instrument: 'instruments',
  glassware: 'glassware',
};

/** "1 row", "3 rows". */
export const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
