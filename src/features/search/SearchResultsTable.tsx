import type { SearchResults } from '../../api/search';
import { chemicalSearchColumns, glasswareColumns, instrumentColumns } from '../../components/stockColumns';
import { VirtualTable } from '../../components/VirtualTable';

const label = 'Search results';
const rowKey = (row: { id: number }) => row.id;

/** The hits of one search, with the columns of the kind searched for. */
export function SearchResultsTable({ results }: { results: SearchResults }) {
  switch (results.type) {
    case 'chemical':
      return (
        <VirtualTable label={label} rows={results.rows} columns={chemicalSearchColumns} rowKey={rowKey} />
      );
    case 'instrument':
      return <VirtualTable label={label} rows={results.rows} columns={instrumentColumns} rowKey={rowKey} />;
    case 'glassware':
      return <VirtualTable label={label} rows={results.rows} columns={glasswareColumns} rowKey={rowKey} />;
  }
}
