import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useLabToday } from '../../api/calendar';
import { errorMessage, type ApiError } from '../../api/errorMessage';
import { formErrors } from '../../api/fieldMessages';
import { useStockRecordQuery } from '../../api/records';
import {
  requestStatusLabels,
  useFulfilRequestMutation,
  usePickSuggestionQuery,
  type FulfilPick,
  type LabRequest,
  type PickSuggestion,
  type RequestLine,
} from '../../api/requests';
import { useFuzzySearchQuery } from '../../api/search';
import { stockKindOf, type StockKind, type StockRecord } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { longUsCalendarDate } from '../../components/dates';
import { DeleteIcon } from '../../components/icons';
import { fundText } from '../../components/money';
import { hasExpired } from '../../components/labCalendar';
import { notify } from '../../components/notify';
import { exactQuantity } from '../../components/quantities';
import { RecordLink } from '../../components/RecordLink';
import { numberOrNull } from '../../components/StockFormDialog';
import { amount, kindLabels, units } from '../../components/stockColumns';
import { offScreen } from '../../components/offScreen';

/** A record chosen for a request line, with what the store takes of it as typed. */
interface Pick {
  object_id: number;
  quantity: string;
  /** What the record holds, when known (a record added by hand). */
  stock?: number;
  expiry_date: string | null;
  opened_on: string | null;
  storage_place: string | null;
}

/** The picks by request line id. */
type Picks = Record<number, Pick[]>;

function suggestedPicks(suggestion: PickSuggestion): Picks {
  return Object.fromEntries(
    suggestion.lines.map((line) => [
      line.request_line,
      line.picks.map(({ object_id, quantity, expiry_date, opened_on, storage_place }) => ({
        object_id,
        quantity: String(quantity),
        expiry_date,
        opened_on,
        storage_place,
      })),
    ]),
  );
}

const takenOf = (pick: Pick) => numberOrNull(pick.quantity) ?? 0;

/** What the server said was wrong: each of a 400's per-pick messages ('Line 2: …'), or the one message of a 409. */
function fulfilErrors(error: ApiError): string[] {
  return formErrors(error, [], { withRefusal: true }).others;
}

/** The stock-record fields a pick shows, read alike from any kind's record. */
function recordFacts(record: StockRecord) {
  const fields = record as unknown as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : null);
  return {
    expiry_date: text('expiry_date'),
    opened_on: text('opened_on'),
    storage_place: text('storage_place'),
  };
}

/** The id of a record's catalog entry (its chemical, instrument or glassware name): the pick rule's "same item". */
function catalogIdOf(kind: StockKind, record: StockRecord): number | undefined {
  const entry = (record as unknown as Record<string, { id?: number } | undefined>)[specOf(kind).catalog.key];
  return entry?.id;
}

interface AddRecordProps {
  line: RequestLine;
  kind: StockKind;
  picked: readonly number[];
  onAdd: (pick: Pick) => void;
}

/**
 * Another record of the line's catalog item: the public search by kind finds records by the line's name, and those
 * of the same catalog entry as the record asked for are offered; an expired one is shown but cannot be chosen, as
 * the server would refuse it. The server checks the choice again.
 */
