import type { Config } from '../config';
import { resetLoginFailures } from '../auth/loginThrottle';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { isForeignKeyViolation } from '../db/errors';
import { listCartLines } from '../db/repositories/issueCart';
import * as labMemberships from '../db/repositories/labMemberships';
import type { LabMembership, NamedLabMembership } from '../db/repositories/labMemberships';
import { firstMissingLocation } from '../db/repositories/locations';
import { listStagingLines } from '../db/repositories/shipments';
import * as users from '../db/repositories/users';
import type { User } from '../db/repositories/users';
import type { NewUser, OwnAccount, UserChanges as AccountChanges, UserRead } from '../contract/users';
import type { Executor } from '../db/executor';
import type { UserRole } from '../db/tables';
import { changedValues, raiseVersions } from '../db/versions';
import type { ChangeTopic } from '../domain/changeTopics';
import { STOCK_KINDS } from '../domain/stockKinds';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { IfMatch } from '../http/versions';
import { FieldErrorCollector, messages, ValidationError } from '../validation/errors';
import { refusingDuplicates } from '../validation/duplicates';
import { recordChange, writeTransaction } from '../feed/changeLog';
import {
  fieldChanges,
  recordAudit,
  recordEdit,
  userSnapshot,
  userTarget,
  type Actor,
} from '../audit/entries';
import { checkVersion } from '../audit/versions';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../contract/users';

export interface UsersContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  /** The clock of audit entries. */
  now: () => Date;
}

/** An account as the service reads it: the row with its labs named (the audit log's snapshots name them). */
interface Account extends User {
  labs: NamedLabMembership[];
}

interface RoleInput {
  role?: UserRole;
  labs?: LabMembership[];
}

/** A user as store managers read it (the contract's shape: no creation time, labs by id). */
const userRead = ({ created_at: _created, labs, ...user }: Account): UserRead => ({
  ...user,
  labs: labs.map(({ location, role }) => ({ location, role })),
});

export const roleMessages = {
  labUserWithoutLabs: 'A lab user needs at least one lab.',
  labsOfOtherRole: 'Only lab users have labs.',
  repeatedLocation: (location: number) => `location: Location ${location} is listed more than once.`,
  missingLocation: (location: number) => `location: ${messages.pkMissing(location)}`,
};

/**
 * The role and labs an account will have, or their field errors. Labs belong to lab users alone: a store manager
 * or an auditor sees every lab, so labs given with those roles are refused rather than kept unused, and an account
 * that stops being a lab user loses its labs.
 */
async function resolveRoleAndLabs(
  db: Executor,
  errors: FieldErrorCollector,
  current: { role: UserRole; labs: readonly LabMembership[] },
  input: RoleInput,
): Promise<{ role: UserRole; labs: LabMembership[] }> {
  const role = input.role ?? current.role;
  const keptLabs = role === 'lab_user' ? current.labs : [];
  const labs = [...(input.labs ?? keptLabs)].sort((a, b) => a.location - b.location);
  if (role !== 'lab_user' && labs.length > 0) errors.add('labs', roleMessages.labsOfOtherRole);
  else if (role === 'lab_user' && labs.length === 0) errors.add('labs', roleMessages.labUserWithoutLabs);
  else if (input.labs !== undefined) {
    const repeated = labs.find((lab, index) => index > 0 && labs[index - 1].location === lab.location);
    if (repeated !== undefined) errors.add('labs', roleMessages.repeatedLocation(repeated.location));
    else {
      const missing = await firstMissingLocation(
        db,
        labs.map((lab) => lab.location),
      );
      if (missing !== undefined) errors.add('labs', roleMessages.missingLocation(missing));
    }
  }
  return { role, labs: labs.map(({ location, role: labRole }) => ({ location, role: labRole })) };
}

/**
 * Writes with labs checked beforehand: a location deleted by a concurrent request in between fails the foreign
 * key, which answers the same 400 as if the deletion had come first.
 */
async function withExistingLocations<T>(db: Executor, labs: RoleInput['labs'], write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (!isForeignKeyViolation(error) || labs === undefined) throw error;
    const missing = await firstMissingLocation(
      db,
      labs.map((lab) => lab.location),
    );
    if (missing === undefined) throw error;
    throw ValidationError.field('labs', roleMessages.missingLocation(missing));
  }
}

