import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { StockKind } from '../../api/stock';
import { RecordDetails } from './RecordDetails';

/** The public page of one record, `/chemicals/12` (components/recordUrls.ts): shareable, bookmarkable. */
export function RecordPage({ kind }: { kind: StockKind }) {
  const { id } = useParams();
  const recordId = Number(id);
  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/" sx={{ alignSelf: 'flex-start' }}>
        Back to the store
      </Button>
      <RecordDetails key={`${kind}-${recordId}`} record={{ kind, id: recordId }} admin={false} />
    </Stack>
  );
}
