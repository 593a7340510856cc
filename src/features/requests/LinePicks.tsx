import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RequestLine } from '../../api/requests';
import { stockKindOf } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { longUsCalendarDate } from '../../components/dates';
import { DeleteIcon } from '../../components/icons';
import { offScreen } from '../../components/offScreen';
import { exactQuantity } from '../../components/quantities';
import { RecordLink } from '../../components/RecordLink';
import { amount, kindLabels, units } from '../../components/stockColumns';
import { AddRecord } from './AddRecord';
import { takenOf, type ChosenPick } from './fulfilPicks';
import { LineNote } from '../../components/LineNote';

interface LinePicksProps {
  line: RequestLine;
  open: number;
  picks: ChosenPick[];
  onChange: (picks: ChosenPick[]) => void;
}

/** One open request line: the records to take from, each quantity editable, and what stays on back-order. */
export function LinePicks({ line, open, picks, onChange }: LinePicksProps) {
  const kind = stockKindOf(line.object_type);
  const short = exactQuantity(open - picks.reduce((sum, pick) => sum + takenOf(pick), 0));
  const headingId = `fulfil-line-${line.id}`;
  const change = (index: number, pick: ChosenPick) =>
    onChange(picks.map((old, at) => (at === index ? pick : old)));
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h6" component="h3">
        {`${line.name} — ${amount(kind, open)} open`}
      </Typography>
      {line.note !== '' && <LineNote note={line.note} />}
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
