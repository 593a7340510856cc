import { lockRowsIfSupported } from '../locking';
import type { Dialect } from '../dialect';
import type { Executor } from '../executor';
import { nextVersion } from '../versions';
import type { UserRole, UserRow } from '../tables';

export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_superuser: boolean;
  role: UserRole;
  created_at: string;
  /** Counts the account's changes as its reads show them (docs/api.md §28); not its password's. */
  version: number;
}

export interface UserWithPassword extends User {
  password_hash: string;
  token_version: number;
}

const publicColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'is_superuser',
  'role',
  'created_at',
  'version',
] as const;

function toUser(row: Pick<UserRow, (typeof publicColumns)[number]>): User {
  return { ...row, is_superuser: Number(row.is_superuser) === 1 };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function listUsers(db: Executor): Promise<User[]> {
  const rows = await db.selectFrom('users').select(publicColumns).orderBy('id').execute();
  return rows.map(toUser);
}

export async function findUserById(db: Executor, id: number): Promise<User | undefined> {
  const row = await db.selectFrom('users').select(publicColumns).where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** Whether the user exists, locking the row until the transaction ends where the engine has row locks. */
export async function lockUser(trx: Executor, dialect: Dialect, id: number): Promise<boolean> {
  const query = trx.selectFrom('users').select('id').where('id', '=', id);
  return (await lockRowsIfSupported(query, dialect).executeTakeFirst()) !== undefined;
}

/** The user a token names, as long as their password has not changed since it was issued (same token version). */
export async function findUserForToken(
  db: Executor,
  id: number,
  tokenVersion: number,
): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .select(publicColumns)
    .where('id', '=', id)
    .where('token_version', '=', tokenVersion)
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserWithPassword | undefined> {
  const row = await db
    .selectFrom('users')
    .select([...publicColumns, 'password_hash', 'token_version'])
    .where('email_lower', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row && { ...toUser(row), password_hash: row.password_hash, token_version: row.token_version };
}

/** True when another user (not `exceptId`) already has this email, compared case-insensitively. */
export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('email_lower', '=', normalizeEmail(email));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface NewUser {
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  is_superuser?: boolean;
  /** The column's default, store_manager, when not given. */
  role?: UserRole;
}

export async function insertUser(db: Executor, user: NewUser): Promise<User> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      email_lower: normalizeEmail(user.email),
      first_name: user.first_name,
      last_name: user.last_name,
      password_hash: user.password_hash,
      is_superuser: user.is_superuser ? 1 : 0,
      ...(user.role !== undefined ? { role: user.role } : {}),
      created_at: new Date().toISOString(),
    })
    .returning(publicColumns)
    .executeTakeFirstOrThrow();
  return toUser(row);
}

export interface UserChanges {
  email?: string;
  first_name?: string;
  last_name?: string;
  role?: UserRole;
}

/** Sets the given fields, the account's version raised with them (db/versions.ts). */
export async function updateUser(db: Executor, id: number, changes: UserChanges): Promise<User | undefined> {
  const values = {
    ...changes,
    ...(changes.email !== undefined ? { email_lower: normalizeEmail(changes.email) } : {}),
  };
  if (Object.keys(values).length === 0) return findUserById(db, id);
  const row = await db
    .updateTable('users')
    .set({ ...values, ...nextVersion(db, 'users', [id]) })
    .where('id', '=', id)
    .returning(publicColumns)
    .executeTakeFirst();
  return row && toUser(row);
}

/** A new password: also moves the token version on, which ends every token issued before. */
export async function changePasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * The same password under a stronger hash: the token version stays. Only replaces `oldHash`, so a password
 * changed meanwhile is never overwritten by a rehash of the old one.
 */
export async function upgradePasswordHash(
  db: Executor,
  id: number,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', id)
    .where('password_hash', '=', oldHash)
    .execute();
}

export async function deleteUser(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
