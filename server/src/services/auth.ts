import type { Config } from '../config';
import type { TokenPair } from '../contract/auth';
import { signToken, verifyToken, type TokenClaims, type TokenType } from '../auth/jwt';
import { typedEmailFingerprint } from '../auth/fingerprint';
import { claimLoginAttempt, resetLoginFailures } from '../auth/loginThrottle';
import { hashPassword, hasLowerCost, verifyDummyPassword, verifyPassword } from '../auth/passwords';
import type { Db } from '../db';
import { findUserByEmail, findUserForToken, upgradePasswordHash, type User } from '../db/repositories/users';
import { labsOfUsers } from '../db/repositories/labMemberships';
import type { Viewer } from '../feed/audience';
import { writeTransaction } from '../feed/changeLog';
import { HttpError } from '../http/errors';
import { failedSignIn, recordAudit, type UnknownAccount } from '../audit/entries';

export interface AuthContext {
  db: Db;
  config: Config;
  now: Date;
}

const badCredentials = () => new HttpError(401, 'No active account found with the given credentials');
const tokenInvalidOrExpired = () =>
  new HttpError(401, 'Token is invalid or expired', { code: 'token_not_valid' });

function accessToken({ config, now }: AuthContext, userId: number, tokenVersion: number): string {
  return signToken(config.jwtSecret, 'access', userId, config.accessTokenLifetimeSeconds, {
    now,
    tokenVersion,
  });
}

/** The login throttle's name for the account an attempt tried: its e-mail, or an unknown e-mail's fingerprint. */
const throttledName = (account: User | UnknownAccount): string =>
  'fingerprint' in account ? account.fingerprint : account.email;

/**
 * §2.1: the attempt is counted before the password is looked at, so a locked (IP, email) pair, or one whose
 * allowance concurrent attempts have already taken, is refused without a password check.
 */
export async function login(
  ctx: AuthContext,
  ip: string,
  email: string,
  password: string,
): Promise<TokenPair> {
  const { db, config, now } = ctx;
  const throttle = { maxFailures: config.loginMaxFailures, lockSeconds: config.loginLockSeconds };
  const user = await findUserByEmail(db, email);
  // What was typed for an e-mail no account has is kept nowhere, in the throttle or the audit log: only its
  // fingerprint.
  const account: User | UnknownAccount = user ?? {
    fingerprint: typedEmailFingerprint(config.jwtSecret, email),
  };
  const attempt = await claimLoginAttempt(db, throttle, ip, throttledName(account), now);
  // Refused attempts are not audited: the lock was, once, by the failure that set it.
  if (attempt.retryAfterSeconds > 0) {
    throw new HttpError(
      429,
      'Too many failed login attempts. Try again later.',
      {},
      { 'retry-after': String(attempt.retryAfterSeconds) },
    );
  }

  const valid = user
    ? await verifyPassword(password, user.password_hash)
    : await verifyDummyPassword(password, config.passwordHashCost);
  if (!user || !valid) {
    await auditFailedSignIn(db, { at: now, ip }, account, attempt.failures === throttle.maxFailures);
    throw badCredentials();
  }
  await resetLoginFailures(db, email, ip);
  if (hasLowerCost(user.password_hash, config.passwordHashCost)) {
    const stronger = await hashPassword(password, config.passwordHashCost);
    await upgradePasswordHash(db, user.id, user.password_hash, stronger);
  }
  const tokenVersion = user.token_version;
  return {
    refresh: signToken(config.jwtSecret, 'refresh', user.id, config.refreshTokenLifetimeSeconds, {
      now,
      tokenVersion,
    }),
    access: accessToken(ctx, user.id, tokenVersion),
    id: user.id,
    email: user.email,
  };
}

/**
 * A wrong password or unknown e-mail: one `auth.login_failed` entry, and one `auth.locked_out` when this failure
 * locks the pair. The actor is the account tried, not an authenticated user; no password, nor the text typed for
 * an e-mail no account has, goes in.
 */
async function auditFailedSignIn(
  db: Db,
  { at, ip }: { at: Date; ip: string },
  account: User | UnknownAccount,
  locksThePair: boolean,
): Promise<void> {
  const { actor, target } = failedSignIn(account, ip);
  await writeTransaction(db, async (trx) => {
    await recordAudit(trx, { at, actor, action: 'auth.login_failed', target });
    if (locksThePair) await recordAudit(trx, { at, actor, action: 'auth.locked_out', target });
  });
}

/**
 * The user a valid token of this type names, or null: bad or expired tokens, deleted users, and tokens issued
 * before the user's last password change are all refused alike.
 */
export async function findTokenUser(
  { db, config, now }: AuthContext,
  token: string,
  type: TokenType,
): Promise<{ user: User; claims: TokenClaims } | null> {
  const claims = verifyToken(config.jwtSecret, token, type, now);
  const user = claims && (await findUserForToken(db, claims.user_id, claims.token_version));
  return user ? { user, claims } : null;
}

/**
 * Whom a change-feed stream serves (docs/api.md §27): the account of a valid access token with its role and labs as
 * the database has them now, and when the token expires; null for any token findTokenUser refuses.
 */
export async function feedViewer(
  ctx: AuthContext,
  token: string,
): Promise<{ viewer: Viewer; expiresAt: Date } | null> {
  const found = await findTokenUser(ctx, token, 'access');
  if (found === null) return null;
  const { user, claims } = found;
  const labs = (await labsOfUsers(ctx.db, [user.id])).get(user.id) ?? [];
  return {
    viewer: { userId: user.id, role: user.role, labs: new Map(labs.map((lab) => [lab.location, lab.role])) },
    expiresAt: new Date(claims.exp * 1000),
  };
}

export async function refreshAccessToken(ctx: AuthContext, refresh: string): Promise<string> {
  const found = await findTokenUser(ctx, refresh, 'refresh');
  if (found === null) throw tokenInvalidOrExpired();
  return accessToken(ctx, found.user.id, found.claims.token_version);
}

export async function verifyAccessToken(ctx: AuthContext, token: string): Promise<void> {
  if ((await findTokenUser(ctx, token, 'access')) === null) throw tokenInvalidOrExpired();
}
