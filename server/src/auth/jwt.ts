import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
}

const ALGORITHM = 'HS256';

export function signToken(
  secret: string,
  tokenType: TokenType,
  userId: number,
  lifetimeSeconds: number,
  now: Date = new Date(),
): string {
  const sign = createSigner({
    key: secret,
    algorithm: ALGORITHM,
    clockTimestamp: now.getTime(),
    expiresIn: lifetimeSeconds * 1000,
    jti: randomUUID().replaceAll('-', ''),
  });
  return sign({ token_type: tokenType, user_id: userId });
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
  // A verifier per call: the app's clock (moved by tests) decides expiry, and creating one costs microseconds.
  const verify = createVerifier({
    key: secret,
    algorithms: [ALGORITHM],
    clockTimestamp: now.getTime(),
    requiredClaims: ['exp', 'iat', 'jti'],
  });
  let claims: Record<string, unknown>;
  try {
    claims = verify(token) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof TokenError) return null;
    throw error;
  }
  const { token_type, exp, iat, jti, user_id } = claims;
  if (token_type !== expectedType) return null;
  if (typeof user_id !== 'number' || !Number.isSafeInteger(user_id)) return null;
  if (typeof exp !== 'number' || typeof iat !== 'number' || typeof jti !== 'string') return null;
  return { token_type: expectedType, exp, iat, jti, user_id };
}
