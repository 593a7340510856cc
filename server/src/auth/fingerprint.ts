import { createHmac, hkdfSync } from 'node:crypto';
import { normalizeEmail } from '../db/repositories/users';

/** Tells this key apart from any other the server's secret could be used for (the tokens' signing key itself). */
const FINGERPRINT_KEY_INFO = 'labstore sign-in fingerprint';

/**
 * A keyed fingerprint (HMAC-SHA-256, 64 hex digits) of a text typed as an e-mail at sign-in, as the sign-in compares
 * it (trimmed, in lower case). What was typed for an account that does not exist is often a password typed into the
 * wrong field: it is stored nowhere, only this. The same text always gives the same fingerprint, so repeated
 * attempts can be told apart and correlated, but without the server's secret a fingerprint reveals nothing and no
 * guess can be checked against it. The key is derived from JWT_SECRET (HKDF), so a new secret gives new
 * fingerprints.
 */
export function typedEmailFingerprint(secret: string, typed: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, '', FINGERPRINT_KEY_INFO, 32));
  return createHmac('sha256', key).update(normalizeEmail(typed)).digest('hex');
}
