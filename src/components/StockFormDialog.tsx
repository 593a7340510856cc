import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import type { ApiError } from '../api/errorMessage';
import { formErrors } from '../api/fieldMessages';
import { readField, type StockField, type StockKind } from '../api/stockKinds';
import { shownValue, type ConflictField } from './EditConflict';
import { formChanged } from './formChanges';
import { FormDialog } from './FormDialog';
import { notify } from './notify';

/** The text in each input of a stock form, by the field's API name (its write field). */
export type FormValues = Record<string, string>;

/** A blank number goes to the server as null, so it reports the field rather than storing a made-up 0. */
export function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** A blank date goes to the server as null, which clears it (docs/api.md §11). */
export function dateOrNull(text: string): string | null {
  return text === '' ? null : text;
}

/** The edited text of a value the server may answer null for. */
export function textOf(value: number | string | null): string {
  return value === null ? '' : String(value);
}

/** The inputs of a form with nothing entered. */
export function blankValues(fields: readonly StockField[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, '']));
}

/** A record's values as its form edits them. */
export function formValuesOf(kind: StockKind, fields: readonly StockField[], record: object): FormValues {
  return Object.fromEntries(
    fields.map((field) => [field.name, textOf(readField(kind, field, record) as number | string | null)]),
  );
}

/**
 * The write fields (SERVER.md §4.3) the inputs make: text and choices as entered (an unchosen one as ''), a blank
 * number or date as null, so that the server names what is missing under the field's own key; a blank in a
 * field a record may leave unset as null, which clears it.
 */
export function writtenValues(fields: readonly StockField[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(
    fields.map(({ name, input, nullable }) => {
      const text = values[name];
      if (input.type === 'number') return [name, numberOrNull(text)];
      if (input.type === 'date') return [name, dateOrNull(text)];
      return [name, nullable && text.trim() === '' ? null : text];
    }),
  );
}

/** The fields' values in a form and on the server, as an edit's conflict lists them: a choice by its label. */
export function stockConflictFields(
  fields: readonly StockField[],
  yours: FormValues,
  current: FormValues,
): ConflictField[] {
  return fields.map(({ name, label, input }) => {
    const shown = (text: string) => shownValue(input.type === 'choice' ? (input.labels[text] ?? text) : text);
    return { label, yours: shown(yours[name]), current: shown(current[name]) };
  });
}

interface StockFormDialogProps {
  title: string;
  /** The stock-kind table's fields, each an input; `name` is the server's write field, so its 400 message lands beside it. */
  fields: readonly StockField[];
  initialValues: FormValues;
  pending: boolean;
  /** The failed save's error, whose field messages are shown under the fields. */
  error: ApiError | undefined;
  /** Messages the form found itself, by field, shown where the server's would be. */
  fieldMessages?: Partial<Record<string, string>>;
  /** Sends the values; resolves to the saved record's name, or undefined when the save failed. */
  onSave: (values: FormValues) => Promise<string | undefined>;
  onClose: () => void;
  submitLabel?: string;
  /** The success toast for the saved record's name. */
  savedMessage?: (name: string) => string;
  /** More inputs after the fields, holding their own values (the chemicals' hazard block). */
  children?: ReactNode;
  /** The API names of the fields those inputs show (with their own messages), so the form does not repeat them. */
  childFieldNames?: readonly string[];
  /** Whether those inputs hold changes: with them or with changed fields, closing asks first. */
  childrenChanged?: boolean;
  /**
   * What shows above the fields, given the form's values and the way to replace them or to save them again: an edit's
   * conflict (EditConflictNotice) when its save was refused as stale.
   */
  notice?: (form: StockForm) => ReactNode;
}

/** The form's state, as a notice above its fields reads and changes it. */
export interface StockForm {
  values: FormValues;
  setValues: (values: FormValues) => void;
  /**
   * Saves as the Save button does (onSave with the values), or through `send` instead (a reapplied edit's own
   * request), then says so and closes as the Save button does.
   */
  submit: (send?: () => Promise<string | undefined>) => Promise<void>;
}

/**
 * The create-and-edit form of stock records, shared by every kind and page: one input per field, as its `input`
 * says. A PUT needs every field, so the form asks for each one a record cannot leave unset.
 */
export function StockFormDialog({
  title,
  fields,
  initialValues,
  pending,
  error,
  fieldMessages,
  onSave,
  onClose,
  submitLabel = 'Save',
  savedMessage = (name) => `${name} saved.`,
  children,
  childFieldNames = [],
  childrenChanged = false,
  notice,
}: StockFormDialogProps) {
  const [values, setValues] = useState(initialValues);
  const refused = formErrors(error, [...fields.map(({ name }) => name), ...childFieldNames]);
  const errors: Partial<Record<string, string>> = { ...refused.fields, ...fieldMessages };

  const submit = async (send = () => onSave(values)) => {
    const savedName = await send();
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
      onSubmit={() => void submit()}
      onClose={onClose}
      changed={childrenChanged || formChanged(initialValues, values)}
      errors={refused.others}
    >
      {notice?.({ values, setValues, submit })}
      {fields.map(({ name, label, input, helperText, nullable }, position) => {
        const choice = input.type === 'choice' ? input : undefined;
        return (
          <TextField
            key={name}
            name={name}
            label={label}
            type={input.type === 'number' || input.type === 'date' ? input.type : undefined}
            autoFocus={position === 0}
            autoComplete="off"
            required={!nullable}
            value={values[name]}
            onChange={(event) => setValues({ ...values, [name]: event.target.value })}
            error={Boolean(errors[name])}
            helperText={errors[name] ?? helperText}
            select={Boolean(choice)}
            slotProps={{
              htmlInput:
                input.type === 'number'
                  ? { step: 'any', min: input.minimum ?? input.exclusiveMinimum }
                  : undefined,
              select: choice ? { displayEmpty: true } : undefined,
              // A date input always shows its own placeholder (dd/mm/yyyy), so the label stays above it.
              inputLabel: choice || input.type === 'date' ? { shrink: true } : undefined,
            }}
          >
            {choice && [
              <MenuItem key="" value="" disabled>
                {choice.placeholder}
              </MenuItem>,
              ...choice.choices.map((code) => (
                <MenuItem key={code} value={code}>
                  {choice.labels[code]}
                </MenuItem>
              )),
            ]}
          </TextField>
        );
      })}
      {children}
    </FormDialog>
  );
}
