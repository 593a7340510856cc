import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { HAZARD_GROUP_LABELS, HAZARD_GROUPS, HAZARD_STATEMENTS } from '../../api/ghs';

interface HazardFilterProps {
  /** A group (`cmr`) or an H-code; '' for every record. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * The Store's hazard filter (issue 33, item 6): the groups a safety officer asks for first, then any H-code. The
 * server keeps the records (docs/api.md §5, `hazard`), with the groups' codes from one table
 * (server/src/domain/chemistry/hazardGroups.ts).
 */
export function HazardFilter({ value, onChange }: HazardFilterProps) {
  return (
    <TextField
      select
      label="Hazard"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      // 'All records' shows as the choice it is, under its label, rather than as an empty field.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">All records</MenuItem>
      {HAZARD_GROUPS.map((group) => (
        <MenuItem key={group} value={group}>
          {HAZARD_GROUP_LABELS[group]}
        </MenuItem>
      ))}
      <ListSubheader>Hazard statements</ListSubheader>
      {HAZARD_STATEMENTS.map(({ code, text }) => (
        <MenuItem key={code} value={code}>
          {code} {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