function AddRecord({ line, kind, picked, onAdd }: AddRecordProps) {
  const today = useLabToday();
  const requested = useStockRecordQuery({ kind, id: line.object_id });
  const search = useFuzzySearchQuery({ type: kind, query: line.name });
  const catalogId = requested.data ? catalogIdOf(kind, requested.data) : undefined;
  const others = (search.data?.rows ?? []).filter(
    (record) =>
      record.quantity > 0 &&
      !picked.includes(record.id) &&
      (catalogId === undefined ? record.id === line.object_id : catalogIdOf(kind, record) === catalogId),
  );
  if (requested.isLoading || search.isLoading) return null;
  if (others.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {`No other record of ${line.name} holds stock.`}
      </Typography>
    );
  return (
    <TextField
      select
      size="small"
      label={`Add record for ${line.name}`}
      value=""
      sx={{ minWidth: 320, alignSelf: 'flex-start' }}
      onChange={(event) => {
        const record = others.find(({ id }) => id === Number(event.target.value));
        if (record)
          onAdd({ object_id: record.id, quantity: '0', stock: record.quantity, ...recordFacts(record) });
      }}
    >
      {others.map((record) => {
        const { expiry_date, storage_place } = recordFacts(record);
        const expired = today !== undefined && hasExpired(today, expiry_date);
        const details = [
          `${amount(kind, record.quantity)} in stock`,
          expiry_date && `${expired ? 'expired' : 'expires'} ${longUsCalendarDate(expiry_date)}`,
          storage_place,
        ].filter(Boolean);
        return (
          <MenuItem key={record.id} value={record.id} disabled={expired}>
            {`${kindLabels[kind]} #${record.id} · ${details.join(' · ')}`}
          </MenuItem>
        );
      })}
    </TextField>
  );
}

interface LinePicksProps {
  line: RequestLine;
  open: number;
  picks: Pick[];
  onChange: (picks: Pick[]) => void;
}

