import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function signature(signingInput: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

export function signToken(
  secret: string,
  tokenType: TokenType,
  userId: number,
  lifetimeSeconds: number,
  now: Date = new Date(),
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: TokenClaims = {
    token_type: tokenType,
    exp: iat + lifetimeSeconds,
    iat,
    jti: randomUUID().replaceAll('-', ''),
    user_id: userId,
  };
  const signingInput = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${signature(signingInput, secret).toString('base64url')}`;
}

/**
 * Returns the claims of a well-formed, correctly signed, unexpired token of the expected type, else null.
 * Why a token failed is deliberately not reported: clients get one message for every failure.
 */
export function verifyToken(
  secret: string,
  token: string,
  expectedType: TokenType,
  now: Date = new Date(),
): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, givenSignature] = parts;
  const expected = signature(`${header}.${payload}`, secret);
  const given = Buffer.from(givenSignature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const headerClaims = parseJsonObject(header);
  if (headerClaims?.alg !== 'HS256') return null;
  const claims = parseJsonObject(payload);
  if (claims === null) return null;
  const { token_type, exp, iat, jti, user_id } = claims;
  if (token_type !== expectedType) return null;
  if (typeof exp !== 'number' || exp <= now.getTime() / 1000) return null;
  if (typeof user_id !== 'number' || !Number.isSafeInteger(user_id)) return null;
  if (typeof iat !== 'number' || typeof jti !== 'string') return null;
  return { token_type: expectedType, exp, iat, jti, user_id };
}

function parseJsonObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
