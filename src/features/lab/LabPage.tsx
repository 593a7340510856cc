import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LocationEntry } from '../../api/locations';
import { labRoleLabels, type MyLab } from '../../api/roles';
import { useMe } from '../../app/hooks';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { consumerTypeLabels } from '../../components/LocationTree';
import { PageHeader } from '../../components/PageHeader';
import { LabHoldings } from './LabHoldings';
import { LabMembers } from './LabMembers';

/** The lab shown is in the address (`/lab?lab=3`), so a reload or a bookmark keeps it. */
const LAB_PARAM = 'lab';

function LabSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" spacing={1} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function LabSwitcher({
  labs,
  lab,
  onChange,
}: {
  labs: MyLab[];
  lab: MyLab;
  onChange: (location: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label="Lab"
      value={lab.location}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 220 }}
    >
      {labs.map((choice) => (
        <MenuItem key={choice.location} value={choice.location}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface LabPageProps {
  /** The lab's issue history (SERVER.md §8.3's cards) with its heading, composed in by the app from the locations feature. */
  IssueHistory: ComponentType<{ location: LocationEntry }>;
}

/**
 * A lab user's page (issue 23): one of their labs, what it holds and what was issued to it; its manager also sees
 * who belongs to it. Other labs show only what the public area shows.
 */
export function LabPage({ IssueHistory }: LabPageProps) {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  // The sign-in gate lets no one in before `me` has answered.
  if (!me) return <CenteredSpinner />;
  const { labs } = me;
  if (labs.length === 0)
    return <Alert severity="info">You belong to no lab yet. Ask the store staff to add you to yours.</Alert>;
  const lab = labs.find((entry) => String(entry.location) === params.get(LAB_PARAM)) ?? labs[0];

  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <PageHeader title={lab.name}>
          {labs.length > 1 && (
            <LabSwitcher
              labs={labs}
              lab={lab}
              onChange={(location) => setParams({ [LAB_PARAM]: String(location) })}
            />
          )}
        </PageHeader>
        <Typography color="text.secondary">
          {consumerTypeLabels[lab.consumer_type]} · you are its {labRoleLabels[lab.role].toLowerCase()}
        </Typography>
      </Stack>
      <section aria-label="Holdings">
        <LabHoldings locationId={lab.location} labName={lab.name} />
      </section>
      {/* The cards bring their heading, 'Issue history', with their Export CSV beside it. */}
      <section aria-label="Issue history">
        <IssueHistory location={{ id: lab.location, name: lab.name }} />
      </section>
      {lab.role === 'manager' && (
        <LabSection title="Members">
          <LabMembers locationId={lab.location} labName={lab.name} />
        </LabSection>
      )}
    </Stack>
  );
}
