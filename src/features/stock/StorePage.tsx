import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState, type ComponentType } from 'react';
import { calendarApi, useLabToday } from '../../api/calendar';
import { stockApi, type StockKind } from '../../api/stock';
import { STOCK_KINDS } from '../../api/stockKinds';
import { useAppDispatch, useAppSelector, useCanChangeStore } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { selectStoreRecord, storeRecordClosed } from '../../app/uiSlice';
import { KindTabs } from '../../components/KindTabs';
import { LabTodayContext } from '../../components/stockAlerts';
import { StockHistoryDrawer } from './StockPanel';
import { StockTab } from './stockTabs';
import { openingPageArgs } from './useStockPages';

/** What the Store shows first (its first tab's first page, and the lab's day for the expiry badges): asked for
 * when someone is about to open it (the shells' lazyPage). */
export function prefetchStore(dispatch: AppDispatch): void {
  dispatch(stockApi.util.prefetch('stockPage', openingPageArgs(STOCK_KINDS[0]), { ifOlderThan: 5 }));
  dispatch(calendarApi.util.prefetch('labCalendar', undefined, { ifOlderThan: 60 }));
}

interface StoreViewProps {
  /** Shows the New, Edit and Delete controls. */
  admin: boolean;
  /** More actions for the shown tab's kind, beside Export CSV (the admin Store's Import, composed by the app). */
  KindActions?: ComponentType<{ kind: StockKind }>;
}

/** SPEC §2 Store stock tabs; only the chosen tab is mounted, so only its list is loaded. */
function StoreView({ admin, KindActions }: StoreViewProps) {
  const dispatch = useAppDispatch();
  // A record another page opened here (the dashboard's rows): its tab, with its history over it.
  const requested = useAppSelector(selectStoreRecord);
  const opened = admin ? requested : undefined;
  const [kind, setKind] = useState<StockKind>(opened?.kind ?? STOCK_KINDS[0]);
  const today = useLabToday();
  const canChange = useCanChangeStore();
  return (
    <LabTodayContext value={today}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h4" component="h1">
            Store
          </Typography>
          <Stack direction="row" spacing={1}>
            {KindActions && canChange && <KindActions kind={kind} />}
          </Stack>
        </Stack>
        <KindTabs label="Stock kind" kind={kind} onChange={setKind}>
          <StockTab key={kind} kind={kind} admin={admin} />
        </KindTabs>
        {opened && (
          <Suspense fallback={null}>
            <StockHistoryDrawer
              kind={opened.kind}
              recordId={opened.id}
              name={opened.name}
              onClose={() => dispatch(storeRecordClosed())}
            />
          </Suspense>
        )}
      </Stack>
    </LabTodayContext>
  );
}

/** The public, read-only Store. */
export function StorePage() {
  return <StoreView admin={false} />;
}

/** The Store with New, Edit and Delete. */
export function AdminStorePage({ KindActions }: Pick<StoreViewProps, 'KindActions'>) {
  return <StoreView admin KindActions={KindActions} />;
}
