import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useListUsersQuery, type User } from '../../api/users';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { AddIcon, DeleteIcon, EditIcon, KeyIcon } from '../../components/icons';
import { CreateUserDialog } from './CreateUserDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';

type OpenDialog = { kind: 'create' } | { kind: 'edit' | 'password' | 'delete'; user: User } | null;

function UserActions({ user, onOpen }: { user: User; onOpen: (dialog: OpenDialog) => void }) {
  // Protected accounts cannot be changed through the API (SERVER.md §3), so their buttons stay disabled.
  const locked = user.is_superuser;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton
        aria-label={`Reset password for ${user.email}`}
        disabled={locked}
        onClick={() => onOpen({ kind: 'password', user })}
      >
        <KeyIcon />
      </IconButton>
      <IconButton
        aria-label={`Edit ${user.email}`}
        disabled={locked}
        onClick={() => onOpen({ kind: 'edit', user })}
      >
        <EditIcon />
      </IconButton>
      <IconButton
        aria-label={`Delete ${user.email}`}
        color="error"
        disabled={locked}
        onClick={() => onOpen({ kind: 'delete', user })}
      >
        <DeleteIcon />
      </IconButton>
      {locked && (
        <Typography variant="body2" color="text.secondary">
          Protected
        </Typography>
      )}
    </Stack>
  );
}

function UsersTable({ users, onOpen }: { users: User[]; onOpen: (dialog: OpenDialog) => void }) {
  return (
    <TableContainer component={Paper}>
      <Table aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>First Name</TableCell>
            <TableCell>Last Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Action</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id} hover>
              <TableCell>{user.first_name}</TableCell>
              <TableCell>{user.last_name}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <UserActions user={user} onOpen={onOpen} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function UsersPage() {
  const { data: users, isLoading, isError } = useListUsersQuery();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1">
          User Managment
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'create' })}>
          New User
        </Button>
      </Stack>
      {isLoading && <CenteredSpinner label="Loading users" />}
      {isError && <Alert severity="error">{GENERIC_ERROR}</Alert>}
      {users && <UsersTable users={users} onOpen={setDialog} />}
      {dialog?.kind === 'create' && <CreateUserDialog onClose={close} />}
      {dialog?.kind === 'edit' && <EditUserDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'password' && <ResetPasswordDialog user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteUserDialog user={dialog.user} onClose={close} />}
    </Stack>
  );
}
