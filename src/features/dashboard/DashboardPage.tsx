import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  expiryWindows,
  type AttentionRow,
  type ExpiryWindow,
  type OwnLine,
  type RecentIssue,
  type RecentShipment,
} from '../../api/dashboard';
import { errorMessage } from '../../api/errorMessage';
import { useAppDispatch, useCanChangeStore } from '../../app/hooks';
import { adminPageSelected, dashboardWindowChosen } from '../../app/uiSlice';
import { localDateTime, longUsCalendarDate } from '../../components/dates';
import { kindLabels } from '../../components/stockColumns';
import {
  ADD_SHIPMENT_PAGE,
  calendarDate,
  CREATE_ISSUE_PAGE,
  daysText,
  LOCATION_PAGE,
  quantityColumn,
  recordColumns,
  recordFileColumns,
  SHIPMENT_PAGE,
  type CardColumn,
} from './cardColumns';
import { DashboardCard } from './DashboardCard';
import { ReorderListDialog } from './ReorderListDialog';
import { useDashboard } from './useDashboard';

// What every card of stock records or own lines shares: the rows' keys and the identifying columns of the file.
const recordCard = {
  rowKey: (row: AttentionRow) => `${row.object_type}-${row.object_id}`,
  fileColumns: recordFileColumns<AttentionRow>(),
};
const lineCard = {
  rowKey: (row: OwnLine) => `${row.object_type}-${row.id}`,
  fileColumns: recordFileColumns<OwnLine>(),
};

const inStock = quantityColumn<AttentionRow>('In stock');

const belowMinimumColumns: CardColumn<AttentionRow>[] = [
  ...recordColumns<AttentionRow>(),
  inStock,
  quantityColumn('Minimum', (row) => row.minimum_quantity),
  quantityColumn('Shortfall', (row) => row.shortfall),
];

const expiryColumns: CardColumn<AttentionRow>[] = [
  ...recordColumns<AttentionRow>(),
  inStock,
  { header: 'Expiry date', value: (row) => calendarDate(row.expiry_date) },
  { header: 'Days', value: (row) => daysText(row.days_left) },
];

const deadStockColumns: CardColumn<AttentionRow>[] = [...recordColumns<AttentionRow>(), inStock];

const ownLineColumns: CardColumn<OwnLine>[] = [...recordColumns<OwnLine>(), quantityColumn('Quantity')];

/** A link that opens an admin page through the shell. */
function PageLink({ page, children }: { page: number; children: string }) {
  const dispatch = useAppDispatch();
  return (
    <Link component="button" variant="body2" onClick={() => dispatch(adminPageSelected(page))}>
      {children}
    </Link>
  );
}

/** A button under a card that opens the page its rows belong to. */
function PageButton({ page, children }: { page: number; children: string }) {
  const dispatch = useAppDispatch();
  return (
    <Button size="small" variant="outlined" onClick={() => dispatch(adminPageSelected(page))}>
      {children}
    </Button>
  );
}

const shipmentColumns: CardColumn<RecentShipment>[] = [
  {
    header: 'Shipment',
    value: (row) => `Shipment #${row.id}`,
    cell: (row) => <PageLink page={SHIPMENT_PAGE}>{`Shipment #${row.id}`}</PageLink>,
  },
  { header: 'Kind', value: (row) => kindLabels[row.type] },
  { header: 'Date and time', value: (row) => localDateTime(row.date_time) },
  { header: 'By', value: (row) => row.user_email },
  { header: 'Lines', value: (row) => row.lines },
  { header: 'Status', value: (row) => (row.reverted_at ? 'Undone' : '') },
];

const issueColumns: CardColumn<RecentIssue>[] = [
  {
    header: 'Location',
    value: (row) => row.location.name,
    cell: (row) => <PageLink page={LOCATION_PAGE}>{row.location.name}</PageLink>,
  },
  { header: 'Room', value: (row) => `${row.location.room_number}, ${row.location.building_name}` },
  { header: 'Date and time', value: (row) => localDateTime(row.created_at) },
  { header: 'By', value: (row) => row.user_email },
  { header: 'Lines', value: (row) => row.lines },
];

