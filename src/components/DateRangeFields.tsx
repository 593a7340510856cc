import TextField from '@mui/material/TextField';
import { localDayBounds } from './dates';

/** Two days on the viewer's calendar ('2026-11-21'), either empty for an open end. */
export interface DayRange {
  from: string;
  to: string;
}

export const anyDay: DayRange = { from: '', to: '' };

/** The range as the instants the server filters by: from the start of `from` to the end of `to`, local time. */
export function dayRangeBounds({ from, to }: DayRange): DayRange {
  return { from: from && localDayBounds(from).start, to: to && localDayBounds(to).end };
}

/** 'From' and 'To' date inputs of a list's filters. */
export function DateRangeFields({
  value,
  onChange,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const dateField = (label: string, key: keyof DayRange) => (
    <TextField
      label={label}
      type="date"
      size="small"
      value={value[key]}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <>
      {dateField('From', 'from')}
      {dateField('To', 'to')}
    </>
  );
}
