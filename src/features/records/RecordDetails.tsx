import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useStockRecordQuery, type RecordArgs } from '../../api/records';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { HazardSummary } from '../../components/HazardSummary';
import { kindLabels, stockName } from '../../components/stockColumns';
import { ChemicalFiles } from './ChemicalFiles';
import { IssuedToList } from './IssuedToList';
import { recordFields } from './recordFields';

export interface RecordDetailsProps {
  record: RecordArgs;
  /** Staff see where the record was issued. */
  admin: boolean;
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}

/** A stock record's page: its fields, a chemical's safety data sheet and files, and (staff) where it went. */
export function RecordDetails({ record, admin }: RecordDetailsProps) {
  const { currentData, isFetching, isError, error } = useStockRecordQuery(record);
  const kindLabel = kindLabels[record.kind];

  if (currentData === undefined && isFetching)
    return <CenteredSpinner label={`Loading the ${kindLabel.toLowerCase()}`} />;
  if (isError && isNotFound(error))
    return (
      <Stack spacing={1} sx={{ py: 4, textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          Nothing Found
        </Typography>
        <Typography color="text.secondary">
          There is no {kindLabel.toLowerCase()} number {record.id} in the store.
        </Typography>
      </Stack>
    );
  if (isError || !currentData) return <Alert severity="error">{GENERIC_ERROR}</Alert>;

  const name = stockName(currentData);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary">
          {kindLabel}
        </Typography>
        <Typography variant="h4" component="h1">
          {name}
        </Typography>
      </Box>
      {'chemical' in currentData && <HazardSummary hazards={currentData} />}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        {recordFields(record.kind, currentData).map(({ label, value }) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {record.kind === 'chemical' && <ChemicalFiles chemicalId={record.id} name={name} />}
      {admin && <IssuedToList record={record} />}
    </Stack>
  );
}
