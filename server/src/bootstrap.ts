import { generatePassword, hashPassword } from './auth/passwords';
import type { Config } from './config';
import type { Db } from './db';
import { isUniqueViolation } from './db/errors';
import { findSetting, insertSettingIfMissing, latestChargeCurrency } from './db/repositories/settings';
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

/**
 * The currency the database's amounts (unit prices, charges) are written in, remembered at the first start: the
 * currency of its charges when it has some from before this was remembered, else CURRENCY. A start with another
 * CURRENCY throws, naming both: amounts are stored as numbers, so going on would relabel every price and charge
 * (12.50 EUR read as 12.50 USD) rather than convert it. Of several processes starting at once, the first one's stays.
 */
export async function ensureStoredCurrency(db: Db, config: Pick<Config, 'currency'>): Promise<void> {
  if ((await findSetting(db, CURRENCY_SETTING)) === undefined)
    await insertSettingIfMissing(db, CURRENCY_SETTING, (await latestChargeCurrency(db)) ?? config.currency);
  const stored = (await findSetting(db, CURRENCY_SETTING))!;
  if (stored !== config.currency) throw new StartRefused(currencyMismatch(stored, config.currency));
}

/** A start refused for a reason the operator fixes in the configuration: its message is all they need to read. */
export class StartRefused extends Error {}

const CURRENCY_SETTING = 'currency';

export const currencyMismatch = (stored: string, configured: string): string =>
  `CURRENCY is ${configured}, but this database's prices and charges are in ${stored}. Start with CURRENCY=${stored}: ` +
  'changing CURRENCY does not convert stored amounts, it would only relabel them.';
