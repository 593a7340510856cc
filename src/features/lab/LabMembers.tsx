import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useLabMembersQuery, type LabMember } from '../../api/labs';
import { labRoleLabels } from '../../api/roles';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';

const memberColumns: Column<LabMember>[] = [
  { header: 'First Name', value: (member) => member.first_name },
  { header: 'Last Name', value: (member) => member.last_name },
  { header: 'Email', value: (member) => member.email },
  { header: 'Role', value: (member) => labRoleLabels[member.role] },
];

/** The lab's people, read-only: store managers assign them (User Managment). */
export function LabMembers({ locationId, labName }: { locationId: number; labName: string }) {
  const { currentData: members, isFetching, isError } = useLabMembersQuery(locationId);
  if (isError) return <Alert severity="error">{GENERIC_ERROR}</Alert>;
  if (members === undefined && isFetching) return <CenteredSpinner label="Loading members" />;
  return (
    <Paper>
      <ColumnTable
        label={`Members of ${labName}`}
        columns={memberColumns}
        rows={members ?? []}
        rowKey={(member) => member.id}
      />
    </Paper>
  );
}
