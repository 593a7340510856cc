import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { notify } from './notify';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that keeps things as they are. */
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; Cancel takes the focus so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  pending = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {/* A div, so what is asked about may be a list. */}
        <DialogContentText component="div">{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} autoFocus>
          {cancelLabel}
        </Button>
        <Button color="error" variant="contained" loading={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface DeleteDialogProps {
  title: string;
  /** The question, naming what goes. */
  children: ReactNode;
  /** Sends the delete: a mutation's trigger, whose failure the error dialog shows. */
  onDelete: () => PromiseLike<{ error?: unknown }>;
  pending: boolean;
  /** The notice once it is gone. */
  deletedNotice: string;
  onClose: () => void;
}

/**
 * The delete of one row of a list page (an account, a category, a file), written once: asks, deletes, says so and
 * closes; a refused delete leaves the question open behind the error dialog.
 */
export function DeleteDialog({
  title,
  children,
  onDelete,
  pending,
  deletedNotice,
  onClose,
}: DeleteDialogProps) {
  const confirm = async () => {
    const result = await onDelete();
    if (result.error === undefined) {
      notify(deletedNotice, 'success');
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel="Delete"
      pending={pending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {children}
    </ConfirmDialog>
  );
}
