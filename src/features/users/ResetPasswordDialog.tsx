import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useSetPasswordMutation, type NewPassword, type User } from '../../api/users';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import { passwordMismatch, type FieldErrors } from './UserForm';

/** The two inputs, by the API's names: the second must repeat the first. */
const passwordInputs: { name: keyof NewPassword; label: string }[] = [
  { name: 'password', label: 'Password' },
  { name: 'confirm_password', label: 'Repeat Password' },
];

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
      {passwordInputs.map(({ name, label }, position) => (
        <TextField
          key={name}
          label={label}
          type="password"
          autoComplete="new-password"
          autoFocus={position === 0}
          required
          value={passwords[name]}
          onChange={(event) => setPasswords({ ...passwords, [name]: event.target.value })}
          error={Boolean(errors[name])}
          helperText={errors[name]}
        />
      ))}
    </FormDialog>
  );
}
