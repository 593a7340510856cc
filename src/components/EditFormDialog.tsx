import { useState, type ReactNode } from 'react';
import type { ApiError } from '../api/errorMessage';
import { useEditConflict, type ConflictChoices } from './EditConflict';
import { formChanged, reapplied } from './formChanges';
import { FormDialog } from './FormDialog';

/** What an edit form's conflict notice needs of it (useEditForm's notice). */
interface EditFormChoices<T, V> extends Pick<ConflictChoices<T>, 'fields' | 'pending'> {
  /**
   * Sends the fields the person changed since the form started (never empty), over the row as it is now; the form
   * already holds that row with the changes on top (`values`).
   */
  onReapply: (changes: Partial<V>, values: V) => void;
}

/** An edit form's state (useEditForm). */
export interface EditForm<T, V> {
  values: V;
  setValues: (values: V) => void;
  /** Whether the form holds anything other than what it opened with. */
  changed: boolean;
  /** The version the next save names in If-Match. */
  version: () => number;
  /** After a save: whether it was refused as stale (the notice then shows). */
  refused: (error: ApiError | undefined) => boolean;
  /** The notice a refused save shows above the fields; nothing otherwise. */
  notice: (choices: EditFormChoices<T, V>) => ReactNode;
}

/**
 * The values of a form that edits a versioned row (an account, a location) and its conflict (docs/api.md §28),
 * written once for the edit dialogs: what the form opened with (whether it holds changes), what its values are
 * changes of (the row as opened, or as it was when a conflict was resolved), the version its save names, and the
 * notice of a refused save, whose Reapply hands over only what the person changed and whose Use current values
 * starts the form again from the row as it is now.
 */
export function useEditForm<T extends { version: number }, V extends object>(
  row: T,
  valuesOf: (row: T) => V,
): EditForm<T, V> {
  const [opened] = useState(() => valuesOf(row));
  const [started, setStarted] = useState(opened);
  const [values, setValues] = useState(opened);
  const conflicts = useEditConflict<T>(row.version);
  return {
    values,
    setValues,
    changed: formChanged(opened, values),
    version: conflicts.version,
    refused: conflicts.refused,
    notice: ({ fields, pending, onReapply }) =>
      conflicts.notice({
        fields,
        pending,
        onReapply: (current) => {
          const now = valuesOf(current);
          const next = reapplied(started, values, now);
          setValues(next.values);
          setStarted(now);
          if (Object.keys(next.changes).length > 0) onReapply(next.changes, next.values);
        },
        onUseCurrent: (current) => {
          setValues(valuesOf(current));
          setStarted(valuesOf(current));
        },
      }),
  };
}

interface EditFormDialogProps<T, V> extends Omit<EditFormChoices<T, V>, 'pending'> {
  /** The form (useEditForm) whose values the fields show. */
  form: EditForm<T, V>;
  title: string;
  pending: boolean;
  /** What a refused save says that no field shows beside itself. */
  errors: readonly string[];
  onSubmit: () => void;
  onClose: () => void;
  /** The fields. */
  children: ReactNode;
}

/**
 * The edit dialog of a versioned row (Edit Location, Edit User Information): a FormDialog saved with Save, whose
 * changes count from the row as opened, and the conflict notice of a refused save above the fields.
 */
export function EditFormDialog<T extends { version: number }, V extends object>({
  form,
  title,
  pending,
  errors,
  fields,
  onReapply,
  onSubmit,
  onClose,
  children,
}: EditFormDialogProps<T, V>) {
  return (
    <FormDialog
      open
      title={title}
      submitLabel="Save"
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
      changed={form.changed}
      errors={errors}
    >
      {form.notice({ fields, pending, onReapply })}
      {children}
    </FormDialog>
  );
}
