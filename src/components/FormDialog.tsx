import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { FormErrorList } from './FormErrorList';

interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /**
   * Whether the form holds changes, so that Cancel, Escape or a click beside the dialog asks before throwing them
   * away. Left out, any typing or ticking in the form counts as a change (a form with choice menus or pickers,
   * which change no input a person types in, says it itself).
   */
  changed?: boolean;
  /**
   * What a refused save says that no field of the form shows beside itself (formErrors' `others`), above the
   * fields.
   */
  errors?: readonly string[];
  children: ReactNode;
}

/**
 * The foot of a modal form: Cancel, out of reach while the request runs, and the submit button with its progress.
 * FormDialog's own, and that of the dialogs that lay their form out themselves (a wider one, one inside a dialog
 * that loads first), so every form dialog ends alike.
 */
export function FormDialogActions({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={pending}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

/**
 * A modal form: Enter submits, the submit button shows progress, and it cannot be dismissed mid-request. Closed
 * with changes in it, it asks first; with none, it closes at once.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  changed,
  errors = [],
  children,
}: FormDialogProps) {
  const [typed, setTyped] = useState(false);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const close = () => {
    if (changed ?? typed) setAskingToDiscard(true);
    else onClose();
  };
  return (
    <Dialog open={open} onClose={pending ? undefined : close} maxWidth="sm" fullWidth>
      <form noValidate onSubmit={submit} onChange={() => setTyped(true)}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormErrorList messages={errors} />
            {children}
          </Stack>
        </DialogContent>
        <FormDialogActions submitLabel={submitLabel} pending={pending} onCancel={close} />
      </form>
      <ConfirmDialog
        open={askingToDiscard}
        title="Discard your changes?"
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={() => {
          setAskingToDiscard(false);
          onClose();
        }}
        onClose={() => setAskingToDiscard(false)}
      >
        {`What you changed in ${title} has not been saved and will be lost.`}
      </ConfirmDialog>
    </Dialog>
  );
}
