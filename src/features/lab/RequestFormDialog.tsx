import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useLabToday } from '../../api/calendar';
import {
  useLabFundsQuery,
  useResubmitRequestMutation,
  useSubmitRequestMutation,
  LINE_NOTE_MAX_LENGTH,
  REQUEST_TEXT_MAX_LENGTH,
  type LabRequest,
  type RequestFields,
} from '../../api/requests';
import type { SearchHit } from '../../api/search';
import { stockKindOf, type ObjectType } from '../../api/stock';
import { specOf, STOCK_UNITS, type StockKind } from '../../api/stockKinds';
import { DeleteIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { kindLabels, stockName } from '../../components/stockColumns';
import { unitPriceText } from '../../components/statements';
import { RecordPicker } from './RecordPicker';
import { digitsOf, estimatedCost, moneyText } from '../../components/money';
import { FormErrorList } from '../../components/FormErrorList';
import { FormDialogActions } from '../../components/FormDialog';

/** A line being written: the record asked for and the quantity as typed. */
interface DraftLine {
  objectType: ObjectType;
  objectId: number;
  name: string;
  unitPrice: number | null;
  quantity: string;
  /** What the lab adds for the store about this line. */
  note: string;
}

type LineChange = Partial<Pick<DraftLine, 'quantity' | 'note'>>;

const lineKey = (line: { objectType: ObjectType; objectId: number }) => `${line.objectType}-${line.objectId}`;
const quantityInputId = (line: DraftLine) => `request-line-quantity-${lineKey(line)}`;

function draftOf(request: LabRequest | undefined): {
  lines: DraftLine[];
  fund: number | '';
  neededBy: string;
  note: string;
} {
  if (!request) return { lines: [], fund: '', neededBy: '', note: '' };
  return {
    lines: request.lines.map((line) => ({
      objectType: line.object_type,
      objectId: line.object_id,
      name: line.name,
      unitPrice: line.unit_price,
      quantity: String(line.quantity),
      note: line.note,
    })),
    fund: request.fund.id,
    neededBy: request.needed_by ?? '',
    note: request.note,
  };
}

/** A typed quantity as sent: blank as null, so the server names the missing quantity. */
const typedQuantity = (text: string): number | null => (text.trim() === '' ? null : Number(text));

interface RequestFormDialogProps {
  locationId: number;
  labName: string;
  /** The store's currency, once the server has said it. */
  currency: string | undefined;
  /** A returned request to edit and submit again; none: a new request. */
  request?: LabRequest;
  onClose: () => void;
}

/**
 * A new request to the store, or a returned one edited: lines from the catalogue (one per record), each with its
 * quantity in the kind's unit and its estimated cost, a fund of the lab, an optional needed-by date and note.
 */
export function RequestFormDialog({
  locationId,
  labName,
  currency,
  request,
  onClose,
}: RequestFormDialogProps) {
  const [draft, setDraft] = useState(() => draftOf(request));
  // Each pick asks anew, so picking the same record twice focuses its line twice.
  const [focusLine, setFocusLine] = useState<{ inputId: string; pick: number }>();
  const today = useLabToday();
  const { data: funds } = useLabFundsQuery(locationId);
  const [submitRequest, submitted] = useSubmitRequestMutation();
  const [resubmitRequest, resubmitted] = useResubmitRequestMutation();
  const { isLoading: pending, error } = request ? resubmitted : submitted;
  const errors = formErrors(error, ['fund', 'needed_by', 'note'], { withRefusal: true });
  const digits = digitsOf(currency);

  // A record picked again is not a second line: its quantity field takes the focus, once it is on screen.
  useEffect(() => {
    if (focusLine !== undefined) document.getElementById(focusLine.inputId)?.focus();
  }, [focusLine]);

  const offeredFunds = (funds ?? []).filter((fund) => fund.active || fund.id === draft.fund);

  const addLine = (hit: SearchHit) => {
    const line: DraftLine = {
      objectType: hit.type,
      objectId: hit.id,
      name: stockName(hit),
      unitPrice: hit.unit_price ?? null,
      quantity: '',
      note: '',
    };
    setDraft((current) =>
      current.lines.some((existing) => lineKey(existing) === lineKey(line))
        ? current
        : { ...current, lines: [...current.lines, line] },
    );
    setFocusLine((last) => ({ inputId: quantityInputId(line), pick: (last?.pick ?? 0) + 1 }));
  };
  const changeLine = (key: string, change: LineChange) =>
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line) => (lineKey(line) === key ? { ...line, ...change } : line)),
    }));
  const removeLine = (key: string) =>
    setDraft((current) => ({ ...current, lines: current.lines.filter((line) => lineKey(line) !== key) }));

  const costs = draft.lines.map((line) =>
    estimatedCost(stockKindOf(line.objectType), typedQuantity(line.quantity), line.unitPrice, digits),
  );
  const priced = costs.filter((cost): cost is number => cost !== null);
  const total = priced.reduce((sum, cost) => sum + cost, 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields: RequestFields = {
      fund: draft.fund === '' ? null : draft.fund,
      needed_by: draft.neededBy === '' ? null : draft.neededBy,
      note: draft.note,
      lines: draft.lines.map((line) => ({
        object_type: line.objectType,
        object_id: line.objectId,
        quantity: typedQuantity(line.quantity),
        note: line.note,
      })),
    };
    const result = request
      ? await resubmitRequest({ id: request.id, fields })
      : await submitRequest({ locationId, fields });
    if (result.error === undefined) {
      notify(
        request ? `Request #${request.id} submitted again.` : `Request #${result.data.id} submitted.`,
        'success',
      );
      onClose();
    }
  };

  const title = request ? `Edit request #${request.id}` : `New request for ${labName}`;
  return (
    <Dialog open onClose={pending ? undefined : onClose} maxWidth="md" fullWidth>
      <form noValidate onSubmit={submit} aria-label={title}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormErrorList messages={errors.others} />
            <RecordPicker onPick={addLine} />
            {draft.lines.length === 0 ? (
              <Typography color="text.secondary">
                No items yet: search the catalogue above to add one.
              </Typography>
            ) : (
              <Stack
                component="ul"
                spacing={1.5}
                aria-label="Items requested"
                sx={{ listStyle: 'none', p: 0, m: 0 }}
              >
                {draft.lines.map((line, position) => (
                  <LineRow
                    key={lineKey(line)}
                    line={line}
                    cost={costs[position]}
                    digits={digits}
                    currency={currency}
                    onChange={(change) => changeLine(lineKey(line), change)}
                    onRemove={() => removeLine(lineKey(line))}
                  />
                ))}
              </Stack>
            )}
            {draft.lines.length > 0 && (
              <Typography sx={{ fontWeight: 700 }}>
                Estimated total: {priced.length > 0 ? moneyText(total, digits, currency) : 'no prices known'}
                {priced.length > 0 &&
                  priced.length < draft.lines.length &&
                  ' (items without a price left out)'}
              </Typography>
            )}
            <TextField
              select
              label="Fund"
              required
              // Until the funds are loaded an edited request's fund is not among the options yet.
              value={funds ? draft.fund : ''}
              onChange={(event) => setDraft({ ...draft, fund: Number(event.target.value) })}
              error={'fund' in errors.fields}
              helperText={
                errors.fields.fund ??
                (funds && offeredFunds.length === 0 ? 'The lab has no active fund.' : ' ')
              }
            >
              {offeredFunds.map((fund) => (
                <MenuItem key={fund.id} value={fund.id}>
                  {fund.code} {fund.name}
                  {!fund.active && ' (inactive)'}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label="Needed by"
              value={draft.neededBy}
              onChange={(event) => setDraft({ ...draft, neededBy: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
              error={'needed_by' in errors.fields}
              helperText={errors.fields.needed_by ?? 'Optional'}
            />
            <TextField
              label="Note"
              multiline
              minRows={2}
              value={draft.note}
              onChange={(event) => setDraft({ ...draft, note: event.target.value })}
              slotProps={{ htmlInput: { maxLength: REQUEST_TEXT_MAX_LENGTH } }}
              error={'note' in errors.fields}
              helperText={errors.fields.note ?? `Optional · ${draft.note.length}/${REQUEST_TEXT_MAX_LENGTH}`}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions
          submitLabel={request ? 'Resubmit' : 'Submit request'}
          pending={pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

function LineRow({
  line,
  cost,
  digits,
  currency,
  onChange,
  onRemove,
}: {
  line: DraftLine;
  cost: number | null;
  digits: number;
  currency: string | undefined;
  onChange: (change: LineChange) => void;
  onRemove: () => void;
}) {
  const kind: StockKind = stockKindOf(line.objectType);
  const unit = STOCK_UNITS[kind];
  const { decimals } = specOf(kind);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={2}
      useFlexGap
      aria-label={line.name}
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Stack sx={{ flex: '1 1 200px' }}>
        <Typography sx={{ fontWeight: 700 }}>{line.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {kindLabels[kind]} · {unitPriceText(line.unitPrice, currency, unit)}
        </Typography>
      </Stack>
      <TextField
        id={quantityInputId(line)}
        type="number"
        size="small"
        // The row names the item; the short label fits a long name's row, the input's name says the item.
        label="Quantity"
        value={line.quantity}
        onChange={(event) => onChange({ quantity: event.target.value })}
        sx={{ width: 200 }}
        slotProps={{
          htmlInput: {
            min: 0,
            step: decimals > 0 ? 10 ** -decimals : 1,
            'aria-label': `Quantity of ${line.name}`,
          },
          input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
        }}
        helperText={decimals > 0 ? `Up to ${decimals} decimals` : 'Whole pieces'}
      />
      <Chip
        variant="outlined"
        label={cost === null ? 'No estimate' : `≈ ${moneyText(cost, digits, currency)}`}
        aria-label={
          cost === null
            ? `No estimated cost for ${line.name}`
            : `Estimated cost of ${line.name}: ${moneyText(cost, digits, currency)}`
        }
      />
      <IconButton aria-label={`Remove ${line.name}`} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
      <TextField
        size="small"
        label="Note for the store"
        value={line.note}
        onChange={(event) => onChange({ note: event.target.value })}
        sx={{ flex: '1 1 100%' }}
        slotProps={{
          htmlInput: { maxLength: LINE_NOTE_MAX_LENGTH, 'aria-label': `Note for the store on ${line.name}` },
        }}
        helperText={`Optional: a grade, a brand, a pack size · ${line.note.length}/${LINE_NOTE_MAX_LENGTH}`}
      />
    </Stack>
  );
}
