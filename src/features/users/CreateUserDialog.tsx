import { useState } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useCreateUserMutation } from '../../api/users';
import { formChanged } from '../../components/formChanges';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import {
  passwordMismatch,
  roleAndLabs,
  roleMissing,
  UserForm,
  userFieldNames,
  type FieldErrors,
  type UserFormValues,
} from './UserForm';

// No role until one is chosen: a new account is never a store manager by accident.
const emptyUser: UserFormValues = {
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  confirm_password: '',
  role: '',
  labs: [],
};

export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const [createUser, { isLoading, error }] = useCreateUserMutation();
  const [values, setValues] = useState(emptyUser);
  const [localErrors, setLocalErrors] = useState<FieldErrors | null>(null);
  const refused = formErrors(error, userFieldNames(true));

  const submit = async () => {
    const local = { ...passwordMismatch(values), ...roleMissing(values) };
    const invalid = Object.keys(local).length > 0;
    setLocalErrors(invalid ? local : null);
    if (invalid) return;
    const result = await createUser({ ...values, ...roleAndLabs(values) });
    if (result.error === undefined) {
      notify(`User ${values.email} created.`, 'success');
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title="Create a New User"
      submitLabel="Create"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
      changed={formChanged(emptyUser, values)}
      errors={localErrors ? [] : refused.others}
    >
      <UserForm values={values} onChange={setValues} errors={localErrors ?? refused.fields} withPassword />
    </FormDialog>
  );
}
