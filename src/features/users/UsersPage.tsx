import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { roleLabels } from '../../api/roles';
import { useCanChangeStore } from '../../app/hooks';
import { useListUsersQuery, type User } from '../../api/users';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { PageHeader } from '../../components/PageHeader';
import { AddIcon, DeleteIcon, EditIcon, KeyIcon } from '../../components/icons';
import { CreateUserDialog } from './CreateUserDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { membershipTexts, useLocationName } from './UserForm';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'password' | 'delete'; user: User } | null;

/** The buttons of an account's row, each opening its dialog; named with the account. */
const userActions: {
  kind: 'password' | 'edit' | 'delete';
  label: string;
  Icon: typeof KeyIcon;
  color?: 'error';
}[] = [
  { kind: 'password', label: 'Reset password for', Icon: KeyIcon },
  { kind: 'edit', label: 'Edit', Icon: EditIcon },
  { kind: 'delete', label: 'Delete', Icon: DeleteIcon, color: 'error' },
];

function UserActions({ user, onOpen }: { user: User; onOpen: (dialog: OpenDialog) => void }) {
  // Protected accounts cannot be changed through the API (SERVER.md §3), so their buttons stay disabled.
  const locked = user.is_superuser;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {userActions.map(({ kind, label, Icon, color }) => (
        <IconButton
          key={kind}
          aria-label={`${label} ${user.email}`}
          color={color}
          disabled={locked}
          onClick={() => onOpen({ kind, user })}
        >
          <Icon />
        </IconButton>
      ))}
      {locked && (
        <Typography variant="body2" color="text.secondary">
          Protected
        </Typography>
      )}
    </Stack>
  );
}

/** What the table shows of an account, and its export writes: its labs with its role in each. */
const userColumnsWith = (locationName: (id: number) => string): Column<User>[] => [
  { header: 'First Name', value: (user) => user.first_name },
  { header: 'Last Name', value: (user) => user.last_name },
  { header: 'Email', value: (user) => user.email },
  { header: 'Role', value: (user) => roleLabels[user.role] },
  { header: 'Labs', value: (user) => membershipTexts(user.labs, locationName).join(', ') },
];

function UsersTable({
  users,
  userColumns,
  onOpen,
}: {
  users: User[];
  userColumns: Column<User>[];
  onOpen: (dialog: OpenDialog) => void;
}) {
  const canChange = useCanChangeStore();
  const columns: Column<User>[] = canChange
    ? [...userColumns, { header: 'Action', cell: (user) => <UserActions user={user} onOpen={onOpen} /> }]
    : userColumns;
  return (
    <Paper>
      <ColumnTable label="Users" columns={columns} rows={users} rowKey={(user) => user.id} />
    </Paper>
  );
}

export function UsersPage() {
  const { data: users, isLoading, isError } = useListUsersQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const canChange = useCanChangeStore();
  const userColumns = userColumnsWith(useLocationName());

  return (
    <Stack spacing={3}>
      <PageHeader title="User Managment">
        {/* Every account is on screen, so the file is written from the table's rows. */}
        <ExportCsvButton subject="users" columns={userColumns} rows={users ?? []} />
        {canChange && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
            New User
          </Button>
        )}
      </PageHeader>
      {isLoading && <CenteredSpinner label="Loading users" />}
      {isError && <Alert severity="error">{GENERIC_ERROR}</Alert>}
      {users && <UsersTable users={users} userColumns={userColumns} onOpen={setDialog} />}
      {dialog?.kind === 'create' && <CreateUserDialog onClose={close} />}
      {dialog?.kind === 'edit' && <EditUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'password' && <ResetPasswordDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteUserDialog user={dialog.user} onClose={close} />}
    </Stack>
  );
}
