import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiError } from '../api/errorMessage';
import { editConflictOf, type EditConflict } from '../api/versions';
import { ComparisonTable } from './ComparisonTable';
import { localDateTime } from './dates';

// An edit refused because the row changed after the form opened (docs/api.md §28): the form stays open and says
// who changed it and when, the values that differ between the form and the row now, and offers to apply the
// person's changes again (only the fields they changed, over the row as it is now and naming its version) or to
// take the current values. Every versioned edit form shows it. A field they left alone is never sent, so what
// someone else changed meanwhile (a quantity issued, a place moved) stays as it is now.

/** What a form gives its conflict notice (EditConflictNotice): its fields, and what the two choices do. */
export interface ConflictChoices<T> {
  /** The form's fields, yours and current (`current` is the row as the server has it now). */
  fields: (current: T) => readonly ConflictField[];
  /** A save is under way: the choices wait. */
  pending: boolean;
  /**
   * Sends the fields the person changed since the form started, over `current` (the row as it is now); the version
   * the save names is then the current one. Answers false when the change cannot apply to the row as it is now
   * (said beside its field): the conflict then stays, and the save keeps naming the version it did.
   */
  onReapply: (current: T) => boolean | void;
  /** Puts the current row's values into the form. */
  onUseCurrent: (current: T) => void;
}

/**
 * The version a form's save names, and the conflict a refused save shows. The version is the one the form was
 * opened with until the person chooses what to do with a conflict: both choices take the current version on.
 */
export function useEditConflict<T extends { version: number }>(openedWith: number) {
  const version = useRef(openedWith);
  const [conflict, setConflict] = useState<EditConflict<T>>();
  /** Takes the row's current version on and closes the conflict; answers the row as it is now. */
  const takeCurrent = (refusal: EditConflict<T>): T => {
    version.current = refusal.version;
    setConflict(undefined);
    return refusal.current;
  };
  return {
    /** The version the next save names in If-Match. */
    version: () => version.current,
    /** After a save: whether it was refused as stale; if so the conflict shows, otherwise it goes. */
    refused: (error: ApiError | undefined): boolean => {
      const refusal = editConflictOf<T>(error);
      setConflict(refusal);
      return refusal !== undefined;
    },
    /** The notice a refused save shows in the form; nothing otherwise. */
    notice: ({ fields, pending, onReapply, onUseCurrent }: ConflictChoices<T>): ReactNode =>
      conflict && (
        <EditConflictNotice
          conflict={conflict}
          fields={fields(conflict.current)}
          pending={pending}
          onReapply={() => {
            const before = version.current;
            version.current = conflict.version;
            if (onReapply(conflict.current) === false) version.current = before;
            else setConflict(undefined);
          }}
          onUseCurrent={() => onUseCurrent(takeCurrent(conflict))}
        />
      ),
  };
}

/** One field of the form: its label, and its value in the form and on the server, as a person reads them. */
export interface ConflictField {
  label: string;
  yours: string;
  current: string;
}

/** A form's value as a conflict may show it. */
type FieldValue = string | number | null | undefined | readonly string[];

/** The text a conflict shows for a value, blank included. */
export function shownValue(value: FieldValue): string {
  const text = Array.isArray(value)
    ? value.join(', ')
    : value === null || value === undefined
      ? ''
      : String(value);
  return text.trim() === '' ? '—' : text;
}

/** The typed fields of a form (name and label), as an edit's conflict lists them: each value as shownValue says it. */
export function conflictFieldsOf<K extends string>(
  fields: readonly { name: K; label: string }[],
  yours: Record<K, FieldValue>,
  current: Record<K, FieldValue>,
): ConflictField[] {
  return fields.map(({ name, label }) => ({
    label,
    yours: shownValue(yours[name]),
    current: shownValue(current[name]),
  }));
}

/** 'Changed by anna@lab.org at Nov 28, 2026, 10:15:00 AM', or by someone else when the server cannot tell. */
export function changedByText({
  changed_by,
  changed_at,
}: Pick<EditConflict<unknown>, 'changed_by' | 'changed_at'>) {
  const who = changed_by ?? 'someone else';
  return changed_at ? `Changed by ${who} at ${localDateTime(changed_at)}` : `Changed by ${who}`;
}

interface EditConflictNoticeProps {
  conflict: Pick<EditConflict<unknown>, 'changed_by' | 'changed_at'>;
  /** The form's fields; those whose value in the form differs from the current one are listed. */
  fields: readonly ConflictField[];
  /** A save is under way: the choices wait. */
  pending?: boolean;
  /** Sends the person's changes again, over the current version. */
  onReapply: () => void;
  /** Puts the current values into the form. */
  onUseCurrent: () => void;
}

/** Shown in the form whose save was refused: who changed the row and when, yours → current, and the two ways on. */
export function EditConflictNotice({
  conflict,
  fields,
  pending = false,
  onReapply,
  onUseCurrent,
}: EditConflictNoticeProps) {
  const differing = fields.filter((field) => field.yours !== field.current);
  const notice = useRef<HTMLDivElement>(null);
  // The Save button that was pressed is at the foot of a form that may scroll: the notice comes into view, and the
  // focus with it, so the next Tab reaches its choices.
  useEffect(() => notice.current?.focus(), []);
  return (
    <Alert
      ref={notice}
      tabIndex={-1}
      severity="warning"
      role="alert"
      aria-label="Changed meanwhile"
      sx={{ '&:focus': { outline: 'none' } }}
    >
      <AlertTitle>{changedByText(conflict)}</AlertTitle>
      <Typography variant="body2">
        {differing.length > 0
          ? 'Your changes were not saved. Where your values and the current ones differ:'
          : 'Your changes were not saved. Your values and the current ones are the same.'}
      </Typography>
      {differing.length > 0 && (
        <ComparisonTable
          label="Your values and the current ones"
          headings={['Yours', 'Current']}
          fields={differing.map(({ label, yours, current }) => ({
            field: label,
            first: yours,
            second: current,
          }))}
          sx={{ my: 1 }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" size="small" disabled={pending} onClick={onReapply}>
          Reapply my changes
        </Button>
        <Button variant="outlined" color="inherit" size="small" disabled={pending} onClick={onUseCurrent}>
          Use current values
        </Button>
      </Stack>
    </Alert>
  );
}
