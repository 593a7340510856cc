import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, type ReactNode } from 'react';
import { specOf, STOCK_KINDS, type StockKind } from '../api/stockKinds';

interface KindTabsProps {
  /** The tab list's accessible name ('Stock kind'). */
  label: string;
  kind: StockKind;
  onChange: (kind: StockKind) => void;
  /** The chosen kind's panel: only it is mounted. */
  children: ReactNode;
}

/** One tab per stock kind, in the table's order and by its labels, over the chosen kind's panel. */
export function KindTabs({ label, kind, onChange, children }: KindTabsProps) {
  const id = useId();
  const selected = STOCK_KINDS.indexOf(kind);
  return (
    <>
      <Tabs
        value={selected}
        onChange={(_event, index: number) => onChange(STOCK_KINDS[index])}
        aria-label={label}
      >
        {STOCK_KINDS.map((tabKind, index) => (
          <Tab
            key={tabKind}
            label={specOf(tabKind).label}
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`}>
        {children}
      </Box>
    </>
  );
}
