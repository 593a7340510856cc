import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** One choice of a list's filter: the value the filter holds and the words it shows. */
export interface FilterChoice<Value extends string | number = string> {
  value: Value;
  label: string;
}

/** The choices of values that have a table of labels: each value with its label, in the values' order. */
export function labelledChoices<Value extends string>(
  values: readonly Value[],
  labels: Readonly<Record<Value, string>>,
): FilterChoice<Value>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/**
 * A list's filter by one of its choices (a status, a kind of item, a lab), written once for the list pages' filter
 * bars: `all` names the empty choice ('') first, where the list may show every row.
 */
export function ChoiceFilter<Value extends string | number>({
  label,
  value,
  choices,
  onChange,
  all,
  minWidth,
}: {
  label: string;
  /** One of the choices' values, or '' for all where `all` is offered. */
  value: Value;
  choices: readonly FilterChoice<Value>[];
  onChange: (value: Value) => void;
  all?: string;
  minWidth: number;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      // A select gives the chosen item's value as the item holds it (a number stays a number): a choice's, or ''.
      onChange={(event) => onChange(event.target.value as unknown as Value)}
      sx={{ minWidth }}
    >
      {all !== undefined && <MenuItem value="">{all}</MenuItem>}
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A list's filter by typed text: an e-mail (who did it) or a search, which takes the rest of the filter bar's row.
 * The page debounces the value before it asks the server.
 */
export function TextFilter({
  label,
  type,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  type: 'email' | 'search';
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      type={type}
      size="small"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={type === 'search' ? { flexGrow: 1, minWidth: 200 } : undefined}
    />
  );
}
