import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { fieldErrors, type ApiError } from '../api/errorMessage';
import { FormDialog } from './FormDialog';
import { notify } from './notify';

/** One input of a stock form; `name` is the server's write field, so its 400 message lands beside it. */
export interface FormField<Name extends string> {
  name: Name;
  label: string;
  /** A date is a calendar day, 'YYYY-MM-DD' (the browser's date picker). */
  type?: 'number' | 'date';
  optional?: boolean;
  helperText?: string;
  /** Makes the field a select, starting on the disabled placeholder. */
  choices?: { options: readonly { value: string; label: string }[]; placeholder: string };
}

export type FormValues<Name extends string> = Record<Name, string>;

/** A blank number goes to the server as null, so it reports the field rather than storing a made-up 0. */
export function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

interface StockFormDialogProps<Name extends string> {
  title: string;
  fields: readonly FormField<Name>[];
  initialValues: FormValues<Name>;
  pending: boolean;
  /** The failed save's error, whose field messages are shown under the fields. */
  error: ApiError | undefined;
  /** Sends the values; resolves to the saved record's name, or undefined when the save failed. */
  onSave: (values: FormValues<Name>) => Promise<string | undefined>;
  onClose: () => void;
  submitLabel?: string;
  /** The success toast for the saved record's name. */
  savedMessage?: (name: string) => string;
  /** More inputs after the fields, holding their own values (the chemicals' hazard block). */
  children?: ReactNode;
}

/** A blank date goes to the server as null, which clears it (docs/api.md §11). */
export function dateOrNull(text: string): string | null {
  return text === '' ? null : text;
}

/** The edited text of an optional number or date the server may answer null for. */
export function textOf(value: number | string | null): string {
  return value === null ? '' : String(value);
}

/** The create-and-edit form of stock records, shared by every kind and page; the kinds differ only in fields. */
export function StockFormDialog<Name extends string>({
  title,
  fields,
  initialValues,
  pending,
  error,
  onSave,
  onClose,
  submitLabel = 'Save',
  savedMessage = (name) => `${name} saved.`,
  children,
}: StockFormDialogProps<Name>) {
  const [values, setValues] = useState(initialValues);
  const errors = fieldErrors(error);

  const submit = async () => {
    const savedName = await onSave(values);
    if (savedName !== undefined) {
      notify(savedMessage(savedName), 'success');
      onClose();
    }
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
      {fields.map(({ name, label, type, optional, helperText, choices }, position) => (
        <TextField
          key={name}
          name={name}
          label={label}
          type={type}
          autoFocus={position === 0}
          autoComplete="off"
          required={!optional}
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          error={Boolean(errors[name])}
          helperText={errors[name] ?? helperText}
          select={Boolean(choices)}
          slotProps={{
            htmlInput: type === 'number' ? { step: 'any', min: 0 } : undefined,
            select: choices ? { displayEmpty: true } : undefined,
            // A date input always shows its own placeholder (dd/mm/yyyy), so the label stays above it.
            inputLabel: choices || type === 'date' ? { shrink: true } : undefined,
          }}
        >
          {choices && [
            <MenuItem key="" value="" disabled>
              {choices.placeholder}
            </MenuItem>,
            ...choices.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            )),
          ]}
        </TextField>
      ))}
      {children}
    </FormDialog>
  );
}
