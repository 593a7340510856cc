import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  ledgerKindLabels,
  ledgerKinds,
  useExportLedgerMutation,
  useListLedgerQuery,
  type LedgerEntry,
  type LedgerFilters,
  type LedgerItem,
  type LedgerKind,
} from '../../api/ledger';
import { stockKindOf, type StockKind } from '../../api/stock';
import { readLineField, specOf, STOCK_KINDS, viewItemText } from '../../api/stockKinds';
import { adminPageSelected } from '../../app/uiSlice';
import { useAppDispatch } from '../../app/hooks';
import { DateRangeFields, anyDay, dayRangeBounds, type DayRange } from '../../components/DateRangeFields';
import { localDateTime } from '../../components/dates';
import { DownloadButton, notifySaved } from '../../components/DownloadButton';
import { ChoiceFilter, labelledChoices, TextFilter } from '../../components/FilterFields';
import { FilterBar, PagedTable, usePagedFilters } from '../../components/PagedTable';
import { amount, kindLabels, signedAmount } from '../../components/stockColumns';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import type { Column } from '../../components/VirtualTable';

// SPEC §2's index of the Shipment history page, which a shipment entry links to. Issues have no page of their
// own (they show under their location, which a ledger entry does not name), so an issue entry shows its id.
const SHIPMENT_PAGE = 6;

const TYPING_PAUSE_MS = 300;

const itemKindChoices = labelledChoices(STOCK_KINDS, kindLabels);

/** The fields that tell the record apart from others of its name (SPEC's columns), then its maker, one line. */
function identifyingFields(kind: StockKind, item: LedgerItem): string {
  const fields = specOf(kind).views.identifying.map((name) => viewItemText(kind, name, item, readLineField));
  return [...fields, `${item.manufacturer}/${item.supplier}`].join(' · ');
}

function ItemCell({ entry, kind }: { entry: LedgerEntry; kind: StockKind }) {
  const record = `${kindLabels[kind]} #${entry.object_id}`;
  if (!entry.item) return <Typography variant="body2">{`Deleted record (${record})`}</Typography>;
  return (
    <>
      <Typography variant="body2">{entry.item.name}</Typography>
      <Typography variant="caption" color="text.secondary">
        {`${record} · ${identifyingFields(kind, entry.item)}`}
      </Typography>
    </>
  );
}

function SourceCell({ entry }: { entry: LedgerEntry }) {
  const dispatch = useAppDispatch();
  if (entry.shipment_id !== null)
    return (
      <Link component="button" variant="body2" onClick={() => dispatch(adminPageSelected(SHIPMENT_PAGE))}>
        {`Shipment #${entry.shipment_id}`}
      </Link>
    );
  if (entry.issue_id !== null) return `Issue #${entry.issue_id}`;
  return '';
}

const columns: Column<LedgerEntry>[] = [
  { header: 'Date and time', cell: (entry) => localDateTime(entry.created_at) },
  { header: 'Kind', cell: (entry) => ledgerKindLabels[entry.kind] },
  { header: 'Item', cell: (entry) => <ItemCell entry={entry} kind={stockKindOf(entry.object_type)} /> },
  { header: 'Change', cell: (entry) => signedAmount(stockKindOf(entry.object_type), entry.change) },
  { header: 'Balance after', cell: (entry) => amount(stockKindOf(entry.object_type), entry.balance) },
  { header: 'User', cell: (entry) => entry.user_email },
  { header: 'Shipment or issue', cell: (entry) => <SourceCell entry={entry} /> },
];

/** The filters as typed: text filters apply once typing pauses, days as the viewer's local days. */
interface FilterInputs {
  type: StockKind | '';
  kinds: LedgerKind[];
  user: string;
  days: DayRange;
  search: string;
}

const noFilters: FilterInputs = { type: '', kinds: [], user: '', days: anyDay, search: '' };

function useLedgerFilters(inputs: FilterInputs): LedgerFilters {
  const user = useDebouncedValue(inputs.user, TYPING_PAUSE_MS);
  const search = useDebouncedValue(inputs.search, TYPING_PAUSE_MS);
  return { type: inputs.type, kinds: inputs.kinds, user, search, ...dayRangeBounds(inputs.days) };
}

function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KB`;
}

/** 'Export CSV' of the entries the filters select, with what has come in so far while it downloads. */
function ExportButton({ filters }: { filters: LedgerFilters }) {
  const [exportLedger, { isLoading }] = useExportLedgerMutation();
  const [received, setReceived] = useState(0);
  const start = async () => {
    setReceived(0);
    notifySaved((await exportLedger({ ...filters, onProgress: setReceived })).data);
  };
  return (
    <DownloadButton busy={isLoading} onClick={start}>
      {isLoading ? `Exporting… ${kilobytes(received)}` : 'Export CSV'}
    </DownloadButton>
  );
}

/** Issue 11: every change of stock, newest first, filtered and paged by the server. */
export function LedgerPage() {
  const { inputs, change, field, pages, request } = usePagedFilters(noFilters);
  const filters = useLedgerFilters(inputs);
  const list = useListLedgerQuery({ ...filters, ...request });

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          Ledger
        </Typography>
        <ExportButton filters={filters} />
      </Stack>
      <FilterBar label="Ledger filters">
        <ChoiceFilter
          label="Item kind"
          all="All"
          choices={itemKindChoices}
          minWidth={150}
          {...field('type')}
        />
        <TextField
          select
          label="Kind of change"
          size="small"
          value={inputs.kinds}
          onChange={(event) => change({ kinds: event.target.value as unknown as LedgerKind[] })}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (selected) =>
                (selected as LedgerKind[]).map((kind) => ledgerKindLabels[kind]).join(', ') || 'All',
            },
            inputLabel: { shrink: true },
          }}
          sx={{ minWidth: 200 }}
        >
          {ledgerKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {ledgerKindLabels[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextFilter label="User" type="email" placeholder="E-mail" {...field('user')} />
        <DateRangeFields {...field('days')} />
        <TextFilter label="Item" type="search" placeholder="Name, CAS RN, maker…" {...field('search')} />
      </FilterBar>
      <PagedTable label="ledger entries" columns={columns} list={list} {...pages} />
    </Stack>
  );
}
