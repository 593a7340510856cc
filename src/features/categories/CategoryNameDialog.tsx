import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
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
  /** What shows above the name, given it and the ways to replace or save it again: an edit's refused save. */
  notice?: (form: {
    name: string;
    setName: (name: string) => void;
    submit: () => Promise<void>;
  }) => ReactNode;
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
  notice,
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
      {notice?.({ name, setName, submit })}
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
