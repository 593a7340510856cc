import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useSetPasswordMutation, type NewPassword, type User } from '../../api/users';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import { TextInputs } from '../../components/TextInputs';
import { passwordFields, passwordMismatch, type FieldErrors } from './UserForm';

// Reset Password has always asked to Repeat Password; an account's creation asks to Confirm Password.
const passwordInputs = [passwordFields[0], { ...passwordFields[1], label: 'Repeat Password' }];

export function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [setPassword, { isLoading, error }] = useSetPasswordMutation();
  const [passwords, setPasswords] = useState<NewPassword>({ password: '', confirm_password: '' });
  const [localErrors, setLocalErrors] = useState<FieldErrors | null>(null);
  const refused = formErrors(error, ['password', 'confirm_password']);
  const errors = localErrors ?? refused.fields;

  const submit = async () => {
    const mismatch = passwordMismatch(passwords);
    setLocalErrors(mismatch);
    if (mismatch) return;
    const result = await setPassword({ id: user.id, ...passwords });
    if (result.error === undefined) {
      notify(`Password updated for ${user.email}.`, 'success');
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title="Reset Password"
      submitLabel="Reset"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
      errors={localErrors ? [] : refused.others}
    >
      <Typography>New password for {user.email}</Typography>
      <TextInputs fields={passwordInputs} values={passwords} onChange={setPasswords} errors={errors} />
    </FormDialog>
  );
}
