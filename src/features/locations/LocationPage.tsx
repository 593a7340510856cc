import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useCanChangeStore } from '../../app/hooks';
import { useConsumersTreeQuery, useLocationQuery, type LocationEntry } from '../../api/locations';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { AddIcon, EditIcon } from '../../components/icons';
import { LocationTree } from '../../components/LocationTree';
import { CreateLocationDialog } from './CreateLocationDialog';
import { EditLocationDialog } from './EditLocationDialog';
import { LocationIssues } from './LocationIssues';

interface EditSelectedLocationProps {
  id: number;
  onSaved: (location: LocationEntry) => void;
  onClose: () => void;
}

/** Edit Location, opened on the location as the server has it now: its version is what the save names. */
function EditSelectedLocation({ id, onSaved, onClose }: EditSelectedLocationProps) {
  const { data: location, isFetching } = useLocationQuery(id, { refetchOnMountOrArgChange: true });
  if (!location || isFetching) return null;
  return <EditLocationDialog location={location} onSaved={onSaved} onClose={onClose} />;
}

/**
 * SPEC §2 Location page: the location tree beside the issues of the chosen location. The admin's has Create, and
 * Edit for the chosen location.
 */
function LocationView({ admin }: { admin: boolean }) {
  const tree = useConsumersTreeQuery();
  const [selected, setSelected] = useState<LocationEntry | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState(false);

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Location
        </Typography>
        {admin && selected && (
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            aria-label={`Edit ${selected.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        )}
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
      {editing && selected && (
        <EditSelectedLocation
          id={selected.id}
          onSaved={({ id, name }) => setSelected({ id, name })}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}

/** The public, read-only Location page. */
export function LocationPage() {
  return <LocationView admin={false} />;
}

/** The Location page with Create, Edit, and Return on issued lines, for those who may change the store. */
export function AdminLocationPage() {
  return <LocationView admin={useCanChangeStore()} />;
}
