import TextField from '@mui/material/TextField';

/** One typed input of a form: `name` is the API's field, so a refusal's message about it lands beside it. */
export interface TextInput<K extends string> {
  name: K;
  label: string;
  type?: string;
  /** 'off' unless the browser should offer something ('new-password'). */
  autoComplete?: string;
}

interface TextInputsProps<K extends string, V extends Record<K, string>> {
  fields: readonly TextInput<K>[];
  values: V;
  onChange: (values: V) => void;
  /** Messages per field, from the server's 400 body or the form's own checks. */
  errors: Partial<Record<string, string>>;
}

/**
 * A form's required typed inputs from a table of fields, the first taking the focus, each with its message below
 * it: written once for the location, account and password forms.
 */
export function TextInputs<K extends string, V extends Record<K, string>>({
  fields,
  values,
  onChange,
  errors,
}: TextInputsProps<K, V>) {
  return fields.map(({ name, label, type, autoComplete = 'off' }, position) => (
    <TextField
      key={name}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      autoFocus={position === 0}
      required
      value={values[name]}
      onChange={(event) => onChange({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
    />
  ));
}