async function withLabs(db: Executor, user: User): Promise<Account> {
  const labs = await labMemberships.labsOfUsers(db, [user.id]);
  return { ...user, labs: labs.get(user.id) ?? [] };
}

/**
 * What the audit log keeps of an account: its names, role and labs (as the location's label reads, with the role in
 * it). Labs only when it has any (lab users): the entries of every other account stay as they were.
 */
function accountSnapshot(account: Account) {
  return {
    ...userSnapshot(account),
    role: account.role,
    ...(account.labs.length > 0
      ? { labs: account.labs.map((lab) => `${lab.name} (location #${lab.location}): ${lab.role}`) }
      : {}),
  };
}

/**
 * The change events of an account's labs (docs/api.md §27): one per lab joined, left or whose role changed, scoped to
 * the lab and the member, naming the member's id.
 */
function membershipsChanged(
  trx: Executor,
  actor: Actor,
  userId: number,
  before: readonly LabMembership[],
  after: readonly LabMembership[],
): void {
  const roleIn = (labs: readonly LabMembership[], location: number) =>
    labs.find((lab) => lab.location === location)?.role;
  for (const location of new Set([...before, ...after].map((lab) => lab.location))) {
    const [old, now] = [roleIn(before, location), roleIn(after, location)];
    if (old === now) continue;
    const action = old === undefined ? 'created' : now === undefined ? 'deleted' : 'updated';
    recordChange(trx, { topic: 'membership', action, ids: [userId], labId: location, userId, actor });
  }
}

const duplicateEmail = () => ValidationError.field('email', 'user with this email already exists.');

function checkPasswordsMatch(errors: FieldErrorCollector, password: string, confirmPassword: string): void {
  if (!errors.has('password') && !errors.has('confirm_password') && password !== confirmPassword) {
    errors.add('confirm_password', 'Passwords do not match.');
  }
}

