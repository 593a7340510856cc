import { useState } from 'react';
import { fieldErrors } from '../../api/errorMessage';
import { useUpdateUserMutation, type User } from '../../api/users';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import { roleAndLabs, UserForm, type UserFormValues } from './UserForm';

export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  const [values, setValues] = useState<UserFormValues>({
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    password: '',
    confirm_password: '',
    role: user.role,
    labs: user.labs,
  });

  const submit = async () => {
    const { first_name, last_name, email } = values;
    const result = await updateUser({ id: user.id, first_name, last_name, email, ...roleAndLabs(values) });
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