const cardGrid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
  alignItems: 'start',
} as const;

/** Issue 13: what needs attention, the admin's first page; each card counts, lists the first rows and exports them. */
export function DashboardPage() {
  const dispatch = useAppDispatch();
  const { within, data, currentData, isError, error, refetch } = useDashboard();
  const [reorderOpen, setReorderOpen] = useState(false);
  const canChange = useCanChangeStore();

  const chooseWindow = (_event: unknown, chosen: ExpiryWindow | null) => {
    if (chosen !== null) dispatch(dashboardWindowChosen(chosen));
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          Dashboard
        </Typography>
        {data && (
          <Typography color="text.secondary">
            {`Today in the lab: ${longUsCalendarDate(data.today)} (${data.time_zone})`}
          </Typography>
        )}
      </Stack>
      {isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          {`The dashboard could not be loaded: ${errorMessage(error)}`}
        </Alert>
      ) : (
        <Box sx={cardGrid}>
          <DashboardCard
            title="Below minimum"
            subject="below-minimum"
            card={data?.below_minimum}
            columns={belowMinimumColumns}
            {...recordCard}
            empty="Nothing below minimum."
            actions={
              <Button
                size="small"
                variant="contained"
                disabled={!data || data.below_minimum.count === 0}
                onClick={() => setReorderOpen(true)}
              >
                Reorder list
              </Button>
            }
          />
          <DashboardCard
            title="Expired"
            subject="expired"
            card={data?.expired}
            columns={expiryColumns}
            {...recordCard}
            empty="Nothing has expired."
          />
          <DashboardCard
            title={`Expiring within ${within} days`}
            subject={`expiring-within-${within}-days`}
            // The answer for the window chosen: another window's rows would be wrong here, so it loads afresh.
            card={currentData?.expiring}
            columns={expiryColumns}
            {...recordCard}
            empty={`Nothing expires within ${within} days.`}
            controls={
              <ToggleButtonGroup
                size="small"
                exclusive
                value={within}
                onChange={chooseWindow}
                aria-label="Expiring within"
              >
                {expiryWindows.map((days) => (
                  <ToggleButton key={days} value={days}>
                    {`${days} days`}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            }
          />
          <DashboardCard
            title="Dead stock (no issue in 12 months)"
            subject="dead-stock"
            card={data?.dead_stock}
            columns={deadStockColumns}
            {...recordCard}
            empty="No dead stock."
          />
          <DashboardCard
            title="Last shipments"
            subject="last-shipments"
            card={data?.recent_shipments}
            columns={shipmentColumns}
            rowKey={(row) => row.id}
            empty="No shipments yet."
            actions={<PageButton page={SHIPMENT_PAGE}>Open Shipment</PageButton>}
          />
          <DashboardCard
            title="Last issues"
            subject="last-issues"
            card={data?.recent_issues}
            columns={issueColumns}
            rowKey={(row) => row.id}
            empty="No issues yet."
            actions={<PageButton page={LOCATION_PAGE}>Open Location</PageButton>}
          />
          {/* A person's own staging list and cart: tools of change, which an auditor has neither of. */}
          {canChange && (
            <>
              <DashboardCard
                title="Staged lines not merged"
                subject="staged-lines"
                card={data?.staged_lines}
                columns={ownLineColumns}
                {...lineCard}
                empty="No staged lines."
                actions={<PageButton page={ADD_SHIPMENT_PAGE}>Open Add Shipment</PageButton>}
              />
              <DashboardCard
                title="Cart not submitted"
                subject="cart"
                card={data?.cart_lines}
                columns={ownLineColumns}
                {...lineCard}
                empty="The cart is empty."
                actions={<PageButton page={CREATE_ISSUE_PAGE}>Open Create an Issue</PageButton>}
              />
            </>
          )}
        </Box>
      )}
      {reorderOpen && <ReorderListDialog onClose={() => setReorderOpen(false)} />}
    </Stack>
  );
}
