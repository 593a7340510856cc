import { generatePassword, hashPassword } from './auth/passwords';
import type { Config } from './config';
import type { Db } from './db';
import { isUniqueViolation } from './db/errors';
import { findUserByEmail, insertUser } from './db/repositories/users';

export interface EnsureAdminResult {
  /** The email of the administrator that was created, or null when nothing was done. */
  createdEmail: string | null;
  /** Set only when the password was generated: it must be shown once, it is stored only as a hash. */
  generatedPassword: string | null;
}

/**
 * §15: when ADMIN_EMAIL is set and no user has that email, create it as a protected superuser. Of several server
 * processes starting at once, one creates it.
 */
export async function ensureAdmin(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'passwordHashCost'>,
): Promise<EnsureAdminResult> {
  const nothing = { createdEmail: null, generatedPassword: null };
  if (config.adminEmail === null || (await findUserByEmail(db, config.adminEmail))) return nothing;
  const generatedPassword = config.adminPassword === null ? generatePassword() : null;
  const password = config.adminPassword ?? generatedPassword ?? '';
  try {
    const user = await insertUser(db, {
      email: config.adminEmail.trim(),
      first_name: 'Admin',
      last_name: 'Admin',
      password_hash: await hashPassword(password, config.passwordHashCost),
      is_superuser: true,
    });
    return { createdEmail: user.email, generatedPassword };
  } catch (error) {
    // Another server process starting at the same time (on another machine) created it first.
    if (isUniqueViolation(error)) return nothing;
    throw error;
  }
}

/** The generated password framed so it stands out in the start-up log. */
export function passwordNotice(email: string, password: string): string {
  const lines = [
    `Created the administrator account ${email}.`,
    `Its generated password (shown only this once): ${password}`,
    'Change it with: npm run account -- set-password --email <email>',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = `+${'-'.repeat(width + 2)}+`;
  return [border, ...lines.map((line) => `| ${line.padEnd(width)} |`), border].join('\n');
}
