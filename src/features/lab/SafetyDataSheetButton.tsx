import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { fileUrl } from '../../api/files';
import { newestSafetyDataSheet, useChemicalFilesQuery } from '../../api/records';

/** The chemical's newest safety data sheet in a new tab, as its record page offers it, or why there is none. */
export function SafetyDataSheetButton({ recordId, name }: { recordId: number; name: string }) {
  const { data: files, isLoading, isError } = useChemicalFilesQuery(recordId);
  if (isLoading) return null;
  const sheet = files && newestSafetyDataSheet(files);
  if (isError || !sheet)
    return (
      <Typography variant="body2" color="text.secondary">
        {isError ? 'Files could not be loaded' : 'No safety data sheet'}
      </Typography>
    );
  return (
    <Button
      component="a"
      href={fileUrl(sheet)}
      target="_blank"
      rel="noopener noreferrer"
      variant="outlined"
      size="small"
      aria-label={`Safety data sheet of ${name}`}
    >
      SDS
    </Button>
  );
}
