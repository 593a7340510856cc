import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';

/** One field of a comparison: its name, and its value in each of the two versions, as a person reads them. */
export interface ComparedField {
  field: string;
  first: string;
  second: string;
}

interface ComparisonTableProps {
  /** The table's accessible name. */
  label: string;
  /** What the two versions are: 'Yours' and 'Current', 'Before' and 'After'. */
  headings: readonly [string, string];
  fields: readonly ComparedField[];
  sx?: SxProps<Theme>;
}

/**
 * Two versions of a row side by side, a field a row: an edit's conflict (your values and the current ones) and an
 * audit entry's change (before and after) read alike. A value of several lines keeps them.
 */
export function ComparisonTable({ label, headings, fields, sx }: ComparisonTableProps) {
  return (
    <Table size="small" aria-label={label} sx={sx}>
      <TableHead>
        <TableRow>
          {['Field', ...headings].map((heading) => (
            <TableCell key={heading}>{heading}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map(({ field, first, second }) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">
              {field}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-line' }}>{first}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-line' }}>{second}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
