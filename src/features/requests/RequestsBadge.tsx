import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useStoreRequestsQuery, type RequestStatus } from '../../api/requests';
import { offScreen } from '../../components/offScreen';

/** What waits for a store manager: requests to issue and requests whose CMR lines need the store's approval. */
export const WAITING_FOR_THE_STORE: readonly RequestStatus[] = [
  'approved',
  'partly_fulfilled',
  'awaiting_store_approval',
];

/** On Requests: how many requests wait for the store; one row is asked for, only the count is read. */
export function RequestsBadge() {
  const { data } = useStoreRequestsQuery({ statuses: WAITING_FOR_THE_STORE, limit: 1, offset: 0 });
  const count = data?.count ?? 0;
  if (count === 0) return null;
  return (
    <>
      <Chip size="small" color="warning" label={count} aria-hidden sx={{ ml: 1 }} />
      <Box component="span" sx={offScreen}>
        {`, ${count} ${count === 1 ? 'request' : 'requests'} waiting for the store`}
      </Box>
    </>
  );
}
