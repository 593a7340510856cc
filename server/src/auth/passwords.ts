import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELIZATION = 1;

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, { N, r, p }: ScryptCost): Promise<Buffer> {
  // What OpenSSL allocates, 128 * r * (N + p + 2) bytes (128 MiB at the default N = 2^17, r = 8), is above Node's
  // 32 MiB default limit, so the limit is raised to exactly that.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * r * (N + p + 2) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function parseHash(stored: string): (ScryptCost & { salt: string; hash: string }) | null {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || hash === undefined) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt, hash };
}

/** Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can change without breaking old hashes. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: cost, r: BLOCK_SIZE, p: PARALLELIZATION });
  return [
    'scrypt',
    cost,
    BLOCK_SIZE,
    PARALLELIZATION,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (parsed === null) return false;
  const expected = Buffer.from(parsed.hash, 'base64url');
  const key = await derive(password, Buffer.from(parsed.salt, 'base64url'), parsed);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash was made with a lower cost than `cost`: it is replaced at the next successful sign-in. */
export function hasLowerCost(stored: string, cost: number): boolean {
  const parsed = parseHash(stored);
  return parsed === null || parsed.N < cost;
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same time as checking a real password, for logins with an unknown email,
 * so response times do not reveal which accounts exist. Always false.
 */
export async function verifyDummyPassword(password: string, cost: number): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (dummy === undefined) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, dummy);
  }
  await verifyPassword(password, await dummy);
  return false;
}

/** A strong password people can still type: 24 characters from an unambiguous alphabet (about 140 bits). */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from({ length: 24 }, () => alphabet[randomInt(alphabet.length)]).join('');
}
