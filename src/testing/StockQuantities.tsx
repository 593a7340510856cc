import { stockApi, type StockKind } from '../api/stock';
import { kindLabels, stockName } from '../components/stockColumns';
import { stockPageArgs } from './stockPages';

/**
 * A kind's stock as the Store's first page loads it, rendered beside the page under test, so that a test sees the
 * cache refresh a write causes: a list named '<Kind> stock' of 'Name: quantity' items.
 */
export function StockQuantities({ kind }: { kind: StockKind }) {
  const { data } = stockApi.endpoints.stockPage.useQuery(stockPageArgs(kind));
  return (
    <ul aria-label={`${kindLabels[kind]} stock`}>
      {data?.results.map((row) => (
        <li key={row.id}>{`${stockName(row)}: ${row.quantity}`}</li>
      ))}
    </ul>
  );
}
