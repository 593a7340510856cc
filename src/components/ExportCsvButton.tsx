import Button from '@mui/material/Button';
import type { Column } from './columns';
import { DownloadIcon } from './icons';
import { csvColumns, csvFile, exportFileName, saveFile } from './csvExport';

interface ExportCsvButtonProps<T> {
  /** What the rows are, for the file name: 'users' → labstore-users-2026-11-25.csv. */
  subject: string;
  /** The table's own columns (those with a `value` are written, in this order, units in the headers). */
  columns: readonly Column<T>[];
  /** The rows as the table shows them, in its order. */
  rows: readonly T[];
  /** Names the button for assistive technology where one page has several tables ('Export CSV of Expired'). */
  label?: string;
}

/**
 * 'Export CSV' of a table whose rows are all on screen: the file is written in the browser from those rows, so it
 * holds exactly what the user sees. Lists too large to be on screen at once stream from the server instead.
 */
export function ExportCsvButton<T>({ subject, columns, rows, label }: ExportCsvButtonProps<T>) {
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      disabled={rows.length === 0}
      aria-label={label}
      onClick={() => saveFile(csvFile(csvColumns(columns), rows), exportFileName(subject))}
    >
      Export CSV
    </Button>
  );
}
