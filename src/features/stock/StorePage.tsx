import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState, type ComponentType } from 'react';
import { useLabToday } from '../../api/calendar';
import type { StockKind } from '../../api/stock';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectStoreRecord, storeRecordClosed } from '../../app/uiSlice';
import { LabTodayContext } from '../../components/stockAlerts';
import { StockHistoryDrawer } from './StockPanel';
import { ChemicalTab, GlasswareTab, InstrumentTab, type StockTabProps } from './stockTabs';

const tabs: { label: string; kind: StockKind; Panel: ComponentType<StockTabProps> }[] = [
  { label: 'Chemical', kind: 'chemical', Panel: ChemicalTab },
  { label: 'Instrument', kind: 'instrument', Panel: InstrumentTab },
  { label: 'Glassware', kind: 'glassware', Panel: GlasswareTab },
];

interface StoreViewProps extends StockTabProps {
  /** More actions for the shown tab's kind, beside Export CSV (the admin Store's Import, composed by the app). */
  KindActions?: ComponentType<{ kind: StockKind }>;
}

/** SPEC §2 Store stock tabs; only the chosen tab is mounted, so only its list is loaded. */
function StoreView({ admin, KindActions }: StoreViewProps) {
  const dispatch = useAppDispatch();
  // A record another page opened here (the dashboard's rows): its tab, with its history over it.
  const requested = useAppSelector(selectStoreRecord);
  const opened = admin ? requested : undefined;
  const [selected, setSelected] = useState(() =>
    opened ? tabs.findIndex((tab) => tab.kind === opened.kind) : 0,
  );
  const id = useId();
  const { Panel, kind } = tabs[selected];
  const today = useLabToday();
  return (
    <LabTodayContext value={today}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h4" component="h1">
            Store
          </Typography>
          <Stack direction="row" spacing={1}>
            {KindActions && <KindActions kind={kind} />}
          </Stack>
        </Stack>
        <Tabs
          value={selected}
          onChange={(_event, index: number) => setSelected(index)}
          aria-label="Stock kind"
        >
          {tabs.map(({ label }, index) => (
            <Tab key={label} label={label} id={`${id}-tab-${index}`} aria-controls={`${id}-panel-${index}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`}>
          <Panel key={selected} admin={admin} />
        </Box>
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
