import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { stockExportUrl, type StockKind } from '../../api/stock';
import { DownloadIcon } from '../../components/icons';

interface StockExportLinksProps {
  kind: StockKind;
  /** The tab's order and filters, so the file lists what the table lists. */
  ordering: string;
  search: string;
  hazard?: string;
}

const formats = [
  { format: 'csv', label: 'Export CSV' },
  { format: 'xlsx', label: 'Export Excel' },
] as const;

/**
 * The tab's list as a CSV or .xlsx download. The server streams the file (docs/api.md §14), so plain links let the
 * browser save it as it arrives, however long the list, without the app holding it.
 */
export function StockExportLinks({ kind, ordering, search, hazard }: StockExportLinksProps) {
  return (
    <Stack direction="row" spacing={1}>
      {formats.map(({ format, label }) => (
        <Button
          key={format}
          component="a"
          href={stockExportUrl(kind, format, { ordering, search, hazard })}
          download
          variant="outlined"
          startIcon={<DownloadIcon />}
        >
          {label}
        </Button>
      ))}
    </Stack>
  );
}
