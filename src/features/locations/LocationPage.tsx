import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useCanChangeStore } from '../../app/hooks';
import { useConsumersTreeQuery, type LocationEntry } from '../../api/locations';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { AddIcon } from '../../components/icons';
import { LocationTree } from '../../components/LocationTree';
import { CreateLocationDialog } from './CreateLocationDialog';
import { LocationIssues } from './LocationIssues';

/** SPEC §2 Location page: the location tree beside the issues of the chosen location. */
function LocationView({ admin }: { admin: boolean }) {
  const tree = useConsumersTreeQuery();
  const [selected, setSelected] = useState<LocationEntry | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          Location
        </Typography>
        {admin && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Create
          </Button>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
        <Paper sx={{ width: { md: 320 }, flexShrink: 0 }}>
          {tree.isLoading ? (
            <CenteredSpinner label="Loading locations" />
          ) : tree.isError ? (
            <Alert severity="error">{GENERIC_ERROR}</Alert>
          ) : (
            tree.data && (
              <LocationTree tree={tree.data} selectedId={selected?.id ?? null} onSelect={setSelected} />
            )
          )}
        </Paper>
        <Box sx={{ flexGrow: 1 }}>
          {selected ? (
            <LocationIssues location={selected} admin={admin} />
          ) : (
            <Typography color="text.secondary">Choose a location to see what was issued to it.</Typography>
          )}
        </Box>
      </Stack>
      {creating && <CreateLocationDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}

/** The public, read-only Location page. */
export function LocationPage() {
  return <LocationView admin={false} />;
}

/** The Location page with Create, and Return on issued lines, for those who may change the store. */
export function AdminLocationPage() {
  return <LocationView admin={useCanChangeStore()} />;
}
