import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { createContext, useContext } from 'react';
import type { StockKind, StockRecord } from '../api/stock';
import { quantityWithUnit } from '../api/stockKinds';
import { daysUntil, hasExpired } from './labCalendar';
import { exactQuantity } from './quantities';

// How expiry dates and minimums read in the Store (docs/api.md §11): a badge beside the value, whose words say what
// its colour does, so no one needs to tell the colours apart.

/** Today in the lab ('YYYY-MM-DD'), given by the page; undefined while unknown, when dates show without badges. */
export const LabTodayContext = createContext<string | undefined>(undefined);

/** The one wording of how long a record has left: 'Expired', 'Expires today', 'Expires in 1 day', 'Expires in 5 days'. */
export function expiryText(daysLeft: number): string {
  if (daysLeft < 0) return 'Expired';
  if (daysLeft === 0) return 'Expires today';
  return `Expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
}

/** The date a record expired on, or null while it is good (or has no date, as instruments never do). */
export function expiredOn(today: string | undefined, record: StockRecord): string | null {
  const date = 'expiry_date' in record ? record.expiry_date : null;
  return today !== undefined && hasExpired(today, date) ? date : null;
}

/** Further ahead than the dashboard's widest window (90 days), a date needs no one's attention yet: no badge. */
const ATTENTION_DAYS = 90;
/** The dashboard's first window: from here on, amber. */
const SOON_DAYS = 30;

export function ExpiryCell({ date }: { date: string | null }) {
  const today = useContext(LabTodayContext);
  if (date === null) return null;
  const daysLeft = today === undefined ? undefined : daysUntil(today, date);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{date}</span>
      {daysLeft !== undefined && daysLeft <= ATTENTION_DAYS && (
        <Chip
          size="small"
          label={expiryText(daysLeft)}
          color={daysLeft < 0 ? 'error' : daysLeft <= SOON_DAYS ? 'warning' : 'default'}
          variant={daysLeft < 0 ? 'filled' : 'outlined'}
        />
      )}
    </Stack>
  );
}

/** The record's minimum and, while its quantity is below it (not at it), 'Low · 12.5 ml short'. */
export function MinimumCell({
  kind,
  quantity,
  minimum,
}: {
  kind: StockKind;
  quantity: number;
  minimum: number | null;
}) {
  if (minimum === null) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{quantityWithUnit(kind, minimum)}</span>
      {quantity < minimum && (
        <Chip
          size="small"
          color="warning"
          label={`Low · ${quantityWithUnit(kind, exactQuantity(minimum - quantity))} short`}
        />
      )}
    </Stack>
  );
}
