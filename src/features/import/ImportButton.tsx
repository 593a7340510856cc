import Button from '@mui/material/Button';
import { useState } from 'react';
import type { StockKind } from '../../api/stock';
import { UploadIcon } from '../../components/icons';
import { ImportDialog } from './ImportDialog';

/** The admin Store's 'Import' action for the kind of the shown tab. */
export function ImportButton({ kind }: { kind: StockKind }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
        Import
      </Button>
      {open && <ImportDialog kind={kind} onClose={() => setOpen(false)} />}
    </>
  );
}
