import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { cmrStatements, useMergeIssueCartMutation, type CartLine } from '../../api/issueCart';
import type { LocationEntry } from '../../api/locations';
import { useLabFundsQuery } from '../../api/requests';
import { useCurrencyQuery } from '../../api/statements';
import { stockKindOf } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { digitsOf, estimatedCost, moneyText } from '../../components/money';
import { notify } from '../../components/notify';
import { expiredOn } from '../../components/stockAlerts';
import { amount, stockName } from '../../components/stockColumns';

/** The fund select's value for charges made without a fund. */
const NO_FUND = 'none';

interface IssueConfirmDialogProps {
  location: LocationEntry;
  lines: readonly CartLine[];
  /** Today in the lab, which tells expired stock; undefined while unknown. */
  today: string | undefined;
  onIssued: () => void;
  /** Cancel, or a refusal (already shown by the error toast): the cart stays as it is. */
  onClose: (refused?: boolean) => void;
}

/**
 * The question before the cart leaves the store, as a request's approval asks it (docs/api.md §23.6): to which lab,
 * which lines, at what estimated cost, charged to which of the lab's funds (or none, which it says), expired stock
 * named, and CMR substances issued only once the store manager confirms them as a CMR issue, which the audit log
 * records.
 */
export function IssueConfirmDialog({ location, lines, today, onIssued, onClose }: IssueConfirmDialogProps) {
  const funds = useLabFundsQuery(location.id);
  const currency = useCurrencyQuery().data?.code;
  const digits = digitsOf(currency);
  const [merge, merging] = useMergeIssueCartMutation();
  const [fund, setFund] = useState<number | typeof NO_FUND | ''>('');
  const [cmrConfirmed, setCmrConfirmed] = useState(false);
  const [checked, setChecked] = useState(false);
  const titleId = useId();
  const cmrHelpId = useId();

  const activeFunds = (funds.data ?? []).filter((candidate) => candidate.active);
  const noActiveFund = funds.data !== undefined && activeFunds.length === 0;
  // A lab without an active fund has one choice; the dialog says what it means.
  const chosenFund = noActiveFund ? NO_FUND : fund;

  const rows = lines.map((line) => {
    const kind = stockKindOf(line.object_type);
    return {
      line,
      name: stockName(line.object),
      amount: amount(kind, line.quantity),
      cost: estimatedCost(kind, line.quantity, line.object.unit_price ?? null, digits),
      expired: expiredOn(today, line.object),
      cmr: cmrStatements(line.object as { hazard_statements?: string[] }),
    };
  });
  const priced = rows.flatMap((row) => (row.cost === null ? [] : [row.cost]));
  const total = priced.reduce((sum, cost) => sum + cost, 0);
  const cmrRows = rows.filter((row) => row.cmr.length > 0);

  const fundMissing = checked && chosenFund === '';
  const cmrMissing = checked && cmrRows.length > 0 && !cmrConfirmed;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (chosenFund === '' || (cmrRows.length > 0 && !cmrConfirmed)) return;
    const result = await merge({
      locationId: location.id,
      fund: chosenFund === NO_FUND ? null : chosenFund,
      cmr_confirmed: cmrConfirmed,
    });
    if (result.error === undefined) {
      notify(`Issued to ${location.name}.`, 'success');
      onIssued();
    } else onClose(true);
  };

  const cancel = () => onClose();
  return (
    <Dialog
      open
      onClose={merging.isLoading ? undefined : cancel}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Issue the cart to {location.name}?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Table size="small" aria-label="Items to issue">
              <TableHead>
                <TableRow>
                  <TableCell>Item</TableCell>
                  <TableCell align="right">Quantity</TableCell>
                  <TableCell align="right">Estimated cost</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.line.id}>
                    <TableCell>
                      {row.name}
                      {row.expired !== null && (
                        <Typography variant="body2" color="warning.main">
                          Expired on {row.expired}.
                        </Typography>
                      )}
                      {row.cmr.length > 0 && (
                        <Typography variant="body2" color="error">
                          CMR substance: {row.cmr.join(', ')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{row.amount}</TableCell>
                    <TableCell align="right">
                      {row.cost === null ? 'No price' : moneyText(row.cost, digits, currency)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography sx={{ fontWeight: 700 }}>
              Estimated cost: {priced.length > 0 ? moneyText(total, digits, currency) : 'no prices known'}
              {priced.length > 0 && priced.length < rows.length && ' (items without a price left out)'}
            </Typography>
            {rows.some((row) => row.expired !== null) && (
              <Alert severity="warning">
                Expired stock can still be issued; check it before it leaves the store.
              </Alert>
            )}
            {funds.isLoading ? (
              <CenteredSpinner label={`Loading the funds of ${location.name}`} />
            ) : (
              <TextField
                select
                label="Fund"
                required
                value={chosenFund}
                onChange={(event) =>
                  setFund(event.target.value === NO_FUND ? NO_FUND : Number(event.target.value))
                }
                error={fundMissing}
                helperText={
                  fundMissing
                    ? 'Choose the fund to charge, or No fund.'
                    : noActiveFund
                      ? `${location.name} has no active fund: the charges go to the lab without one. The lab's managers add funds on their lab page.`
                      : chosenFund === NO_FUND
                        ? `The charges go to ${location.name} without a fund: its statement lists them under No fund (cart issues).`
                        : 'The issue’s charges go to this fund of the lab.'
                }
              >
                {activeFunds.map((candidate) => (
                  <MenuItem key={candidate.id} value={candidate.id}>
                    {candidate.code} {candidate.name}
                  </MenuItem>
                ))}
                <MenuItem value={NO_FUND}>No fund</MenuItem>
              </TextField>
            )}
            {cmrRows.length > 0 && (
              <Alert severity="error" icon={false}>
                <Typography sx={{ fontWeight: 700 }}>
                  {cmrRows.length === 1
                    ? `${cmrRows[0].name} is a CMR substance (carcinogenic, mutagenic or toxic for reproduction).`
                    : `${cmrRows.length} items are CMR substances (carcinogenic, mutagenic or toxic for reproduction).`}
                </Typography>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={cmrConfirmed}
                      onChange={(event) => setCmrConfirmed(event.target.checked)}
                      slotProps={{ input: { 'aria-describedby': cmrHelpId } }}
                    />
                  }
                  label="I confirm this as a CMR issue"
                />
                <FormHelperText id={cmrHelpId} error={cmrMissing}>
                  {cmrMissing
                    ? 'Confirm the CMR issue, or cancel and take the CMR lines out of the cart.'
                    : 'The audit log records the confirmation, with who gave it.'}
                </FormHelperText>
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={merging.isLoading} autoFocus>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={merging.isLoading}>
            {cmrRows.length > 0 ? 'Issue as a CMR issue' : 'Issue'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
