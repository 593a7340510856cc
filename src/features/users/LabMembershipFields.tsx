import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useConsumersTreeQuery, type LocationEntry } from '../../api/locations';
import { labRoleLabels, type LabMembership, type LabRole } from '../../api/roles';
import { AddIcon, DeleteIcon } from '../../components/icons';

const labRoles = Object.keys(labRoleLabels) as LabRole[];

interface LabMembershipFieldsProps {
  labs: LabMembership[];
  onChange: (labs: LabMembership[]) => void;
  /** The server's message about the labs (none, a repeated or unknown location). */
  error?: string;
}

/** A lab user's labs: a location and the person's role in it per row (the server wants at least one). */
export function LabMembershipFields({ labs, onChange, error }: LabMembershipFieldsProps) {
  const tree = useConsumersTreeQuery();
  const locations: LocationEntry[] = tree.data ? Object.values(tree.data).flat() : [];
  const unchosen = locations.filter((location) => !labs.some((lab) => lab.location === location.id));
  const nameOf = (id: number) => locations.find((location) => location.id === id)?.name ?? `Location #${id}`;
  const replace = (position: number, lab: LabMembership) =>
    onChange(labs.map((current, index) => (index === position ? lab : current)));

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        Labs
      </Typography>
      {labs.map((lab, position) => (
        <Stack
          key={lab.location}
          direction="row"
          spacing={1}
          role="group"
          aria-label={`Lab ${position + 1}`}
          sx={{ alignItems: 'center' }}
        >
          <TextField
            select
            label="Lab"
            value={lab.location}
            onChange={(event) => replace(position, { ...lab, location: Number(event.target.value) })}
            sx={{ flexGrow: 1 }}
          >
            {/* Its own location, and those no other row has. */}
            {[{ id: lab.location, name: nameOf(lab.location) }, ...unchosen].map((location) => (
              <MenuItem key={location.id} value={location.id}>
                {location.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Role in lab"
            value={lab.role}
            onChange={(event) => replace(position, { ...lab, role: event.target.value as LabRole })}
            sx={{ minWidth: 160 }}
          >
            {labRoles.map((role) => (
              <MenuItem key={role} value={role}>
                {labRoleLabels[role]}
              </MenuItem>
            ))}
          </TextField>
          <IconButton
            aria-label={`Remove ${nameOf(lab.location)}`}
            onClick={() => onChange(labs.filter((_, index) => index !== position))}
          >
            <DeleteIcon />
          </IconButton>
        </Stack>
      ))}
      <Button
        startIcon={<AddIcon />}
        disabled={unchosen.length === 0}
        onClick={() => onChange([...labs, { location: unchosen[0].id, role: 'member' }])}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add lab
      </Button>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Stack>
  );
}
