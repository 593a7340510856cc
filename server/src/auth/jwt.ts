import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

export type TokenType = 'access' | 'refresh';

export interface TokenClaims {
  token_type: TokenType;
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
  /** The user's token_version when the token was issued (absent in tokens from before versions: 0). */
  token_version: number;
}

const ALGORITHM = 'HS256';

export interface SignOptions {
  now?: Date;
  tokenVersion?: number;
}

export function signToken(
  secret: string,
  tokenType: TokenType,
  userId: number,
  lifetimeSeconds: number,
  { now = new Date(), tokenVersion = 0 }: SignOptions = {},
): string {
  const sign = createSigner({
    key: secret,
    algorithm: ALGORITHM,
    clockTimestamp: now.getTime(),
    expiresIn: lifetimeSeconds * 1000,
    jti: randomUUID().replaceAll('-', ''),
  });
  return sign({ token_type: tokenType, user_id: userId, token_version: tokenVersion });
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
  // fast-jwt has checked the signature, the algorithm and exp (required, a number, in the future).
  const { token_type, exp, iat, jti, user_id, token_version = 0 } = claims;
  const valid =
    token_type === expectedType &&
    Number.isSafeInteger(user_id) &&
    Number.isSafeInteger(token_version) &&
    typeof iat === 'number' &&
    typeof jti === 'string';
  return valid ? ({ token_type, exp, iat, jti, user_id, token_version } as TokenClaims) : null;
}
