import { useState } from 'react';
import { fieldErrors } from '../../api/errorMessage';
import { useUpdateUserMutation, type User } from '../../api/users';
import { useEditConflict } from '../../components/EditConflict';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import {
  formValuesOfUser,
  roleAndLabs,
  useLocationName,
  UserForm,
  userConflictFields,
  type UserFormValues,
} from './UserForm';

/**
 * Edit User Information. The save names the version the form was opened with; refused because the account changed
 * meanwhile, the form stays open with the conflict (docs/api.md §28).
 */
export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  const [values, setValues] = useState<UserFormValues>(() => formValuesOfUser(user));
  const conflicts = useEditConflict<User>(user.version);
  const locationName = useLocationName();

  const submit = async () => {
    const { first_name, last_name, email } = values;
    const result = await updateUser({
      id: user.id,
      version: conflicts.version(),
      first_name,
      last_name,
      email,
      ...roleAndLabs(values),
    });
    if (conflicts.refused(result.error)) return;
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
      {conflicts.notice({
        fields: (current) => userConflictFields(values, current, locationName),
        pending: isLoading,
        onReapply: () => void submit(),
        onUseCurrent: (current) => setValues(formValuesOfUser(current)),
      })}
      <UserForm values={values} onChange={setValues} errors={fieldErrors(error)} withPassword={false} />
    </FormDialog>
  );
}
