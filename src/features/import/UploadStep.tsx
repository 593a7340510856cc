import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import {
  useDownloadImportTemplateMutation,
  useUploadImportMutation,
  type ImportSummary,
} from '../../api/imports';
import type { StockKind } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { DownloadIcon, UploadIcon } from '../../components/icons';

const ACCEPTED = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface UploadStepProps {
  kind: StockKind;
  onUploaded: (session: ImportSummary) => void;
}

/** Step 1: the file, sent with its upload progress; the server reads it and answers its columns or why not. */
export function UploadStep({ kind, onUploaded }: UploadStepProps) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [upload, { isLoading, error, reset }] = useUploadImportMutation();
  const [downloadTemplate] = useDownloadImportTemplateMutation();

  const send = async () => {
    if (!file) return;
    setPercent(0);
    const result = await upload({ kind, file, onProgress: setPercent });
    if (result.data) onUploaded(result.data);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography>
        A CSV file (comma or semicolon separated, UTF-8) or an Excel .xlsx workbook whose first row names the
        columns, one row per {specOf(kind).label.toLowerCase()} record. Nothing is written before you confirm
        the preview.
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button startIcon={<DownloadIcon />} onClick={() => void downloadTemplate({ kind, format: 'csv' })}>
          Download template (CSV)
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => void downloadTemplate({ kind, format: 'xlsx' })}>
          Download template (XLSX)
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button component="label" variant="outlined" disabled={isLoading}>
          Choose file
          <input
            type="file"
            hidden
            accept={ACCEPTED}
            aria-label="Spreadsheet file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              reset();
            }}
          />
        </Button>
        <Typography aria-live="polite">{file ? file.name : 'No file chosen'}</Typography>
      </Stack>
      {isLoading && (
        <Box>
          <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" />
          <Typography variant="body2">
            {percent < 100 ? `Uploading… ${percent}%` : 'Reading the file…'}
          </Typography>
        </Box>
      )}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Box>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={!file}
          loading={isLoading}
          onClick={() => void send()}
        >
          Upload
        </Button>
      </Box>
    </Stack>
  );
}
