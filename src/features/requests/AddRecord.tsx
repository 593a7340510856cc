import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLabToday } from '../../api/calendar';
import { useStockRecordQuery } from '../../api/records';
import { pickFacts, type RequestLine } from '../../api/requests';
import { useFuzzySearchQuery } from '../../api/search';
import type { StockKind } from '../../api/stock';
import { longUsCalendarDate } from '../../components/dates';
import { hasExpired } from '../../components/labCalendar';
import { amount, kindLabels } from '../../components/stockColumns';
import { catalogIdOf, type ChosenPick } from './fulfilPicks';

interface AddRecordProps {
  line: RequestLine;
  kind: StockKind;
  picked: readonly number[];
  onAdd: (pick: ChosenPick) => void;
}

/**
 * Another record of the line's catalog item: the public search by kind finds records by the line's name, and those
 * of the same catalog entry as the record asked for are offered; an expired one is shown but cannot be chosen, as
 * the server would refuse it. The server checks the choice again.
 */
export function AddRecord({ line, kind, picked, onAdd }: AddRecordProps) {
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
          onAdd({ object_id: record.id, quantity: '0', stock: record.quantity, ...pickFacts(kind, record) });
      }}
    >
      {others.map((record) => {
        const { expiry_date, storage_place } = pickFacts(kind, record);
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
