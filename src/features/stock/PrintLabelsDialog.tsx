import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { StockKind, StockRecord } from '../../api/stock';
import { PrintIcon } from '../../components/icons';
import { LabelSheet, labelLayouts, type LabelLayout } from '../../components/labels/LabelSheet';
import { labelOf } from './labels';

interface PrintLabelsDialogProps {
  kind: StockKind;
  records: readonly StockRecord[];
  onClose: () => void;
}

/** The print preview of records' labels: choose the layout, then print through the browser (no PDF on the server). */
export function PrintLabelsDialog({ kind, records, onClose }: PrintLabelsDialogProps) {
  const [layout, setLayout] = useState<LabelLayout>(records.length === 1 ? 'single' : 'a4x24');
  const count = `${records.length} ${records.length === 1 ? 'label' : 'labels'}`;
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby="print-labels-title">
      <Stack
        className="labelstore-no-print"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ p: 2, alignItems: { md: 'center' }, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id="print-labels-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Print labels ({count})
        </Typography>
        <RadioGroup
          row
          aria-label="Label layout"
          value={layout}
          onChange={(event) => setLayout(event.target.value as LabelLayout)}
        >
          {(Object.keys(labelLayouts) as LabelLayout[]).map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={labelLayouts[option].label}
            />
          ))}
        </RadioGroup>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Stack>
      <LabelSheet labels={records.map((record) => labelOf(kind, record))} layout={layout} />
    </Dialog>
  );
}
