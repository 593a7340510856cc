import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

interface PanelDialogProps {
  title: string;
  maxWidth?: DialogProps['maxWidth'];
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog with no form to submit: what it does happens in its content (each link or unlink saves at once), and
 * Close is its only button. The shell of the files' substance-link dialogs, so the two stay alike.
 */
export function PanelDialog({ title, maxWidth = 'sm', onClose, children }: PanelDialogProps) {
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>{children}</Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
