import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  derivePictograms,
  effectiveSignalWord,
  HAZARD_STATEMENTS,
  STORAGE_CLASS_NAMES,
  STORAGE_CLASSES,
  type HazardFields as HazardValues,
  type HazardStatement,
  type SignalWordChoice,
} from '../api/ghs';
import { shownValue, type ConflictField } from './EditConflict';
import { HazardSummary } from './HazardSummary';

const SIGNAL_WORD_OPTIONS: { value: string; label: string; choice: SignalWordChoice }[] = [
  { value: 'DERIVED', label: 'Derived from the H-codes', choice: 'DERIVED' },
  { value: 'DANGER', label: 'Danger', choice: 'DANGER' },
  { value: 'WARNING', label: 'Warning', choice: 'WARNING' },
  { value: 'NONE', label: 'None', choice: null },
];

const optionLabel = (entry: HazardStatement) => `${entry.code} ${entry.text}`;

const signalWordLabel = (choice: SignalWordChoice) =>
  SIGNAL_WORD_OPTIONS.find((option) => option.choice === choice)?.label ?? '';

/** The hazard block's values in a form and on the server, as an edit's conflict lists them. */
export function hazardConflictFields(yours: HazardValues, current: HazardValues): ConflictField[] {
  const classes = (value: HazardValues) => value.storage_classes.map((each) => STORAGE_CLASS_NAMES[each]);
  return [
    {
      label: 'Hazard statements',
      yours: shownValue(yours.hazard_statements),
      current: shownValue(current.hazard_statements),
    },
    {
      label: 'Signal word',
      yours: signalWordLabel(yours.signal_word),
      current: signalWordLabel(current.signal_word),
    },
    { label: 'Storage classes', yours: shownValue(classes(yours)), current: shownValue(classes(current)) },
  ];
}

export interface HazardFieldsProps {
  value: HazardValues;
  onChange: (value: HazardValues) => void;
  /** The server's messages by write field (`hazard_statements`, `signal_word`, `storage_classes`). */
  errors: Partial<Record<string, string>>;
}

/**
 * The hazard block of the chemical forms: H-codes picked by code or text, the signal word (derived unless
 * chosen), the storage classes no H-code tells, and the label they make, shown as it will read.
 */
export function HazardFields({ value, onChange, errors }: HazardFieldsProps) {
  const selected = HAZARD_STATEMENTS.filter((entry) => value.hazard_statements.includes(entry.code));
  const signalWord =
    SIGNAL_WORD_OPTIONS.find((option) => option.choice === value.signal_word)?.value ?? 'DERIVED';
  const preview = {
    hazard_statements: value.hazard_statements,
    pictograms: derivePictograms(value.hazard_statements),
    signal_word: effectiveSignalWord(
      value.hazard_statements,
      value.signal_word === 'DERIVED' ? null : (value.signal_word ?? 'NONE'),
    ),
  };
  const toggleClass = (storageClass: (typeof STORAGE_CLASSES)[number], on: boolean) =>
    onChange({
      ...value,
      storage_classes: STORAGE_CLASSES.filter((each) =>
        each === storageClass ? on : value.storage_classes.includes(each),
      ),
    });

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">Hazards (GHS)</FormLabel>
      <FormHelperText sx={{ mt: 0 }}>
        The hazard statements and the signal word are the substance&apos;s: every record of it shows them, and
        a change here changes them for all. The storage classes are this record&apos;s own.
      </FormHelperText>
      <Autocomplete
        multiple
        // Typing H225 highlights its statement, so Enter picks it (and the only match of words picks that one).
        autoHighlight
        // Enter in the picker picks; it never saves the form, which would go without the code being typed.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        options={HAZARD_STATEMENTS}
        value={selected}
        getOptionLabel={optionLabel}
        isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
        groupBy={(entry) => `${entry.group[0].toUpperCase()}${entry.group.slice(1)} hazards`}
        onChange={(_event, entries) =>
          onChange({ ...value, hazard_statements: entries.map((entry) => entry.code) })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            name="hazard_statements"
            label="Hazard statements"
            error={Boolean(errors.hazard_statements)}
            helperText={errors.hazard_statements ?? 'Type a code (H225) or words of its text.'}
          />
        )}
      />
      <TextField
        select
        name="signal_word"
        label="Signal word"
        value={signalWord}
        onChange={(event) =>
          onChange({
            ...value,
            signal_word: SIGNAL_WORD_OPTIONS.find((option) => option.value === event.target.value)!.choice,
          })
        }
        error={Boolean(errors.signal_word)}
        helperText={errors.signal_word}
      >
        {SIGNAL_WORD_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <div>
        <FormLabel component="div">Storage classes</FormLabel>
        <FormGroup row>
          {STORAGE_CLASSES.map((storageClass) => (
            <FormControlLabel
              key={storageClass}
              label={STORAGE_CLASS_NAMES[storageClass]}
              control={
                <Checkbox
                  checked={value.storage_classes.includes(storageClass)}
                  onChange={(event) => toggleClass(storageClass, event.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        <FormHelperText error={Boolean(errors.storage_classes)}>
          {errors.storage_classes ?? 'What the H-codes cannot tell, for storage compatibility.'}
        </FormHelperText>
      </div>
      <section aria-label="Label preview">
        <HazardSummary hazards={preview} pictogramSize={40} />
      </section>
    </Stack>
  );
}
