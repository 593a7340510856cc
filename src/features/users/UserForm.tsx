import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { labRoleLabels, roleLabels, type LabMembership, type Role } from '../../api/roles';
import type { NewPassword, NewUser, User } from '../../api/users';
import { shownValue, type ConflictField } from '../../components/EditConflict';
import { LabMembershipFields } from './LabMembershipFields';

/** What the dialogs edit: the account's fields with its role and labs always present. */
export type UserFormValues = NewUser & { role: Role; labs: LabMembership[] };

const roles = Object.keys(roleLabels) as Role[];

/** The role and labs a write sends: labs belong to lab users alone (the server refuses them with other roles). */
export function roleAndLabs({ role, labs }: UserFormValues): Pick<UserFormValues, 'role' | 'labs'> {
  return { role, labs: role === 'lab_user' ? labs : [] };
}

/** An account's values as the edit form holds them. */
export function formValuesOfUser(user: User): UserFormValues {
  return {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    password: '',
    confirm_password: '',
    role: user.role,
    labs: user.labs,
  };
}

/** The edit form's values and the account's current ones, as an edit's conflict lists them; labs by name. */
export function userConflictFields(
  yours: UserFormValues,
  current: User,
  locationName: (id: number) => string,
): ConflictField[] {
  const labs = (values: UserFormValues) =>
    shownValue(
      roleAndLabs(values).labs.map((lab) => `${locationName(lab.location)} (${labRoleLabels[lab.role]})`),
    );
  const theirs = formValuesOfUser(current);
  return [
    ...detailFields.map(({ name, label }) => ({
      label,
      yours: shownValue(yours[name]),
      current: shownValue(theirs[name]),
    })),
    { label: 'Role', yours: roleLabels[yours.role], current: roleLabels[theirs.role] },
    { label: 'Labs', yours: labs(yours), current: labs(theirs) },
  ];
}

export type FieldErrors = Partial<Record<string, string>>;

/** The same check the server makes (SERVER.md §3), done first so a typo costs no round trip. */
export function passwordMismatch({ password, confirm_password }: NewPassword): FieldErrors | null {
  return password === confirm_password ? null : { confirm_password: 'Passwords do not match.' };
}

interface Field {
  name: keyof NewPassword | 'email' | 'first_name' | 'last_name';
  label: string;
  type?: string;
  autoComplete: string;
}

const detailFields: Field[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  { name: 'first_name', label: 'First Name', autoComplete: 'off' },
  { name: 'last_name', label: 'Last Name', autoComplete: 'off' },
];

const passwordFields: Field[] = [
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

interface UserFormProps {
  values: UserFormValues;
  onChange: (values: UserFormValues) => void;
  /** Messages per field, from the server's 400 body or the local checks. */
  errors: FieldErrors;
  /** Create asks for the first password; edit leaves passwords to Reset Password. */
  withPassword: boolean;
}

/** The user fields shared by Create a New User and Edit User Information. */
export function UserForm({ values, onChange, errors, withPassword }: UserFormProps) {
  const fields = withPassword ? [...detailFields, ...passwordFields] : detailFields;
  const textFields = fields.map(({ name, label, type, autoComplete }, position) => (
    <TextField
      key={name}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      autoFocus={position === 0}
      required
      value={values[name]}
      onChange={(event) => onChange({ ...values, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name]}
    />
  ));
  return (
    <>
      {textFields}
      <TextField
        select
        name="role"
        label="Role"
        value={values.role}
        onChange={(event) => onChange({ ...values, role: event.target.value as Role })}
        error={Boolean(errors.role)}
        helperText={errors.role}
      >
        {roles.map((role) => (
          <MenuItem key={role} value={role}>
            {roleLabels[role]}
          </MenuItem>
        ))}
      </TextField>
      {values.role === 'lab_user' && (
        <LabMembershipFields
          labs={values.labs}
          onChange={(labs) => onChange({ ...values, labs })}
          error={errors.labs}
        />
      )}
    </>
  );
}
