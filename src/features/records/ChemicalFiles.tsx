import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { fileName, fileUrl } from '../../api/files';
import { newestSafetyDataSheet, useChemicalFilesQuery, type ChemicalFile } from '../../api/records';
import { useInTerminal } from '../../app/terminal';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { DocumentViewer } from '../../components/DocumentViewer';
import { longUsDate } from '../../components/dates';

function fileDetails(file: ChemicalFile): string {
  const categories = file.categories.map((category) => category.name).join(', ');
  const kind = file.safety_data_sheet ? 'Safety data sheet' : categories || 'No category';
  const also = file.safety_data_sheet && categories ? ` (${categories})` : '';
  return `${kind}${also} · uploaded ${longUsDate(file.created_at)} · ${file.file.size.toFixed(1)} KB`;
}

/** An open file: its URL, and the name the viewer gives it. */
interface ShownFile {
  url: string;
  title: string;
}

/**
 * How a file of the page opens: in a new tab, or on a terminal inside it (DocumentViewer), since a new tab there has
 * no way back and outlives the idle reset.
 */
function fileOpener(inTerminal: boolean, show: (file: ShownFile) => void) {
  return (url: string, title: string) =>
    inTerminal
      ? { component: 'button' as const, type: 'button' as const, onClick: () => show({ url, title }) }
      : { component: 'a' as const, href: url, target: '_blank', rel: 'noopener noreferrer' };
}

/**
 * A chemical's files: one large button to its newest safety data sheet (regulations want it readily at hand), then
 * every linked file, the safety data sheets first (the server's order).
 */
export function ChemicalFiles({ chemicalId, name }: { chemicalId: number; name: string }) {
  const { data: files, isLoading, isError } = useChemicalFilesQuery(chemicalId);
  const [shown, setShown] = useState<ShownFile | null>(null);
  const opens = fileOpener(useInTerminal(), setShown);
  if (isLoading) return <CenteredSpinner label="Loading files" />;
  if (isError || !files) return <Alert severity="error">{GENERIC_ERROR}</Alert>;
  const newestSheet = newestSafetyDataSheet(files);
  const sheetTitle = `Safety data sheet of ${name}`;

  return (
    <Stack spacing={2}>
      {newestSheet ? (
        <Button
          {...opens(fileUrl(newestSheet), sheetTitle)}
          variant="contained"
          size="large"
          aria-label={sheetTitle}
          sx={{ alignSelf: 'flex-start', fontSize: '1.25rem', px: 4, py: 1.5 }}
        >
          Safety data sheet
        </Button>
      ) : (
        <Alert severity="warning">
          No safety data sheet is on file for {name}. Ask the store staff for it before working with it.
        </Alert>
      )}
      <section aria-labelledby="record-files-heading">
        <Typography id="record-files-heading" variant="h6" component="h2">
          Files
        </Typography>
        {files.length === 0 ? (
          <Typography color="text.secondary">No files are linked to {name}.</Typography>
        ) : (
          <List dense aria-labelledby="record-files-heading">
            {files.map((file) => (
              <ListItem key={file.id} disableGutters>
                <ListItemText
                  primary={
                    <Link {...opens(fileUrl(file), fileName(file))} sx={{ textAlign: 'left' }}>
                      {fileName(file)}
                    </Link>
                  }
                  secondary={fileDetails(file)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </section>
      {shown && <DocumentViewer url={shown.url} title={shown.title} onClose={() => setShown(null)} />}
    </Stack>
  );
}
