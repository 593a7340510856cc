import { useState } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useUpdateUserMutation, type User, type UserDetails } from '../../api/users';
import { useEditConflict } from '../../components/EditConflict';
import { formChanged, reapplied } from '../../components/formChanges';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import {
  formValuesOfUser,
  roleAndLabs,
  useLocationName,
  UserForm,
  userConflictFields,
  userFieldNames,
  type UserFormValues,
} from './UserForm';

/**
 * Edit User Information. The save names the version the form was opened with; refused because the account changed
 * meanwhile, the form stays open with the conflict (docs/api.md §28), and Reapply sends only the fields the person
 * changed, over the account as it is now.
 */
export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  const [opened] = useState<UserFormValues>(() => formValuesOfUser(user));
  // What the form's values are changes of: the account as opened, or as it was when a conflict was resolved.
  const [started, setStarted] = useState(opened);
  const [values, setValues] = useState(opened);
  const conflicts = useEditConflict<User>(user.version);
  const locationName = useLocationName();
  const refused = formErrors(error, userFieldNames(false));

  const submit = async () => {
    const { first_name, last_name, email } = values;
    await saved({ first_name, last_name, email, ...roleAndLabs(values) }, email);
  };

  const reapply = (current: User) => {
    const now = formValuesOfUser(current);
    const next = reapplied(started, values, now);
    setValues(next.values);
    setStarted(now);
    const { email, first_name, last_name, role, labs } = next.changes;
    const changes: Partial<UserDetails> = {
      ...(email !== undefined && { email }),
      ...(first_name !== undefined && { first_name }),
      ...(last_name !== undefined && { last_name }),
      // Labs belong to lab users alone: a new role takes the labs that go with it.
      ...(role !== undefined && roleAndLabs(next.values)),
      ...(labs !== undefined && { labs: roleAndLabs(next.values).labs }),
    };
    if (Object.keys(changes).length > 0) void saved(changes, next.values.email);
  };

  const saved = async (details: Partial<UserDetails>, email: string) => {
    const result = await updateUser({ id: user.id, version: conflicts.version(), ...details });
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
      changed={formChanged(opened, values)}
      errors={refused.others}
    >
      {conflicts.notice({
        fields: (current) => userConflictFields(values, current, locationName),
        pending: isLoading,
        onReapply: reapply,
        onUseCurrent: (current) => {
          setValues(formValuesOfUser(current));
          setStarted(formValuesOfUser(current));
        },
      })}
      <UserForm values={values} onChange={setValues} errors={refused.fields} withPassword={false} />
    </FormDialog>
  );
}
