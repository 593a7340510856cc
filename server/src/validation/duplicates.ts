import { isUniqueViolation } from '../db/errors';
import type { ValidationError } from './errors';

/**
 * Runs a write that a uniqueness pre-check has let through, turning the unique constraint's violation (a race lost
 * to a concurrent request) into the same 400 as the pre-check. One rule for every unique field: a category's name,
 * an account's e-mail, a stock record's identifying fields.
 */
export async function refusingDuplicates<T>(
  duplicate: () => ValidationError,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}
