import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { type ApiError } from '../../api/errorMessage';
import { formErrors } from '../../api/fieldMessages';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';

interface CategoryNameDialogProps {
  title: string;
  prompt: string;
  initialName: string;
  submitLabel: string;
  pending: boolean;
  /** The failed save's error: a refused name shows beside the field, other failures in the error dialog. */
  error: ApiError | undefined;
  /** Saves the trimmed name; resolves to whether it worked. */
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
  error,
  onSave,
  onClose,
  notice,
}: CategoryNameDialogProps) {
  const [name, setName] = useState(initialName);
  const refused = formErrors(error, ['name']);

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
      errors={refused.others}
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
        error={'name' in refused.fields}
        helperText={refused.fields.name}
      />
    </FormDialog>
  );
}
