import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState, type ComponentType } from 'react';
import type { StockKind } from '../../api/stock';
import { ChemicalTab, GlasswareTab, InstrumentTab, type StockTabProps } from './stockTabs';

const tabs: { label: string; kind: StockKind; Panel: ComponentType<StockTabProps> }[] = [
  { label: 'Chemical', kind: 'chemical', Panel: ChemicalTab },
  { label: 'Instrument', kind: 'instrument', Panel: InstrumentTab },
  { label: 'Glassware', kind: 'glassware', Panel: GlasswareTab },
];

/** SPEC §2 Store stock tabs; only the chosen tab is mounted, so only its list is loaded. */
function StoreView({ admin }: StockTabProps) {
  const [selected, setSelected] = useState(0);
  const id = useId();
  const { Panel } = tabs[selected];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Store
      </Typography>
      <Tabs value={selected} onChange={(_event, index: number) => setSelected(index)} aria-label="Stock kind">
        {tabs.map(({ label }, index) => (
          <Tab key={label} label={label} id={`${id}-tab-${index}`} aria-controls={`${id}-panel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`}>
        <Panel key={selected} admin={admin} />
      </Box>
    </Stack>
  );
}

/** The public, read-only Store. */
export function StorePage() {
  return <StoreView admin={false} />;
}

/** The Store with New, Edit and Delete. */
export function AdminStorePage() {
  return <StoreView admin />;
}
