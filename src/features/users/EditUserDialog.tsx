import { formErrors } from '../../api/fieldMessages';
import { useUpdateUserMutation, type User, type UserDetails } from '../../api/users';
import { EditFormDialog, useEditForm } from '../../components/EditFormDialog';
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
  const form = useEditForm(user, formValuesOfUser);
  const locationName = useLocationName();
  const refused = formErrors(error, userFieldNames(false));

  const submit = async () => {
    const { first_name, last_name, email } = form.values;
    await saved({ first_name, last_name, email, ...roleAndLabs(form.values) }, email);
  };

  const reapply = (
    { email, first_name, last_name, role, labs }: Partial<UserFormValues>,
    values: UserFormValues,
  ) => {
    const changes: Partial<UserDetails> = {
      ...(email !== undefined && { email }),
      ...(first_name !== undefined && { first_name }),
      ...(last_name !== undefined && { last_name }),
      // Labs belong to lab users alone: a new role takes the labs that go with it.
      ...(role !== undefined && roleAndLabs(values)),
      ...(labs !== undefined && { labs: roleAndLabs(values).labs }),
    };
    if (Object.keys(changes).length > 0) void saved(changes, values.email);
  };

  const saved = async (details: Partial<UserDetails>, email: string) => {
    const result = await updateUser({ id: user.id, version: form.version(), ...details });
    if (form.refused(result.error)) return;
    if (result.error === undefined) {
      notify(`User ${email} updated.`, 'success');
      onClose();
    }
  };

  return (
    <EditFormDialog
      form={form}
      title="Edit User Information"
      pending={isLoading}
      errors={refused.others}
      fields={(current) => userConflictFields(form.values, current, locationName)}
      onReapply={reapply}
      onSubmit={submit}
      onClose={onClose}
    >
      <UserForm values={form.values} onChange={form.setValues} errors={refused.fields} withPassword={false} />
    </EditFormDialog>
  );
}
