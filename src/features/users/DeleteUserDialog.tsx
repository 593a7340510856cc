import { useDeleteUserMutation, type User } from '../../api/users';
import { DeleteDialog } from '../../components/ConfirmDialog';

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [deleteUser, { isLoading }] = useDeleteUserMutation();
  return (
    <DeleteDialog
      title="Delete User Account"
      pending={isLoading}
      onDelete={() => deleteUser(user.id)}
      deletedNotice={`User ${user.email} deleted.`}
      onClose={onClose}
    >
      Delete the account of {user.first_name} {user.last_name} ({user.email})? They will no longer be able to
      sign in.
    </DeleteDialog>
  );
}
