import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ColumnMapping, ImportSummary } from '../../api/imports';

// Not a field name of any kind, so a Select can show it as a value.
const IGNORE = '-';

interface ColumnsStepProps {
  session: ImportSummary;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}

/** The field a column is read into, or IGNORE. */
function fieldOf(mapping: ColumnMapping, column: number): string {
  return Object.entries(mapping).find(([, mapped]) => mapped === column)?.[0] ?? IGNORE;
}

/** Step 2: each column of the file read into one field, or ignored; a field takes one column at most. */
export function ColumnsStep({ session, mapping, onChange }: ColumnsStepProps) {
  const choose = (column: number, field: string) => {
    const next: ColumnMapping = {};
    for (const known of session.fields) {
      const mapped = mapping[known] ?? null;
      next[known] = mapped === column ? null : mapped;
    }
    if (field !== IGNORE) next[field] = column;
    onChange(next);
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography>
        {session.file_name}: {session.row_count.toLocaleString('en')} rows. Columns were matched by their
        names; change what each column holds, or ignore it.
      </Typography>
      {session.headers.map((header, column) => (
        <TextField
          key={column}
          select
          label={`Column “${header || `#${column + 1}`}”`}
          value={fieldOf(mapping, column)}
          onChange={(event) => choose(column, event.target.value)}
        >
          <MenuItem value={IGNORE}>Ignore</MenuItem>
          {session.fields.map((field) => (
            <MenuItem key={field} value={field}>
              {field}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Stack>
  );
}
