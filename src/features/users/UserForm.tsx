import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { labRoleLabels, roleLabels, type LabMembership, type Role } from '../../api/roles';
import { useConsumersTreeQuery } from '../../api/locations';
import type { NewPassword, NewUser, User } from '../../api/users';
import { conflictFieldsOf, shownValue, type ConflictField } from '../../components/EditConflict';
import { TextInputs, type TextInput } from '../../components/TextInputs';
import { LabMembershipFields } from './LabMembershipFields';

/**
 * What the dialogs edit: the account's fields with its role and labs always present. A new account's role is '' until
 * chosen: the form never makes a store manager by default (the API still does, as SERVER.md's clients expect).
 */
export type UserFormValues = Omit<NewUser, 'role' | 'labs'> & { role: Role | ''; labs: LabMembership[] };

const roles = Object.keys(roleLabels) as Role[];

/** The local check of a new account's role: it is chosen, never assumed. */
export function roleMissing({ role }: Pick<UserFormValues, 'role'>): FieldErrors | null {
  return role === '' ? { role: "Choose the account's role." } : null;
}

/**
 * The role and labs a write sends, once a role is chosen: labs belong to lab users alone (the server refuses them with
 * other roles).
 */
export function roleAndLabs({ role, labs }: UserFormValues): { role: Role; labs: LabMembership[] } {
  if (role === '') throw new Error('roleAndLabs before a role was chosen (roleMissing)');
  return { role, labs: role === 'lab_user' ? labs : [] };
}

/** A location's name by id, from the consumers tree; 'Location #3' until it is loaded (or if it is gone). */
export function useLocationName(): (id: number) => string {
  const tree = useConsumersTreeQuery();
  return (id) =>
    Object.values(tree.data ?? {})
      .flat()
      .find((location) => location.id === id)?.name ?? `Location #${id}`;
}

/** An account's labs as the list and an edit's conflict name them: 'Physical Lab 1 (Lab manager)'. */
export const membershipTexts = (
  labs: readonly LabMembership[],
  locationName: (id: number) => string,
): string[] => labs.map((lab) => `${locationName(lab.location)} (${labRoleLabels[lab.role]})`);

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
    shownValue(membershipTexts(values.role === 'lab_user' ? values.labs : [], locationName));
  const theirs = formValuesOfUser(current);
  return [
    ...conflictFieldsOf(detailFields, yours, theirs),
    {
      label: 'Role',
      yours: yours.role === '' ? '' : roleLabels[yours.role],
      current: theirs.role === '' ? '' : roleLabels[theirs.role],
    },
    { label: 'Labs', yours: labs(yours), current: labs(theirs) },
  ];
}

export type FieldErrors = Partial<Record<string, string>>;

/** The same check the server makes (SERVER.md §3), done first so a typo costs no round trip. */
export function passwordMismatch({ password, confirm_password }: NewPassword): FieldErrors | null {
  return password === confirm_password ? null : { confirm_password: 'Passwords do not match.' };
}

type Field = TextInput<keyof NewPassword | 'email' | 'first_name' | 'last_name'>;

const detailFields: Field[] = [
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name' },
];

/** The first password and its repeat, as an account's creation and Reset Password ask for them. */
export const passwordFields: TextInput<keyof NewPassword>[] = [
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

/** The fields the user form shows, by their API names: the server's messages about them show beside them. */
export const userFieldNames = (withPassword: boolean): string[] => [
  ...(withPassword ? [...detailFields, ...passwordFields] : detailFields).map(({ name }) => name),
  'role',
  'labs',
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
  return (
    <>
      <TextInputs fields={fields} values={values} onChange={onChange} errors={errors} />
      <TextField
        select
        name="role"
        label="Role"
        value={values.role}
        onChange={(event) => onChange({ ...values, role: event.target.value as Role })}
        error={Boolean(errors.role)}
        helperText={
          errors.role ??
          'Store managers change the store; auditors read everything; lab users see their labs.'
        }
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
