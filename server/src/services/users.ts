import type { Config } from '../config';
import { resetLoginFailures } from '../auth/loginThrottle';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import * as users from '../db/repositories/users';
import type { User, UserChanges } from '../db/repositories/users';
import type { Executor } from '../db/executor';
import { badRequest, forbidden, notFound } from '../http/errors';
import { FieldErrorCollector, ValidationError } from '../validation/errors';
import { fieldChanges, recordAudit, recordEdit, userSnapshot, userTarget, type Actor } from './audit';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export interface UsersContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  /** The clock of audit entries. */
  now: () => Date;
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

export async function createUser(
  { db, config, now }: UsersContext,
  actor: Actor,
  input: NewUserInput,
): Promise<User> {
  const errors = new FieldErrorCollector();
  if (await users.emailTaken(db, input.email)) errors.merge(duplicateEmail());
  checkPasswordsMatch(errors, input.password, input.confirm_password);
  errors.throwIfAny();
  const password_hash = await hashPassword(input.password, config.passwordHashCost);
  return withUniqueEmail(() =>
    db.transaction().execute(async (trx) => {
      const user = await users.insertUser(trx, {
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        password_hash,
      });
      await recordAudit(trx, {
        at: now(),
        actor,
        action: 'user.created',
        target: userTarget(user),
        changes: fieldChanges(null, userSnapshot(user)),
      });
      return user;
    }),
  );
}

/** A user that exists and is not protected; the order of checks is 404, then 403. */
export async function changeableUser(db: Executor, id: number): Promise<User> {
  const user = await users.findUserById(db, id);
  if (!user) throw notFound();
  if (user.is_superuser) throw forbidden('Superuser accounts cannot be changed.');
  return user;
}

/** changeableUser, locked until the transaction ends (where the engine has row locks). */
async function lockChangeableUser(trx: Executor, dialect: Dialect, id: number): Promise<User> {
  if (!(await users.lockUser(trx, dialect, id))) throw notFound();
  return changeableUser(trx, id);
}

export async function listUsers({ db }: UsersContext): Promise<User[]> {
  return users.listUsers(db);
}

export async function getUser({ db }: UsersContext, id: number): Promise<User> {
  const user = await users.findUserById(db, id);
  if (!user) throw notFound();
  return user;
}

/** Audited with the fields that changed; a request that changes nothing writes no entry. */
export async function updateUser(
  { db, dialect, now }: UsersContext,
  actor: Actor,
  id: number,
  changes: UserChanges,
): Promise<User> {
  return withUniqueEmail(() =>
    db.transaction().execute(async (trx) => {
      const before = await lockChangeableUser(trx, dialect, id);
      if (changes.email !== undefined && (await users.emailTaken(trx, changes.email, id)))
        throw duplicateEmail();
      const updated = await users.updateUser(trx, id, changes);
      if (!updated) throw notFound();
      await recordEdit(trx, {
        at: now(),
        actor,
        action: 'user.updated',
        target: userTarget(updated),
        before: userSnapshot(before),
        after: userSnapshot(updated),
      });
      return updated;
    }),
  );
}

export async function deleteUser(
  { db, dialect, now }: UsersContext,
  actor: Actor,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await lockChangeableUser(trx, dialect, id);
    if (actor.id === id) throw badRequest('You cannot delete your own account.');
    // Rows that belong to the user (staging lines, cart lines) go with it through ON DELETE CASCADE.
    if (!(await users.deleteUser(trx, id))) throw notFound();
    await recordAudit(trx, {
      at: now(),
      actor,
      action: 'user.deleted',
      target: userTarget(user),
      changes: fieldChanges(userSnapshot(user), null),
    });
  });
}

export interface PasswordInput {
  password: string;
  confirm_password: string;
}

export async function setPassword(
  { db, dialect, config, now }: UsersContext,
  actor: Actor,
  id: number,
  input: PasswordInput,
): Promise<void> {
  await changeableUser(db, id);
  const errors = new FieldErrorCollector();
  checkPasswordsMatch(errors, input.password, input.confirm_password);
  errors.throwIfAny();
  // Hashed before the transaction: the hash is deliberately slow and would hold the row lock all that time.
  const passwordHash = await hashPassword(input.password, config.passwordHashCost);
  await db.transaction().execute(async (trx) => {
    const user = await lockChangeableUser(trx, dialect, id);
    await storePasswordHash(trx, user, passwordHash);
    // No changes listed: neither the password nor its hash ever goes into the log.
    await recordAudit(trx, { at: now(), actor, action: 'user.password_reset', target: userTarget(user) });
  });
}

/**
 * Every password change (the API's set_password, the account CLI): the new hash, the end of the user's existing
 * tokens (including the caller's own when they change their own password: they sign in again), and the end of
 * any login lock on the email.
 */
async function storePasswordHash(
  trx: Executor,
  user: Pick<User, 'id' | 'email'>,
  passwordHash: string,
): Promise<void> {
  await users.changePasswordHash(trx, user.id, passwordHash);
  await resetLoginFailures(trx, user.email);
}

/** A password change from the account CLI, which acts outside the app and its audit log. */
export async function replacePassword(
  db: Db,
  cost: number,
  user: Pick<User, 'id' | 'email'>,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password, cost);
  await db.transaction().execute((trx) => storePasswordHash(trx, user, passwordHash));
}
