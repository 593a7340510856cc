import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LocationEntry } from '../../api/locations';
import { useLabRequestsQuery } from '../../api/requests';
import { labRoleLabels, type MyLab } from '../../api/roles';
import { useMe } from '../../app/hooks';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ChoiceFilter } from '../../components/FilterFields';
import { consumerTypeLabels } from '../../components/LocationTree';
import { PageHeader } from '../../components/PageHeader';
import { LabFunds } from './LabFunds';
import { LabHoldings } from './LabHoldings';
import { LabMembers } from './LabMembers';
import { LabRequests } from './LabRequests';
import { LabStatement } from './LabStatement';

/** The lab shown, and its view, are in the address (`/lab?lab=3&view=requests`), so a reload or a bookmark keeps them. */
const LAB_PARAM = 'lab';
const VIEW_PARAM = 'view';

/** The lab page's tabs; Overview is the page without a view in its address. */
const LAB_VIEWS = ['overview', 'requests', 'funds', 'statement'] as const;
type LabView = (typeof LAB_VIEWS)[number];
/** What only the lab's managers see. */
const MANAGER_VIEWS: readonly LabView[] = ['funds', 'statement'];

const viewLabels: Record<LabView, string> = {
  overview: 'Overview',
  requests: 'Requests',
  funds: 'Funds',
  statement: 'Statement',
};

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
    <ChoiceFilter
      label="Lab"
      choices={labs.map((choice) => ({ value: choice.location, label: choice.name }))}
      value={lab.location}
      onChange={(location) => onChange(Number(location))}
      minWidth={220}
    />
  );
}

/** How many of the lab's requests wait for its manager's decision; none for a member, who makes none. */
function useRequestsToApprove(locationId: number, isManager: boolean): number {
  const { data } = useLabRequestsQuery(
    { locationId, statuses: ['submitted'], limit: 1, offset: 0 },
    { skip: !isManager },
  );
  return isManager ? (data?.count ?? 0) : 0;
}

function LabViewTabs({
  lab,
  views,
  view,
  onChange,
}: {
  lab: MyLab;
  views: readonly LabView[];
  view: LabView;
  onChange: (view: LabView) => void;
}) {
  const waiting = useRequestsToApprove(lab.location, lab.role === 'manager');
  const toApprove = `${waiting} ${waiting === 1 ? 'request' : 'requests'} to approve`;
  return (
    <Tabs
      value={view}
      onChange={(_event, next: LabView) => onChange(next)}
      aria-label={`Views of ${lab.name}`}
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {views.map((choice) =>
        choice === 'requests' && waiting > 0 ? (
          <Tab
            key={choice}
            value={choice}
            // The badge's number is for the eye; the name says what it counts.
            aria-label={`${viewLabels.requests}, ${toApprove}`}
            label={
              <Badge color="secondary" badgeContent={waiting} sx={{ pr: 1.5 }}>
                {viewLabels.requests}
              </Badge>
            }
          />
        ) : (
          <Tab key={choice} value={choice} label={viewLabels[choice]} />
        ),
      )}
    </Tabs>
  );
}

interface LabPageProps {
  /** The lab's issue history (SERVER.md §8.3's cards) with its heading, composed in by the app from the locations feature. */
  IssueHistory: ComponentType<{ location: LocationEntry }>;
}

/**
 * A lab user's page (issues 23 and 24): one of their labs, what it holds and what was issued to it, and its requests to
 * the store; its manager also sees who belongs to it, decides on its requests, keeps its funds and reads its monthly
 * statement. Other labs show only what the public area shows.
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
  const isManager = lab.role === 'manager';
  const views = LAB_VIEWS.filter((view) => isManager || !MANAGER_VIEWS.includes(view));
  const view = views.find((choice) => choice === params.get(VIEW_PARAM)) ?? 'overview';
  const showView = (next: LabView) =>
    setParams(
      next === 'overview'
        ? { [LAB_PARAM]: String(lab.location) }
        : { [LAB_PARAM]: String(lab.location), [VIEW_PARAM]: next },
    );

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
        <LabViewTabs lab={lab} views={views} view={view} onChange={showView} />
      </Stack>
      {view === 'overview' && (
        <>
          <section aria-label="Holdings">
            {/* Keyed by the lab: another lab opens on its first page. */}
            <LabHoldings key={lab.location} locationId={lab.location} labName={lab.name} />
          </section>
          {/* The cards bring their heading, 'Issue history', with their Export CSV beside it. */}
          <section aria-label="Issue history">
            <IssueHistory location={{ id: lab.location, name: lab.name }} />
          </section>
          {isManager && (
            <LabSection title="Members">
              <LabMembers locationId={lab.location} labName={lab.name} />
            </LabSection>
          )}
        </>
      )}
      {view === 'requests' && (
        <LabSection title="Requests">
          <LabRequests locationId={lab.location} labName={lab.name} meId={me.id} isManager={isManager} />
        </LabSection>
      )}
      {view === 'funds' && (
        <LabSection title="Funds">
          <LabFunds locationId={lab.location} labName={lab.name} />
        </LabSection>
      )}
      {view === 'statement' && (
        <LabSection title="Statement">
          <LabStatement locationId={lab.location} labName={lab.name} />
        </LabSection>
      )}
    </Stack>
  );
}
