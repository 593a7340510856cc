import { useDeleteUserMutation, type User } from '../../api/users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/notify';

export function DeleteUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [deleteUser, { isLoading }] = useDeleteUserMutation();

  const confirm = async () => {
    const result = await deleteUser(user.id);
    if (result.error === undefined) {
      notify(`User ${user.email} deleted.`, 'success');
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open
      title="Delete User Account"
      confirmLabel="Delete"
      pending={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    >
      Delete the account of {user.first_name} {user.last_name} ({user.email})? They will no longer be able to
      sign in.
    </ConfirmDialog>
  );
}
