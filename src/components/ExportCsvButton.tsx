import Button from '@mui/material/Button';
import { useState } from 'react';
import { GENERIC_ERROR } from '../api/errorMessage';
import type { Column } from './columns';
import { DownloadIcon } from './icons';
import { csvColumns, csvFile, exportFileName, saveFile } from './csvExport';
import { notify } from './notify';

type ExportCsvButtonProps<T> = {
  /** What the rows are, for the file name: 'users' → labstore-users-2026-11-25.csv. */
  subject: string;
  /** The table's own columns (those with a `value` are written, in this order, units in the headers). */
  columns: readonly Column<T>[];
  /** Names the button for assistive technology where one page has several tables ('Export CSV of Expired'). */
  label?: string;
} & (
  | {
      /** The rows as the table shows them, in its order. */
      rows: readonly T[];
      loadRows?: never;
    }
  | {
      rows?: never;
      /** A paged table's whole list in its order, read when the button is pressed: the table shows one page of it. */
      loadRows: () => Promise<readonly T[]>;
    }
);

/**
 * 'Export CSV' of a table whose rows are all on screen, or (`loadRows`) of a paged table's whole list when it is not
 * too large to read at once: the file is written in the browser from those rows, so it holds exactly what the table
 * holds. Lists too large to be read at once stream from the server instead.
 */
export function ExportCsvButton<T>({ subject, columns, rows, loadRows, label }: ExportCsvButtonProps<T>) {
  const [loading, setLoading] = useState(false);
  const save = (saved: readonly T[]) =>
    saveFile(csvFile(csvColumns(columns), saved), exportFileName(subject));
  const exportList = async () => {
    if (rows) return save(rows);
    setLoading(true);
    try {
      save(await loadRows());
    } catch {
      notify(GENERIC_ERROR, 'error');
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      disabled={rows?.length === 0}
      loading={loading}
      aria-label={label}
      onClick={() => void exportList()}
    >
      Export CSV
    </Button>
  );
}
