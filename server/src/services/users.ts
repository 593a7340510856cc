import type { Config } from '../config';
import { resetLoginFailures } from '../auth/loginThrottle';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import * as users from '../db/repositories/users';
import type { User, UserChanges } from '../db/repositories/users';
import { badRequest, forbidden, notFound } from '../http/errors';
import { FieldErrorCollector, ValidationError } from '../validation/errors';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export interface UsersContext {
  db: Db;
  config: Config;
}

export interface NewUserInput {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  confirm_password: string;
}

const duplicateEmail = () => ValidationError.field('email', 'user with this email already exists.');

function checkPasswordsMatch(errors: FieldErrorCollector, password: string, confirmPassword: string): void {
  if (!errors.has('password') && !errors.has('confirm_password') && password !== confirmPassword) {
    errors.add('confirm_password', 'Passwords do not match.');
  }
}

/** Inserts or updates, turning a unique-email race lost to another request into the same 400 as the pre-check. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export async function createUser({ db, config }: UsersContext, input: NewUserInput): Promise<User> {
  const errors = new FieldErrorCollector();
  if (await users.emailTaken(db, input.email)) errors.merge(duplicateEmail());
  checkPasswordsMatch(errors, input.password, input.confirm_password);
  errors.throwIfAny();
  const password_hash = await hashPassword(input.password, config.passwordHashCost);
  return withUniqueEmail(() =>
    users.insertUser(db, {
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      password_hash,
    }),
  );
}

/** A user that exists and is not protected; the order of checks is 404, then 403. */
export async function changeableUser(db: Db, id: number): Promise<User> {
  const user = await users.findUserById(db, id);
  if (!user) throw notFound();
  if (user.is_superuser) throw forbidden('Superuser accounts cannot be changed.');
  return user;
}

export async function listUsers({ db }: UsersContext): Promise<User[]> {
  return users.listUsers(db);
}

export async function getUser({ db }: UsersContext, id: number): Promise<User> {
  const user = await users.findUserById(db, id);
  if (!user) throw notFound();
  return user;
}

export async function updateUser({ db }: UsersContext, id: number, changes: UserChanges): Promise<User> {
  await changeableUser(db, id);
  if (changes.email !== undefined && (await users.emailTaken(db, changes.email, id))) throw duplicateEmail();
  const updated = await withUniqueEmail(() => users.updateUser(db, id, changes));
  if (!updated) throw notFound();
  return updated;
}

export async function deleteUser({ db }: UsersContext, actor: User, id: number): Promise<void> {
  await changeableUser(db, id);
  if (actor.id === id) throw badRequest('You cannot delete your own account.');
  // Rows that belong to the user (staging lines, cart lines) go with it through ON DELETE CASCADE.
  if (!(await users.deleteUser(db, id))) throw notFound();
}

export interface PasswordInput {
  password: string;
  confirm_password: string;
}

export async function setPassword(
  { db, config }: UsersContext,
  id: number,
  input: PasswordInput,
): Promise<void> {
  const user = await changeableUser(db, id);
  const errors = new FieldErrorCollector();
  checkPasswordsMatch(errors, input.password, input.confirm_password);
  errors.throwIfAny();
  await replacePassword(db, config.passwordHashCost, user, input.password);
}

/**
 * Every password change (the API's set_password, the account CLI): the new hash, the end of the user's existing
 * tokens (including the caller's own when they change their own password: they sign in again), and the end of
 * any login lock on the email.
 */
export async function replacePassword(
  db: Db,
  cost: number,
  user: Pick<User, 'id' | 'email'>,
  password: string,
): Promise<void> {
  await users.changePasswordHash(db, user.id, await hashPassword(password, cost));
  await resetLoginFailures(db, user.email);
}
