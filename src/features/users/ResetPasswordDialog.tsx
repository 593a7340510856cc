import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useSetPasswordMutation, type User } from '../../api/users';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import { passwordMismatch, type FieldErrors } from './UserForm';

export function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [setPassword, { isLoading, error }] = useSetPasswordMutation();
  const [password, setPasswordValue] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [localErrors, setLocalErrors] = useState<FieldErrors | null>(null);
  const refused = formErrors(error, ['password', 'confirm_password']);
  const errors = localErrors ?? refused.fields;

  const submit = async () => {
    const passwords = { password, confirm_password: confirmPassword };
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
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        autoFocus
        required
        value={password}
        onChange={(event) => setPasswordValue(event.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
      />
      <TextField
        label="Repeat Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        error={Boolean(errors.confirm_password)}
        helperText={errors.confirm_password}
      />
    </FormDialog>
  );
}
