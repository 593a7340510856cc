import Stack from '@mui/material/Stack';
import type { SearchResults } from '../../api/search';
import type { StockKind } from '../../api/stock';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { searchColumns } from '../../components/stockColumns';
import { VirtualTable, type Column } from '../../components/VirtualTable';

const label = 'Search results';
const rowKey = (row: { id: number }) => row.id;

interface ResultsProps<Row> {
  kind: StockKind;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
}

/** Every hit is on screen, so the export writes those rows in the browser, with the table's columns. */
function Results<Row extends { id: number }>({ kind, rows, columns }: ResultsProps<Row>) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <ExportCsvButton subject={`${kind} search results`} columns={columns} rows={rows} />
      </Stack>
      <VirtualTable label={label} rows={rows} columns={columns} rowKey={rowKey} />
    </Stack>
  );
}

/** The hits of one search, with the columns of the kind searched for. */
export function SearchResultsTable({ results }: { results: SearchResults }) {
  return <Results kind={results.type} rows={results.rows} columns={searchColumns(results.type)} />;
}
