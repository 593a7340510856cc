import { useState } from 'react';
import { fieldErrors } from '../../api/errorMessage';
import { useUpdateUserMutation, type User } from '../../api/users';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import { UserForm } from './UserForm';

export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  const [values, setValues] = useState({
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    password: '',
    confirm_password: '',
  });

  const submit = async () => {
    const { first_name, last_name, email } = values;
    const result = await updateUser({ id: user.id, first_name, last_name, email });
    if (result.error === undefined) {
      notify(`User ${email} updated.`, 'success');
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title="Edit User Information"
      submitLabel="Save"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserForm values={values} onChange={setValues} errors={fieldErrors(error)} withPassword={false} />
    </FormDialog>
  );
}
