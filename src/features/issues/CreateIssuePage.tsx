import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLabToday } from '../../api/calendar';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useListIssueCartQuery, type CartLine } from '../../api/issueCart';
import { useConsumersTreeQuery, type LocationEntry } from '../../api/locations';
import { useLazyStockRecordQuery } from '../../api/records';
import { stockKindOf } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { LocationTree } from '../../components/LocationTree';
import { notify } from '../../components/notify';
import type { RecordRef } from '../../components/recordUrls';
import { useScanner } from '../../components/useScanner';
import { CartItemForm, type CartItem } from './CartItemForm';
import { IssueCartList } from './IssueCartList';
import { IssueConfirmDialog } from './IssueConfirmDialog';
import { ItemSearch } from './ItemSearch';
import { StorageConflictWarning } from './StorageConflictWarning';

/**
 * SPEC §2 Create An Issue: fill the cart from the search, choose a location, and issue the cart to it, once the
 * confirmation has named the lab, the lines, their estimated cost, expired stock (docs/api.md §11) and CMR
 * substances, and the fund to charge (IssueConfirmDialog); Cancel leaves the cart as it is.
 */
export function CreateIssuePage() {
  const tree = useConsumersTreeQuery();
  const cart = useListIssueCartQuery();
  const [item, setItem] = useState<CartItem | null>(null);
  const [chosenLocation, setChosenLocation] = useState<LocationEntry | null>(null);
  // The location the confirmation asks about, while it is open.
  const [confirming, setConfirming] = useState<LocationEntry | null>(null);
  const today = useLabToday();
  const lines = cart.data ?? [];
  const [readRecord] = useLazyStockRecordQuery();

  // A scanned label puts its record into the item form, as picking it from the search would.
  useScanner(async (scanned: RecordRef) => {
    const { data: record } = await readRecord(scanned);
    if (record) setItem({ kind: scanned.kind, record });
    else notify('No record in the store has that label.', 'error');
  });

  const edit = (line: CartLine) =>
    setItem({ kind: stockKindOf(line.object_type), record: line.object, line });

  const submit = () => {
    if (!chosenLocation) {
      notify('Please Select a Location.', 'error');
      return;
    }
    setConfirming(chosenLocation);
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Create an Issue
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
        <Stack spacing={3} sx={{ flexGrow: 1, minWidth: 0 }}>
          <ItemSearch onPick={setItem} />
          {item && (
            <CartItemForm
              key={item.line ? `line-${item.line.id}` : `${item.kind}-${item.record.id}`}
              item={item}
              today={today}
              onDone={() => setItem(null)}
            />
          )}
          <Paper component="section" aria-labelledby="issue-cart-heading" sx={{ p: 2 }}>
            <Typography id="issue-cart-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
              Cart
            </Typography>
            {cart.isLoading ? (
              <CenteredSpinner label="Loading the cart" />
            ) : cart.isError ? (
              <Alert severity="error">{GENERIC_ERROR}</Alert>
            ) : (
              <IssueCartList
                lines={lines}
                onEdit={edit}
                onRemoved={(line) => {
                  if (item?.line?.id === line.id) setItem(null);
                }}
              />
            )}
          </Paper>
          <StorageConflictWarning locationId={chosenLocation?.id ?? null} lines={lines} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button variant="contained" size="large" disabled={lines.length === 0} onClick={submit}>
              Submit
            </Button>
            <Typography color="text.secondary">
              {chosenLocation ? `Issue to ${chosenLocation.name}.` : 'Choose the location to issue to.'}
            </Typography>
          </Stack>
        </Stack>
        <Paper sx={{ width: { md: 320 }, flexShrink: 0 }}>
          <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
            Location
          </Typography>
          {tree.isLoading ? (
            <CenteredSpinner label="Loading locations" />
          ) : tree.isError ? (
            <Alert severity="error">{GENERIC_ERROR}</Alert>
          ) : (
            tree.data && (
              <LocationTree
                tree={tree.data}
                selectedId={chosenLocation?.id ?? null}
                onSelect={setChosenLocation}
              />
            )
          )}
        </Paper>
      </Stack>
      {confirming && (
        <IssueConfirmDialog
          location={confirming}
          lines={lines}
          today={today}
          onIssued={() => {
            setConfirming(null);
            setItem(null);
          }}
          onClose={(refused) => {
            setConfirming(null);
            // A refusal may come from a change the cart does not show yet (a hazard added, stock issued meanwhile).
            if (refused) void cart.refetch();
          }}
        />
      )}
    </Stack>
  );
}
