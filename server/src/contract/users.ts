import { Type, type Static, type TArray, type TSchema } from '@fastify/type-provider-typebox';
import { CONSUMER_TYPES, LAB_ROLES, USER_ROLES } from '../db/tables';

export type { LabRole, UserRole } from '../db/tables';
import { VersionSchema } from '../http/versions';
import { choice, email, idRef, text } from '../validation/fields';

// §3's accounts (SERVER.md) with docs/api.md's role and labs: what the routes answer and accept, and through Static
// the types of the service and the SPA.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const userFields = {
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  is_superuser: Type.Boolean(),
  role: Type.Enum(USER_ROLES),
};

/** A lab (a location of SPEC.md) a lab user belongs to, as the user shape lists it. */
export const LabMembershipSchema = Type.Object({ location: Type.Integer(), role: Type.Enum(LAB_ROLES) });
export type LabMembership = Static<typeof LabMembershipSchema>;

/** A user's shape with its kind of lab membership: the read of any account and of one's own differ only in labs. */
const userShape = <Labs extends TSchema>(labs: TArray<Labs>) =>
  Type.Object({ ...userFields, labs, version: VersionSchema });

/** A user as store managers read it; never has a password field: answers are serialised by this schema. */
export const UserSchema = userShape(
  Type.Array(LabMembershipSchema, { description: 'Location id ascending; only lab users have labs.' }),
);
export type UserRead = Static<typeof UserSchema>;

/** A membership of the signed-in person, with what the lab page shows of the location. */
export const NamedLabMembershipSchema = Type.Object({
  ...LabMembershipSchema.properties,
  name: Type.String(),
  consumer_type: Type.Enum(CONSUMER_TYPES),
});
export type NamedLabMembership = Static<typeof NamedLabMembershipSchema>;

/** The caller's own account, with what its lab page names of each lab. */
export const OwnAccountSchema = userShape(
  Type.Array(NamedLabMembershipSchema, { description: 'Location id ascending' }),
);
export type OwnAccount = Static<typeof OwnAccountSchema>;

const roleFields = {
  role: Type.Optional(
    choice(USER_ROLES, 'What the account may do; a new account without it is a store manager.'),
  ),
  labs: Type.Optional(
    Type.Array(Type.Object({ location: idRef('A location'), role: choice(LAB_ROLES) }), {
      description: "A lab user's labs (at least one), which replace the ones it had; other roles have none.",
    }),
  ),
};

const password = () => text({ trim: false, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
const name = () => text({ maxLength: 150 });

export const CreateUserBody = Type.Object({
  email: email(),
  first_name: name(),
  last_name: name(),
  password: password(),
  confirm_password: password(),
  ...roleFields,
});
export type NewUser = Static<typeof CreateUserBody>;

export const UpdateUserBody = Type.Object({
  email: Type.Optional(email()),
  first_name: Type.Optional(name()),
  last_name: Type.Optional(name()),
  ...roleFields,
});
export type UserChanges = Static<typeof UpdateUserBody>;

export const PasswordBody = Type.Object({ password: password(), confirm_password: password() });
export type NewPassword = Static<typeof PasswordBody>;
