import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';

interface CategoryNameDialogProps {
  title: string;
  prompt: string;
  initialName: string;
  submitLabel: string;
  pending: boolean;
  /** Saves the trimmed name; resolves to whether it worked (failures show in the error dialog). */
  onSave: (name: string) => Promise<boolean>;
  onClose: () => void;
}

/** The one name form behind Create Category and Edit Category. */
export function CategoryNameDialog({
  title,
  prompt,
  initialName,
  submitLabel,
  pending,
  onSave,
  onClose,
}: CategoryNameDialogProps) {
  const [name, setName] = useState(initialName);

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      notify('Please Provide Category Name', 'error');
      return;
    }
    if (await onSave(trimmed)) onClose();
  };

  return (
    <FormDialog
      open
      title={title}
      submitLabel={submitLabel}
      pending={pending}
      onSubmit={submit}
      onClose={onClose}
    >
      <DialogContentText>{prompt}</DialogContentText>
      <TextField
        label="Name"
        autoComplete="off"
        autoFocus
        required
        slotProps={{ htmlInput: { maxLength: 50 } }}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}