/** One open request line: the records to take from, each quantity editable, and what stays on back-order. */
function LinePicks({ line, open, picks, onChange }: LinePicksProps) {
  const kind = stockKindOf(line.object_type);
  const short = exactQuantity(open - picks.reduce((sum, pick) => sum + takenOf(pick), 0));
  const headingId = `fulfil-line-${line.id}`;
  const change = (index: number, pick: Pick) => onChange(picks.map((old, at) => (at === index ? pick : old)));
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h6" component="h3">
        {`${line.name} — ${amount(kind, open)} open`}
      </Typography>
      {picks.length === 0 ? (
        <Typography variant="body2">No record picked.</Typography>
      ) : (
        <Table size="small" aria-label={`Records for ${line.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Record</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>Opened on</TableCell>
              <TableCell>Storage place</TableCell>
              <TableCell>Quantity to take</TableCell>
              <TableCell>
                <Box component="span" sx={offScreen}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {picks.map((pick, index) => {
              const record = `${kindLabels[kind]} #${pick.object_id}`;
              return (
                <TableRow key={pick.object_id}>
                  <TableCell>
                    <RecordLink record={{ kind, id: pick.object_id }}>{record}</RecordLink>
                  </TableCell>
                  <TableCell>{pick.expiry_date ? longUsCalendarDate(pick.expiry_date) : ''}</TableCell>
                  <TableCell>{pick.opened_on ? longUsCalendarDate(pick.opened_on) : ''}</TableCell>
                  <TableCell>{pick.storage_place ?? ''}</TableCell>
                  <TableCell>
                    <TextField
                      type="number"
                      size="small"
                      value={pick.quantity}
                      onChange={(event) => change(index, { ...pick, quantity: event.target.value })}
                      helperText={
                        pick.stock === undefined ? undefined : `${amount(kind, pick.stock)} in stock`
                      }
                      sx={{ width: 160 }}
                      slotProps={{
                        htmlInput: {
                          'aria-label': `Quantity of ${record} for ${line.name}`,
                          min: 0,
                          step: specOf(kind).decimals > 0 ? 'any' : 1,
                        },
                        input: {
                          endAdornment: <InputAdornment position="end">{units[kind]}</InputAdornment>,
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <IconButton
                      aria-label={`Remove ${record} for ${line.name}`}
                      onClick={() => onChange(picks.filter((_, at) => at !== index))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {short > 0 && (
        <Typography variant="body2" color="warning.main">
          {`${amount(kind, short)} short — stays on back-order`}
        </Typography>
      )}
      {short < 0 && (
        <Typography variant="body2" color="error">
          {`${amount(kind, -short)} more than is open`}
        </Typography>
      )}
      <AddRecord
        line={line}
        kind={kind}
        picked={picks.map((pick) => pick.object_id)}
        onAdd={(pick) => onChange([...picks, pick])}
      />
    </Stack>
  );
}

type Fulfilment = ReturnType<typeof useFulfilRequestMutation>;

interface FulfilFormProps {
  request: LabRequest;
  labName: string;
  suggestion: PickSuggestion;
  fulfilment: Fulfilment;
  onClose: () => void;
}

function FulfilForm({ request, labName, suggestion, fulfilment, onClose }: FulfilFormProps) {
  // The suggestion of the moment the dialog opened: the store edits it from there.
  const [picks, setPicks] = useState<Picks>(() => suggestedPicks(suggestion));
  const [nothingPicked, setNothingPicked] = useState(false);
  const [fulfil, { isLoading, error }] = fulfilment;
  const linesById = new Map(request.lines.map((line) => [line.id, line]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines: FulfilPick[] = Object.entries(picks).flatMap(([requestLine, linePicks]) =>
      linePicks
        .filter((pick) => takenOf(pick) > 0)
        .map((pick) => ({
          request_line: Number(requestLine),
          object_id: pick.object_id,
          quantity: numberOrNull(pick.quantity),
        })),
    );
    setNothingPicked(lines.length === 0);
    if (lines.length === 0) return;
    const result = await fulfil({ id: request.id, locationId: request.location, lines });
    if (result.data) {
      const { issue, request: after } = result.data;
      notify(
        `Issue #${issue.id} to ${labName} made: request #${request.id} is ${requestStatusLabels[after.status].toLowerCase()}.`,
        'success',
      );
      onClose();
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={3}>
          <Typography>
            {`For ${labName}, charged to ${fundText(request.fund)}. The suggestion takes opened records first, then the earliest expiry; change a quantity, remove a record or add another.`}
          </Typography>
          {suggestion.lines.map((suggested) => {
            const line = linesById.get(suggested.request_line);
            if (!line) return null;
            return (
              <LinePicks
                key={line.id}
                line={line}
                open={suggested.open_quantity}
                picks={picks[line.id] ?? []}
                onChange={(linePicks) => setPicks((all) => ({ ...all, [line.id]: linePicks }))}
              />
            );
          })}
          {nothingPicked && <Alert severity="error">Pick at least one record with a quantity above 0.</Alert>}
          {error && (
            <Alert severity="error">
              {fulfilErrors(error).map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isLoading}>
          Fulfil
        </Button>
      </DialogActions>
    </form>
  );
}

interface FulfilDialogProps {
  request: LabRequest;
  labName: string;
  onClose: () => void;
}

/** Issues an approved request's open lines to its lab from the records the store picks (docs/api.md §26.7–26.8). */
export function FulfilDialog({ request, labName, onClose }: FulfilDialogProps) {
  const suggestion = usePickSuggestionQuery(request.id, { refetchOnMountOrArgChange: true });
  // A suggestion cached from an earlier opening may be stale: the form starts from one read since this one opened,
  // and keeps what the store typed when a later change of stock refetches it.
  const [openedAt] = useState(Date.now);
  // Held here so that the dialog cannot be dismissed while the issue is being written.
  const fulfilment = useFulfilRequestMutation();
  const fresh =
    suggestion.data && (suggestion.fulfilledTimeStamp ?? 0) >= openedAt ? suggestion.data : undefined;
  return (
    <Dialog open onClose={fulfilment[1].isLoading ? undefined : onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{`Fulfil request #${request.id} of ${labName}`}</DialogTitle>
      {suggestion.isError ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(suggestion.error)}</Alert>
        </DialogContent>
      ) : !fresh ? (
        <DialogContent>
          <CenteredSpinner label="Loading the pick suggestion" />
        </DialogContent>
      ) : fresh.lines.length === 0 ? (
        <>
          <DialogContent>
            <Typography>Nothing of this request is open.</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <FulfilForm
          request={request}
          labName={labName}
          suggestion={fresh}
          fulfilment={fulfilment}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}
