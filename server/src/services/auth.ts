import type { Config } from '../config';
import { signToken, verifyToken } from '../auth/jwt';
import { recordLoginFailure, resetLoginFailures, secondsUntilUnlocked } from '../auth/loginThrottle';
import { verifyDummyPassword, verifyPassword } from '../auth/passwords';
import type { Db } from '../db';
import { findUserByEmail, findUserById } from '../db/repositories/users';
import { HttpError } from '../http/errors';

export interface AuthContext {
  db: Db;
  config: Config;
  now: Date;
}

export interface LoginResult {
  refresh: string;
  access: string;
  id: number;
  email: string;
}

const badCredentials = () => new HttpError(401, 'No active account found with the given credentials');
const tokenInvalidOrExpired = () =>
  new HttpError(401, 'Token is invalid or expired', { code: 'token_not_valid' });

function accessToken({ config, now }: AuthContext, userId: number): string {
  return signToken(config.jwtSecret, 'access', userId, config.accessTokenLifetimeSeconds, now);
}

/** §2.1: a locked (IP, email) pair is refused before the password is looked at. */
export async function login(
  ctx: AuthContext,
  ip: string,
  email: string,
  password: string,
): Promise<LoginResult> {
  const { db, config, now } = ctx;
  const throttle = { maxFailures: config.loginMaxFailures, lockSeconds: config.loginLockSeconds };
  const retryAfter = await secondsUntilUnlocked(db, throttle, ip, email, now);
  if (retryAfter > 0) {
    throw new HttpError(
      429,
      'Too many failed login attempts. Try again later.',
      {},
      { 'retry-after': String(retryAfter) },
    );
  }

  const user = await findUserByEmail(db, email);
  const valid = user
    ? await verifyPassword(password, user.password_hash)
    : await verifyDummyPassword(password, config.passwordHashCost);
  if (!user || !valid) {
    await recordLoginFailure(db, throttle, ip, email, now);
    throw badCredentials();
  }
  await resetLoginFailures(db, email, ip);
  return {
    refresh: signToken(config.jwtSecret, 'refresh', user.id, config.refreshTokenLifetimeSeconds, now),
    access: accessToken(ctx, user.id),
    id: user.id,
    email: user.email,
  };
}

async function tokenUserExists(
  ctx: AuthContext,
  token: string,
  type: 'access' | 'refresh',
): Promise<number | null> {
  const claims = verifyToken(ctx.config.jwtSecret, token, type, ctx.now);
  if (claims === null) return null;
  return (await findUserById(ctx.db, claims.user_id)) ? claims.user_id : null;
}

export async function refreshAccessToken(ctx: AuthContext, refresh: string): Promise<string> {
  const userId = await tokenUserExists(ctx, refresh, 'refresh');
  if (userId === null) throw tokenInvalidOrExpired();
  return accessToken(ctx, userId);
}

export async function verifyAccessToken(ctx: AuthContext, token: string): Promise<void> {
  if ((await tokenUserExists(ctx, token, 'access')) === null) throw tokenInvalidOrExpired();
}
