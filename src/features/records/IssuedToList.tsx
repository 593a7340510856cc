import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useIssuedToQuery, type IssuedTo, type RecordArgs } from '../../api/records';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import { longUsDate } from '../../components/dates';
import { consumerTypeLabels } from '../../components/LocationTree';
import { amount } from '../../components/stockColumns';
import type { Column } from '../../components/VirtualTable';

/** Staff only: the locations the record went to, most recently issued first. */
export function IssuedToList({ record }: { record: RecordArgs }) {
  const { data: rows, isLoading, isError } = useIssuedToQuery(record);
  const columns: Column<IssuedTo>[] = [
    { header: 'Location', cell: (row) => row.name },
    { header: 'Type', cell: (row) => consumerTypeLabels[row.consumer_type] },
    { header: 'Issued', cell: (row) => amount(record.kind, row.quantity) },
    { header: 'Returned', cell: (row) => amount(record.kind, row.returned_quantity) },
    { header: 'Issues', cell: (row) => row.issue_count },
    { header: 'Last issued', cell: (row) => longUsDate(row.last_issued_at) },
  ];

  return (
    <section aria-labelledby="record-issued-heading">
      <Typography id="record-issued-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Issued to
      </Typography>
      {isLoading ? (
        <CenteredSpinner label="Loading the locations" />
      ) : isError || !rows ? (
        <Alert severity="error">{GENERIC_ERROR}</Alert>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">Nothing Found</Typography>
      ) : (
        <ColumnTable label="Issued to" rows={rows} columns={columns} rowKey={(row) => row.id} />
      )}
    </section>
  );
}
