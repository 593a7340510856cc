import {
  useListChemicalStockQuery,
  useListGlasswareStockQuery,
  useListInstrumentStockQuery,
  type StockKind,
  type StockRecord,
} from '../api/stock';
import { kindLabels, stockName } from '../components/stockColumns';

const listHooks = {
  chemical: useListChemicalStockQuery,
  instrument: useListInstrumentStockQuery,
  glassware: useListGlasswareStockQuery,
} satisfies Record<StockKind, () => { data?: StockRecord[] }>;

/**
 * A kind's stock list as the Store loads it, rendered beside the page under test, so that a test sees the cache
 * refresh a write causes: a list named '<Kind> stock' of 'Name: quantity' items.
 */
export function StockQuantities({ kind }: { kind: StockKind }) {
  const { data } = listHooks[kind]();
  return (
    <ul aria-label={`${kindLabels[kind]} stock`}>
      {data?.map((row) => (
        <li key={row.id}>{`${stockName(row)}: ${row.quantity}`}</li>
      ))}
    </ul>
  );
}
