import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { StockKind } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { CloseIcon } from '../../components/icons';
import { ImportWizard } from './ImportWizard';
import { PastImports } from './PastImports';

interface ImportDialogProps {
  kind: StockKind;
  onClose: () => void;
}

/** Full screen: a new import (the wizard) or the kind's past imports with their Undo. */
export function ImportDialog({ kind, onClose }: ImportDialogProps) {
  const [tab, setTab] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const id = useId();
  const title = `Import ${specOf(kind).plural}`;
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby={`${id}-title`}>
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar>
          <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <IconButton edge="end" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
        <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label="Import">
          <Tab label="New import" id={`${id}-tab-0`} aria-controls={`${id}-panel`} />
          <Tab label="Past imports" id={`${id}-tab-1`} aria-controls={`${id}-panel`} />
        </Tabs>
      </AppBar>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} sx={{ p: 3 }}>
        {tab === 0 ? (
          <ImportWizard
            key={attempt}
            kind={kind}
            onClose={onClose}
            onRestart={() => setAttempt((n) => n + 1)}
          />
        ) : (
          <PastImports kind={kind} />
        )}
      </Box>
    </Dialog>
  );
}