export async function createUser(
  { db, config, now }: UsersContext,
  actor: Actor,
  input: NewUser,
): Promise<UserRead> {
  const errors = new FieldErrorCollector();
  if (await users.emailTaken(db, input.email)) errors.merge(duplicateEmail());
  checkPasswordsMatch(errors, input.password, input.confirm_password);
  const { role, labs } = await resolveRoleAndLabs(db, errors, { role: 'store_manager', labs: [] }, input);
  errors.throwIfAny();
  const password_hash = await hashPassword(input.password, config.passwordHashCost);
  return withExistingLocations(db, labs, () =>
    refusingDuplicates(duplicateEmail, () =>
      writeTransaction(db, async (trx) => {
        const user = await users.insertUser(trx, {
          email: input.email,
          first_name: input.first_name,
          last_name: input.last_name,
          password_hash,
          role,
        });
        await labMemberships.replaceLabs(trx, user.id, labs);
        const account = await withLabs(trx, user);
        membershipsChanged(trx, actor, user.id, [], account.labs);
        await recordAudit(trx, {
          at: now(),
          actor,
          action: 'user.created',
          target: userTarget(account),
          changes: fieldChanges(null, accountSnapshot(account)),
        });
        return userRead(account);
      }),
    ),
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

/**
 * The account a versioned write changes, with its labs: lockChangeableUser, then 412 when If-Match names another
 * version.
 */
async function lockAccountAt(trx: Executor, dialect: Dialect, id: number, ifMatch: IfMatch | undefined) {
  const account = await withLabs(trx, await lockChangeableUser(trx, dialect, id));
  await checkVersion(trx, ifMatch, { type: 'user', id }, account.version, userRead(account));
  return account;
}

export async function listUsers({ db }: UsersContext): Promise<UserRead[]> {
  const [all, labs] = await Promise.all([users.listUsers(db), labMemberships.labsOfUsers(db)]);
  return all.map((user) => userRead({ ...user, labs: labs.get(user.id) ?? [] }));
}

export async function getUser({ db }: UsersContext, id: number): Promise<UserRead> {
  const user = await users.findUserById(db, id);
  if (!user) throw notFound();
  return userRead(await withLabs(db, user));
}

/** The signed-in caller's own account: what the SPA reads to know the role and the labs. */
export async function ownAccount({ db }: Pick<UsersContext, 'db'>, user: User): Promise<OwnAccount> {
  const { created_at: _created, ...account } = await withLabs(db, user);
  return account;
}

const sameLabs = (a: readonly LabMembership[], b: readonly LabMembership[]): boolean =>
  a.length === b.length &&
  a.every((lab, index) => lab.location === b[index].location && lab.role === b[index].role);

/**
 * Audited with the fields that changed (a new role or new labs as old → new); a request that changes nothing
 * writes no entry and keeps the version. Given labs replace the account's labs. 412 when If-Match names another
 * version.
 */
export async function updateUser(
  { db, dialect, now }: UsersContext,
  actor: Actor,
  id: number,
  { labs: givenLabs, ...changes }: AccountChanges,
  ifMatch?: IfMatch,
): Promise<UserRead> {
  return withExistingLocations(db, givenLabs, () =>
    refusingDuplicates(duplicateEmail, () =>
      writeTransaction(db, async (trx) => {
        const before = await lockAccountAt(trx, dialect, id, ifMatch);
        const errors = new FieldErrorCollector();
        if (changes.email !== undefined && (await users.emailTaken(trx, changes.email, id)))
          errors.merge(duplicateEmail());
        const { role, labs } = await resolveRoleAndLabs(trx, errors, before, {
          role: changes.role,
          labs: givenLabs,
        });
        errors.throwIfAny();
        if (!(await users.updateUser(trx, id, changedValues(before, { ...changes, role })))) throw notFound();
        if (!sameLabs(before.labs, labs)) {
          await labMemberships.replaceLabs(trx, id, labs);
          await raiseVersions(trx, 'users', [id]);
        }
        const after = await withLabs(trx, (await users.findUserById(trx, id))!);
        membershipsChanged(trx, actor, id, before.labs, after.labs);
        await recordEdit(trx, {
          at: now(),
          actor,
          action: 'user.updated',
          target: userTarget(after),
          before: accountSnapshot(before),
          after: accountSnapshot(after),
        });
        return userRead(after);
      }),
    ),
  );
}

/** 412 when If-Match names another version. */
export async function deleteUser(
  { db, dialect, now }: UsersContext,
  actor: Actor,
  id: number,
  ifMatch?: IfMatch,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const user = await lockAccountAt(trx, dialect, id, ifMatch);
    if (actor.id === id) throw badRequest('You cannot delete your own account.');
    // Rows that belong to the user (staging lines, cart lines, lab memberships) go with it through ON DELETE CASCADE.
    // Its labs' managers see it leave, and its own lists, open in its tabs until its token is refused, empty.
    const ownLines = await ownListLines(trx, id);
    if (!(await users.deleteUser(trx, id))) throw notFound();
    membershipsChanged(trx, actor, id, user.labs, []);
    for (const { topic, ids } of ownLines)
      recordChange(trx, { topic, action: 'deleted', ids, userId: id, actor });
    await recordAudit(trx, {
      at: now(),
      actor,
      action: 'user.deleted',
      target: userTarget(user),
      changes: fieldChanges(accountSnapshot(user), null),
    });
  });
}

/** The ids of a person's staging lines (per kind) and cart lines, by the change topic each list is heard of by. */
async function ownListLines(trx: Executor, userId: number): Promise<{ topic: ChangeTopic; ids: number[] }[]> {
  const lists: { topic: ChangeTopic; ids: number[] }[] = [];
  for (const kind of STOCK_KINDS) {
    const lines = await listStagingLines(trx, kind, userId);
    lists.push({ topic: `${kind}_staging`, ids: lines.map((line) => line.id) });
  }
  const cart = (await listCartLines(trx, userId)).map((line) => line.id);
  return [...lists, { topic: 'cart', ids: cart }];
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
  await writeTransaction(db, async (trx) => {
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
  await writeTransaction(db, async (trx) => {
    await storePasswordHash(trx, user, passwordHash);
    // The account's streams learn that its tokens have ended.
    recordChange(trx, { topic: 'user', action: 'updated', ids: [user.id], userId: user.id });
  });
}
