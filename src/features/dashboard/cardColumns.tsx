import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AttentionRow, OwnLine } from '../../api/dashboard';
import type { DescribedRecord } from '../../api/stockKinds';
import { stockKindOf, type StockKind } from '../../api/stock';
import { useAppDispatch } from '../../app/hooks';
import { adminPageSelected, storeRecordRequested } from '../../app/uiSlice';
import { longUsCalendarDate } from '../../components/dates';
import { expiryText } from '../../components/stockAlerts';
import { exactQuantity } from '../../components/quantities';
import { amount, kindLabels, units } from '../../components/stockColumns';
import type { CellValue, Column } from '../../components/columns';

// SPEC §2's admin pages the dashboard opens (features open pages through the shell's state, not each other).
export const ADD_SHIPMENT_PAGE = 1;
export const STORE_PAGE = 2;
export const LOCATION_PAGE = 3;
export const CREATE_ISSUE_PAGE = 4;
export const SHIPMENT_PAGE = 6;

/**
 * One column of a card: `value` is what its CSV export writes and, where the screen shows more than that text (a
 * link), `cell` how it renders; the screen and the file have the same columns in the same order.
 */
export type CardColumn<Row> = Column<Row> & { value: (row: Row) => CellValue };

/** A row about one stock record. */
type RecordRow = Pick<AttentionRow, 'object_type' | 'object_id' | 'item'>;

export const kindOf = (row: RecordRow): StockKind => stockKindOf(row.object_type);

/** 'Ethanol' opening the admin Store on the record, with its history (the page's way of opening a record). */
function RecordLink({ row }: { row: RecordRow }) {
  const dispatch = useAppDispatch();
  const open = () => {
    dispatch(storeRecordRequested({ kind: kindOf(row), id: row.object_id, name: row.item.name }));
    dispatch(adminPageSelected(STORE_PAGE));
  };
  return (
    <>
      <Link component="button" variant="body2" sx={{ textAlign: 'left' }} onClick={open}>
        {row.item.name}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {`${kindLabels[kindOf(row)]} · ${tradeNames(row.item)}`}
      </Typography>
    </>
  );
}

const tradeNames = (item: DescribedRecord) => `${item.manufacturer}, ${item.supplier}`;

/** Item, then (in the file only, the screen shows them under the name) kind, manufacturer and supplier. */
export function recordColumns<Row extends RecordRow>(): CardColumn<Row>[] {
  return [{ header: 'Item', value: (row) => row.item.name, cell: (row) => <RecordLink row={row} /> }];
}

/**
 * What identifies a record in an exported file besides its name, and the unit of its quantities: the file holds
 * them as numbers (so a spreadsheet adds them up), and kinds of different units mix in one card.
 */
export function recordFileColumns<Row extends RecordRow>(): CardColumn<Row>[] {
  return [
    { header: 'Kind', value: (row) => kindLabels[kindOf(row)] },
    { header: 'Manufacturer', value: (row) => row.item.manufacturer },
    { header: 'Supplier', value: (row) => row.item.supplier },
    { header: 'Unit', value: (row) => units[kindOf(row)] },
  ];
}

/**
 * A quantity of the row's record: '250.5 ml' on screen, the number 250.5 in the file (its unit in the Unit column);
 * nothing when there is none (a record without a minimum).
 */
export function quantityColumn<Row extends RecordRow>(
  header: string,
  quantityOf: (row: Row) => number | null = (row) => (row as Row & Pick<OwnLine, 'quantity'>).quantity,
): CardColumn<Row> {
  const quantity = (row: Row) => {
    const value = quantityOf(row);
    return value === null ? null : exactQuantity(value);
  };
  return {
    header,
    value: quantity,
    cell: (row) => {
      const value = quantity(row);
      return value === null ? '' : amount(kindOf(row), value);
    },
  };
}

/** 'March 9, 2026' from a calendar date, or nothing. */
export const calendarDate = (date: string | null) => (date === null ? '' : longUsCalendarDate(date));

/**
 * Days to an expiry date counted from the lab's today, as the server counted them: the Store's wording, and since
 * when an expired record has been expired.
 */
export function daysText(daysLeft: number | null): string {
  if (daysLeft === null) return '';
  if (daysLeft >= 0) return expiryText(daysLeft);
  return `Expired ${-daysLeft} ${daysLeft === -1 ? 'day' : 'days'} ago`;
}
