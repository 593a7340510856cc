import { useState, type ReactNode } from 'react';
import { useEditConflict, type ConflictChoices } from './EditConflict';
import { formChanged, reapplied } from './formChanges';

/** What an edit form's conflict notice needs of it (useEditForm's notice). */
interface EditFormChoices<T, V> extends Pick<ConflictChoices<T>, 'fields' | 'pending'> {
  /**
   * Sends the fields the person changed since the form started (never empty), over the row as it is now; the form
   * already holds that row with the changes on top (`values`).
   */
  onReapply: (changes: Partial<V>, values: V) => void;
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
) {
  const [opened] = useState(() => valuesOf(row));
  const [started, setStarted] = useState(opened);
  const [values, setValues] = useState(opened);
  const conflicts = useEditConflict<T>(row.version);
  return {
    values,
    setValues,
    /** Whether the form holds anything other than what it opened with. */
    changed: formChanged(opened, values),
    /** The version the next save names in If-Match. */
    version: conflicts.version,
    /** After a save: whether it was refused as stale (the notice then shows). */
    refused: conflicts.refused,
    /** The notice a refused save shows above the fields; nothing otherwise. */
    notice: ({ fields, pending, onReapply }: EditFormChoices<T, V>): ReactNode =>
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
